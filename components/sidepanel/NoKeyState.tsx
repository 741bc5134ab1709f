import { browser } from 'wxt/browser';
import { Button, EmptyState, ErrorState, useBusyAction } from '@/components/ui';
import { DEFAULT_API_BASE_URL } from '@/lib/settings/schema';
import { useAccount } from './account';
import { request } from '@/components/shared/hooks';
import { t } from '@/lib/i18n/t';

/** The demo sandbox's standard key (documented in the README; it only works against the local sandbox). */
const DEMO_KEY = 'test-standard';

function pointsAtLocalSandbox(apiBaseUrl: string | undefined): boolean {
  if (!apiBaseUrl) return false;
  try {
    const host = new URL(apiBaseUrl).hostname;
    return host === '127.0.0.1' || host === 'localhost';
  } catch {
    return false;
  }
}

/**
 * Onboarding in place of a view when there is no API key: what the panel does, what needs a key, and the two
 * ways forward (settings, or the local demo sandbox when the extension points at it).
 */
export function NoKeyState({ what }: { what: string }) {
  const account = useAccount();
  const canDemo = pointsAtLocalSandbox(account.settings?.apiBaseUrl ?? DEFAULT_API_BASE_URL);

  const { busy, error, run: startDemo } = useBusyAction(async () => {
    await request('key/set', { key: DEMO_KEY });
    account.reload();
  });

  return (
    <div className="sp-nokey" data-testid="no-key">
      <EmptyState
        icon="key"
        title={t('sidepanel_nokey_title')}
        actions={
          <>
            <Button variant="primary" icon="settings" onClick={() => void browser.runtime.openOptionsPage()}>
              {t('sidepanel_nokey_open_settings')}
            </Button>
            {canDemo && (
              <Button icon="sparkles" loading={busy} onClick={() => void startDemo()}>
                {t('sidepanel_nokey_use_demo')}
              </Button>
            )}
          </>
        }
      >
        <p>{t('sidepanel_nokey_needs_key', what)}</p>
        <p>{t('sidepanel_nokey_scan_free')}</p>
        {canDemo && <p>{t('sidepanel_nokey_demo_hint')}</p>}
      </EmptyState>
      {error && <ErrorState error={error} compact />}
    </div>
  );
}
