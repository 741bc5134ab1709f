import { browser } from 'wxt/browser';
import { Button, EmptyState, ErrorState, useBusyAction } from '@/components/ui';
import { DEFAULT_API_BASE_URL } from '@/lib/settings/schema';
import { useAccount } from './account';
import { request } from '@/components/shared/hooks';
import { IS_DEMO_BUILD, IS_LOCAL_SANDBOX_BUILD } from '@/components/shared/build';
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
 * ways forward: settings, or a try with no account. Builds made for the local sandbox (demo and test builds)
 * offer its demo key when the extension points at it; any other build (a store build, whose stand-in address is
 * the sandbox's but which no store user runs) offers demo mode inside the extension.
 */
export function NoKeyState({ what }: { what: string }) {
  const account = useAccount();
  const sandboxBuild = IS_DEMO_BUILD || IS_LOCAL_SANDBOX_BUILD;
  const canDemo = sandboxBuild && pointsAtLocalSandbox(account.settings?.apiBaseUrl ?? DEFAULT_API_BASE_URL);

  const { busy, error, run: startDemo } = useBusyAction(async () => {
    if (canDemo) await request('key/set', { key: DEMO_KEY });
    else await request('demo/start', {});
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
            <Button icon="sparkles" loading={busy} onClick={() => void startDemo()} data-testid="no-key-demo">
              {canDemo ? t('sidepanel_nokey_use_demo') : t('demo_try_start')}
            </Button>
          </>
        }
      >
        <p>{t('sidepanel_nokey_needs_key', what)}</p>
        <p>{t('sidepanel_nokey_scan_free')}</p>
        <p>{canDemo ? t('sidepanel_nokey_demo_hint') : t('demo_try_explained')}</p>
      </EmptyState>
      {error && <ErrorState error={error} compact />}
    </div>
  );
}
