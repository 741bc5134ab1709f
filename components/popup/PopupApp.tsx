/**
 * The toolbar popup: look up a person or company (opens the side panel on it), verify an email, see today's credits and the queue, open the side panel for this tab.
 * Without a key it says so and points to the settings.
 */
import { useCallback, useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { Button, ErrorState, IconButton, Skeleton } from '@/components/ui';
import { useSettings } from '@/components/shared/use-settings';
import { EmailVerifier } from './EmailVerifier';
import { NoKey } from './NoKey';
import { openSidePanel } from './open-side-panel';
import { PopupLookup } from './PopupLookup';
import { RecentVerifications } from './RecentVerifications';
import { StatusBar } from './StatusBar';
import { t } from '@/lib/i18n/t';

export function PopupApp() {
  const { state, reload } = useSettings();
  const [revision, setRevision] = useState(0);
  const [prefill, setPrefill] = useState<{ email: string; nonce: number } | null>(null);
  const [tabId, setTabId] = useState<number | null>(null);
  const [panelError, setPanelError] = useState<string | null>(null);

  // Known before the click, so opening the panel needs no await inside the gesture.
  useEffect(() => {
    browser.tabs.query({ active: true, currentWindow: true }).then(
      ([tab]) => setTabId(tab?.id ?? null),
      () => setTabId(null),
    );
  }, []);

  const verified = useCallback(() => setRevision((r) => r + 1), []);

  const openPanel = () => {
    setPanelError(null);
    openSidePanel(tabId).then(
      () => window.close(),
      (e: unknown) => setPanelError(e instanceof Error ? e.message : String(e)),
    );
  };

  return (
    <div className="pop">
      <header className="pop-header">
        <img src="/icon/32.png" alt="" width={20} height={20} />
        <h1 className="pop-header__title">{t('ext_name')}</h1>
        <IconButton icon="settings" label={t('common_open_settings')} onClick={() => void browser.runtime.openOptionsPage()} />
      </header>
      <main className="pop-main">
        {state.status === 'loading' && (
          <div className="pop-loading" aria-label={t('common_loading')}>
            <Skeleton height={14} width={120} />
            <Skeleton height={30} />
          </div>
        )}
        {state.status === 'error' && <ErrorState error={state.error} compact onRetry={() => void reload()} />}
        {state.status === 'ready' && !state.key.present && <NoKey onConnected={() => void reload()} />}
        {state.status === 'ready' && state.key.present && (
          <>
            <PopupLookup settings={state.settings} tabId={tabId} />
            <EmailVerifier onVerified={verified} prefill={prefill} />
            <RecentVerifications revision={revision} onPick={(email) => setPrefill({ email, nonce: Date.now() })} />
          </>
        )}
        <div className="pop-panel">
          <Button block icon="layers" onClick={openPanel}>
            {t('popup_open_side_panel')}
          </Button>
          {panelError && (
            <p className="pop-help pop-help--error" role="alert">
              {t('popup_could_not_open_panel', panelError)}
            </p>
          )}
        </div>
      </main>
      <footer className="pop-footer">
        <StatusBar revision={revision} />
      </footer>
    </div>
  );
}
