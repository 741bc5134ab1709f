/** The popup without an API key: what is missing, where to add it, and (demo builds) the one-click sandbox. */
import { browser } from 'wxt/browser';
import { Button, EmptyState, ErrorState, useBusyAction } from '@/components/ui';
import { IS_DEMO_BUILD } from '@/components/shared/build';
import { connectDemoSandbox } from '@/components/shared/demo-sandbox';
import { t } from '@/lib/i18n/t';

export function NoKey({ onConnected }: { onConnected: () => void }) {
  const { busy, error, run: connectSandbox } = useBusyAction(async () => {
    await connectDemoSandbox();
    onConnected();
  });

  return (
    <div className="pop-nokey">
      <EmptyState
        icon="key"
        title={t('popup_add_key_title')}
        actions={
          <>
            <Button variant="primary" icon="settings" onClick={() => void browser.runtime.openOptionsPage()}>
              {t('common_open_settings')}
            </Button>
            {IS_DEMO_BUILD && (
              <Button icon="sparkles" onClick={() => void connectSandbox()} loading={busy}>
                {t('common_use_demo_sandbox')}
              </Button>
            )}
          </>
        }
      >
        <p>{t('popup_nokey_explained')}</p>
        {IS_DEMO_BUILD && <p>{t('popup_nokey_demo')}</p>}
      </EmptyState>
      {error && <ErrorState error={error} compact />}
    </div>
  );
}
