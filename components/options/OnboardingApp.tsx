/**
 * First run (opened by the background on install): what the extension does, what it sends and when, and the
 * first steps — the API address (validated, its host permission asked for) and the key, both tested for free —
 * or in demo builds the local sandbox. The address and key forms are the options page's own components.
 */
import { useState } from 'react';
import { browser } from 'wxt/browser';
import { Button, Chip, ErrorState, Icon, type IconName, Skeleton, useBusyAction } from '@/components/ui';
import { ApiBaseUrlSection } from './ApiBaseUrlSection';
import { ApiKeyForm } from './ApiKeyForm';
import { apiAddressUnset, IS_DEMO_BUILD, IS_LOCAL_SANDBOX_BUILD, DEMO_SANDBOX_URL } from '@/components/shared/build';
import { CountrySection } from './CountrySection';
import { DataUse } from './DataUse';
import { ProviderHelp } from './ProviderHelp';
import { PROVIDER } from './provider';
import { connectDemoSandbox } from '@/components/shared/demo-sandbox';
import { TryDemo } from './onboarding/TryDemo';
import './onboarding/onboarding.css';
import { useSettings } from '@/components/shared/use-settings';
import { type MessageKey, t } from '@/lib/i18n/t';

/** What the extension does, as listed on the welcome page. */
const FEATURES = [
  ['search', 'options_onb_feature_find'],
  ['user', 'options_onb_feature_enrich'],
  ['mail', 'options_onb_feature_verify'],
  ['users', 'options_onb_feature_bulk'],
  ['coins', 'options_onb_feature_price'],
] as const satisfies readonly (readonly [IconName, MessageKey])[];

/** The side panel's keyboard shortcut (wxt.config.ts `commands`); key names as printed on the keys. */
const SHORTCUT = ['Alt', 'Shift', 'E'];

export function OnboardingApp() {
  const { state, reload, update } = useSettings();
  const [demo, setDemo] = useState(false);
  const { busy, error, run: connectSandbox } = useBusyAction(async () => {
    await connectDemoSandbox();
    setDemo(true);
    await reload();
  });

  return (
    <div className="onb">
      <header className="onb-hero">
        <img src="/icon/96.png" alt="" width={56} height={56} />
        <div>
          <h1 className="onb-hero__title">{t('options_onb_welcome', t('ext_name'))}</h1>
          <p className="onb-hero__sub">{t('options_onb_sub')}</p>
        </div>
      </header>
      <main className="onb-main">
        <section className="onb-card" aria-labelledby="onb-what">
          <h2 className="onb-card__title" id="onb-what">
            {t('options_onb_what')}
          </h2>
          <ul className="onb-features">
            {FEATURES.map(([icon, text]) => (
              <li key={text}>
                <Icon name={icon} size={16} /> {t(text)}
              </li>
            ))}
          </ul>
        </section>

        <section className="onb-card" aria-labelledby="onb-data">
          <h2 className="onb-card__title" id="onb-data">
            {t('options_onb_sends')}
          </h2>
          {state.status === 'ready' ? (
            <DataUse apiBaseUrl={state.settings.apiBaseUrl} titled={false} />
          ) : (
            <Skeleton height={80} />
          )}
        </section>

        <TryDemo />

        <section className="onb-card" aria-labelledby="onb-start">
          <h2 className="onb-card__title" id="onb-start">
            {t('options_onb_start')}
          </h2>
          {state.status === 'loading' && <Skeleton height={60} />}
          {state.status === 'error' && <ErrorState error={state.error} onRetry={() => void reload()} />}
          {state.status === 'ready' && (
            <div className="onb-start">
              {state.key.present && (
                <div className="onb-ready" role="status">
                  <Chip tone="success" icon="check">
                    {demo ? t('options_onb_connected_demo') : t('options_onb_ready')}
                  </Chip>
                  <p>
                    {demo ? (
                      <>{t('options_onb_demo_ready', DEMO_SANDBOX_URL, 'npm run sandbox')}</>
                    ) : (
                      <>{t('options_onb_key_saved')} </>
                    )}{' '}
                    {t('options_onb_open_page')}{' '}
                    {SHORTCUT.map((key, i) => (
                      <span key={key}>
                        {i > 0 && '+'}
                        <kbd>{key}</kbd>
                      </span>
                    ))}{' '}
                    {t('options_onb_for_panel')}
                  </p>
                </div>
              )}
              {!demo && (
                <div className="onb-choice">
                  <div className="onb-choice__key">
                    {/* Where the key comes from: the build's provider, or what to ask one for (not in demo or test builds). */}
                    {!state.key.present && (PROVIDER !== null || (!IS_DEMO_BUILD && !IS_LOCAL_SANDBOX_BUILD)) && <ProviderHelp />}
                    <ApiBaseUrlSection settings={state.settings} update={update} title={t('options_onb_step_address')} keyPresent={state.key.present} />
                    <h2 className="opt-subtitle onb-step">
                      {state.key.present ? t('options_onb_step_change_key') : t('options_onb_step_key')}
                    </h2>
                    {apiAddressUnset(state.settings.apiBaseUrl) && (
                      <p className="opt-note" data-testid="onb-address-first">
                        {t('options_onb_address_first')}
                      </p>
                    )}
                    <ApiKeyForm keyInfo={state.key} apiBaseUrl={state.settings.apiBaseUrl} onChanged={() => void reload()} allowRemove={false} />
                  </div>
                  {IS_DEMO_BUILD && (
                    <div className="onb-choice__demo">
                      <h3 className="opt-subtitle">{t('options_onb_try_demo')}</h3>
                      <p className="opt-note">
                        {t('options_onb_demo_explained', DEMO_SANDBOX_URL)}
                      </p>
                      <Button icon="sparkles" onClick={() => void connectSandbox()} loading={busy}>
                        {t('common_use_demo_sandbox')}
                      </Button>
                      {error && <ErrorState error={error} compact />}
                    </div>
                  )}
                </div>
              )}
              {/* Numbers written without a country code: the browser's region until the user says otherwise. The third
                  step after the address and the key; on its own (unnumbered) once the demo sandbox replaced those. */}
              <CountrySection settings={state.settings} update={update} title={demo ? t('options_country_title') : t('options_onb_step_country')} />
            </div>
          )}
        </section>
      </main>
      <footer className="onb-footer">
        <Button variant="ghost" icon="settings" onClick={() => void browser.runtime.openOptionsPage()}>
          {t('options_onb_all_settings')}
        </Button>
      </footer>
    </div>
  );
}
