import { t } from '@/lib/i18n/t';
import { useDemoMode } from './use-demo-mode';

/** On every surface while demo mode is on: nobody mistakes demo answers and demo credits for real ones. */
export function DemoBanner() {
  const { on } = useDemoMode();
  if (!on) return null;
  return (
    <div role="status" data-testid="demo-banner" style={{ background: '#fff4d6', borderBottom: '1px solid #e0c36a', color: '#5a4500', padding: '6px 12px', font: '13px/1.4 system-ui, sans-serif' }}>
      {t('demo_banner')}
    </div>
  );
}
