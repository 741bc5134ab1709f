/** The options page: one column of sections, each saving on its own, with a table of contents. */
import type { ReactNode } from 'react';
import { ErrorState, Icon, Section, Skeleton } from '@/components/ui';
import { ApiBaseUrlSection } from './ApiBaseUrlSection';
import { ApiKeyForm } from './ApiKeyForm';
import { ProviderHelp } from './ProviderHelp';
import { PROVIDER } from './provider';
import { apiAddressUnset, BUILD_HAS_NO_ADDRESS } from '@/components/shared/build';
import { BudgetSection } from './BudgetSection';
import { HubKeyNote, HubSection } from './HubSection';
import { CacheSection } from './CacheSection';
import { CountrySection } from './CountrySection';
import { LookupDefaultsSection } from './LookupDefaultsSection';
import { PrivacySection } from './PrivacySection';
import { TransferSection } from './TransferSection';
import { useSettings } from '@/components/shared/use-settings';
import { type MessageKey, t } from '@/lib/i18n/t';

const CONTENTS = [
  ['key', 'options_api_key'],
  ['address', 'options_api_address'],
  ['hub', 'hub_options_title'],
  ['defaults', 'options_defaults_title'],
  ['country', 'options_country_title'],
  ['privacy', 'options_privacy_title'],
  ['cache', 'options_cache_title'],
  ['budget', 'options_budget_title'],
  ['transfer', 'options_transfer_title'],
] as const satisfies readonly (readonly [string, MessageKey])[];

type SectionId = (typeof CONTENTS)[number][0];

/** The sections in the order of the contents, each under its anchor. */
function AnchoredSections({ sections }: { sections: Record<SectionId, ReactNode> }) {
  return (
    <>
      {CONTENTS.map(([id]) => (
        <div key={id} id={id} className="opt-anchor">
          {sections[id]}
        </div>
      ))}
    </>
  );
}

export function OptionsApp() {
  const { state, reload, update } = useSettings();
  return (
    <div className="opt-page">
      <header className="opt-header">
        <img className="opt-header__logo" src="/icon/48.png" alt="" width={28} height={28} />
        <div>
          <h1 className="opt-header__title">{t('options_page_title', t('ext_name'))}</h1>
          <p className="opt-header__sub ui-muted">{t('options_page_sub')}</p>
        </div>
      </header>
      <nav className="opt-toc" aria-label={t('options_sections')}>
        <ul>
          {CONTENTS.map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`}>{t(label)}</a>
            </li>
          ))}
        </ul>
      </nav>
      <main className="opt-main" aria-busy={state.status === 'loading' || undefined}>
        {state.status === 'loading' && <LoadingSections />}
        {state.status === 'error' && <ErrorState error={state.error} onRetry={() => void reload()} />}
        {state.status === 'ready' && (
          <AnchoredSections
            sections={{
              key: (
                <Section title={t('options_api_key')} headingLevel={2}>
                  {/* Onboarding's words: the options page let a key be tested against an address not set yet. */}
                  {apiAddressUnset(state.settings.apiBaseUrl) && (
                    <p className="opt-note opt-note--lead" data-testid="options-address-first">
                      {t('options_onb_address_first')}
                    </p>
                  )}
                  {(PROVIDER !== null || BUILD_HAS_NO_ADDRESS) && <ProviderHelp />}
                  <HubKeyNote apiBaseUrl={state.settings.apiBaseUrl} keyHint={state.key.hint} />
                  <ApiKeyForm keyInfo={state.key} apiBaseUrl={state.settings.apiBaseUrl} onChanged={() => void reload()} />
                </Section>
              ),
              address: <ApiBaseUrlSection settings={state.settings} update={update} keyPresent={state.key.present} />,
              hub: <HubSection apiBaseUrl={state.settings.apiBaseUrl} keyHint={state.key.hint} onChanged={() => void reload()} />,
              defaults: <LookupDefaultsSection settings={state.settings} update={update} />,
              country: <CountrySection settings={state.settings} update={update} />,
              privacy: <PrivacySection settings={state.settings} update={update} />,
              cache: <CacheSection settings={state.settings} update={update} />,
              budget: <BudgetSection settings={state.settings} update={update} />,
              transfer: <TransferSection settings={state.settings} onKeyChanged={() => void reload()} />,
            }}
          />
        )}
      </main>
      <footer className="opt-footer ui-subtle">
        <Icon name="shield" size={13} /> {t('options_footer')}
      </footer>
    </div>
  );
}

function LoadingSections() {
  return (
    <div className="opt-loading" aria-label={t('options_loading')}>
      {[0, 1, 2].map((i) => (
        <div key={i} className="opt-loading__block">
          <Skeleton width={160} height={16} />
          <Skeleton height={30} />
          <Skeleton width="60%" height={12} />
        </div>
      ))}
    </div>
  );
}
