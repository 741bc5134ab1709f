/**
 * First run (opened by the background on install): what the extension does, what it sends and when, and the
 * first steps — the API address (validated, its host permission asked for) and the key, both tested for free —
 * or in demo builds the local sandbox. The address and key forms are the options page's own components.
 */
import { useState } from 'react';
import { browser } from 'wxt/browser';
import { Button, Chip, ErrorState, Icon, Skeleton } from '@/components/ui';
import type { ErrorData } from '@/lib/messaging/protocol';
import { ApiBaseUrlSection } from './ApiBaseUrlSection';
import { ApiKeyForm } from './ApiKeyForm';
import { IS_DEMO_BUILD, DEFAULT_API_BASE_URL, DEMO_SANDBOX_URL } from './build';
import { DataUse } from './DataUse';
import { connectDemoSandbox } from './demo-sandbox';
import { API_BASE_URL_PLACEHOLDER, needsApiAddress } from './onboarding/first-run';
import './onboarding/onboarding.css';
import { toErrorData, useSettings } from './use-settings';

const BUILD = { isDemoBuild: IS_DEMO_BUILD, defaultApiBaseUrl: DEFAULT_API_BASE_URL };

export function OnboardingApp() {
  const { state, reload, update } = useSettings();
  const [busy, setBusy] = useState(false);
  const [demo, setDemo] = useState(false);
  const [error, setError] = useState<ErrorData | null>(null);

  async function connectSandbox() {
    setBusy(true);
    setError(null);
    try {
      await connectDemoSandbox();
      setDemo(true);
      await reload();
    } catch (e) {
      setError(toErrorData(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="onb">
      <header className="onb-hero">
        <img src="/icon/96.png" alt="" width={56} height={56} />
        <div>
          <h1 className="onb-hero__title">Welcome to In-Page Enrich</h1>
          <p className="onb-hero__sub">Turn the page you are reading into enriched contacts and companies.</p>
        </div>
      </header>
      <main className="onb-main">
        <section className="onb-card" aria-labelledby="onb-what">
          <h2 className="onb-card__title" id="onb-what">
            What it does
          </h2>
          <ul className="onb-features">
            <li>
              <Icon name="search" size={16} /> Finds emails, phone numbers, profile links and company websites on the
              page you are looking at, when you ask.
            </li>
            <li>
              <Icon name="user" size={16} /> Enriches a person or a company in the side panel: job, history, contact
              details, funding, technologies, lookalikes.
            </li>
            <li>
              <Icon name="mail" size={16} /> Verifies an email from the toolbar button before you send.
            </li>
            <li>
              <Icon name="users" size={16} /> Enriches a whole list at once and exports it as CSV.
            </li>
            <li>
              <Icon name="coins" size={16} /> Shows the price of every lookup before you click, and never charges you
              twice for the same answer.
            </li>
          </ul>
        </section>

        <section className="onb-card" aria-labelledby="onb-data">
          <h2 className="onb-card__title" id="onb-data">
            What it sends, and when
          </h2>
          {state.status === 'ready' ? (
            <DataUse apiBaseUrl={state.settings.apiBaseUrl} titled={false} />
          ) : (
            <Skeleton height={80} />
          )}
        </section>

        <section className="onb-card" aria-labelledby="onb-start">
          <h2 className="onb-card__title" id="onb-start">
            Get started
          </h2>
          {state.status === 'loading' && <Skeleton height={60} />}
          {state.status === 'error' && <ErrorState error={state.error} onRetry={() => void reload()} />}
          {state.status === 'ready' && (
            <div className="onb-start">
              {state.key.present && (
                <div className="onb-ready" role="status">
                  <Chip tone="success" icon="check">
                    {demo ? 'Connected to the demo sandbox' : 'Ready'}
                  </Chip>
                  <p>
                    {demo ? (
                      <>
                        Lookups go to <span className="ui-mono">{DEMO_SANDBOX_URL}</span> with the demo key. Start it
                        with <span className="ui-mono">npm run sandbox</span> and open its demo pages.
                      </>
                    ) : (
                      <>Your key is saved. </>
                    )}{' '}
                    Open any page, then click the toolbar button or press <kbd>Alt</kbd>+<kbd>Shift</kbd>+<kbd>E</kbd>{' '}
                    for the side panel.
                  </p>
                </div>
              )}
              {!demo && (
                <div className="onb-choice">
                  <div className="onb-choice__key">
                    <ApiBaseUrlSection
                      settings={state.settings}
                      update={update}
                      startEmpty={needsApiAddress(BUILD, state.settings.apiBaseUrl)}
                      placeholder={API_BASE_URL_PLACEHOLDER}
                      title="1 · Your API address"
                    />
                    <h2 className="opt-subtitle onb-step">
                      {state.key.present ? '2 · Change your API key' : '2 · Your API key'}
                    </h2>
                    {needsApiAddress(BUILD, state.settings.apiBaseUrl) && (
                      <p className="opt-note" data-testid="onb-address-first">
                        Save the API address first: the key is tested against it, and sent nowhere else.
                      </p>
                    )}
                    <ApiKeyForm keyInfo={state.key} onChanged={() => void reload()} allowRemove={false} />
                  </div>
                  {IS_DEMO_BUILD && (
                    <div className="onb-choice__demo">
                      <h3 className="opt-subtitle">Or try it without an account</h3>
                      <p className="opt-note">
                        Points the extension at the local demo sandbox ({DEMO_SANDBOX_URL}) with its demo key. No
                        real data, no real credits.
                      </p>
                      <Button icon="sparkles" onClick={() => void connectSandbox()} loading={busy}>
                        Use the demo sandbox
                      </Button>
                      {error && <ErrorState error={error} compact />}
                    </div>
                  )}
                </div>
              )}
            </div>
          )}
        </section>
      </main>
      <footer className="onb-footer">
        <Button variant="ghost" icon="settings" onClick={() => void browser.runtime.openOptionsPage()}>
          All settings: privacy, defaults, budget
        </Button>
      </footer>
    </div>
  );
}
