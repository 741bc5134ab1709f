/** The options page: one column of sections, each saving on its own, with a table of contents. */
import { ErrorState, Icon, Section, Skeleton } from '@/components/ui';
import { ApiBaseUrlSection } from './ApiBaseUrlSection';
import { ApiKeyForm } from './ApiKeyForm';
import { BudgetSection } from './BudgetSection';
import { CacheSection } from './CacheSection';
import { LookupDefaultsSection } from './LookupDefaultsSection';
import { PrivacySection } from './PrivacySection';
import { TransferSection } from './TransferSection';
import { useSettings } from './use-settings';

const CONTENTS = [
  ['key', 'API key'],
  ['address', 'API address'],
  ['defaults', 'Lookup defaults'],
  ['privacy', 'Privacy'],
  ['cache', 'Cache'],
  ['budget', 'Daily budget'],
  ['transfer', 'Export and import'],
] as const;

export function OptionsApp() {
  const { state, reload, update } = useSettings();
  return (
    <div className="opt-page">
      <header className="opt-header">
        <img className="opt-header__logo" src="/icon/48.png" alt="" width={28} height={28} />
        <div>
          <h1 className="opt-header__title">In-Page Enrich settings</h1>
          <p className="opt-header__sub ui-muted">Changes are saved as you make them, section by section.</p>
        </div>
      </header>
      <nav className="opt-toc" aria-label="Settings sections">
        <ul>
          {CONTENTS.map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`}>{label}</a>
            </li>
          ))}
        </ul>
      </nav>
      <main className="opt-main" aria-busy={state.status === 'loading' || undefined}>
        {state.status === 'loading' && <LoadingSections />}
        {state.status === 'error' && <ErrorState error={state.error} onRetry={() => void reload()} />}
        {state.status === 'ready' && (
          <>
            <div id="key" className="opt-anchor">
              <Section title="API key" headingLevel={2}>
                <ApiKeyForm keyInfo={state.key} onChanged={() => void reload()} />
              </Section>
            </div>
            <div id="address" className="opt-anchor">
              <ApiBaseUrlSection settings={state.settings} update={update} />
            </div>
            <div id="defaults" className="opt-anchor">
              <LookupDefaultsSection settings={state.settings} update={update} />
            </div>
            <div id="privacy" className="opt-anchor">
              <PrivacySection settings={state.settings} update={update} />
            </div>
            <div id="cache" className="opt-anchor">
              <CacheSection settings={state.settings} update={update} />
            </div>
            <div id="budget" className="opt-anchor">
              <BudgetSection settings={state.settings} update={update} />
            </div>
            <div id="transfer" className="opt-anchor">
              <TransferSection settings={state.settings} onKeyChanged={() => void reload()} />
            </div>
          </>
        )}
      </main>
      <footer className="opt-footer ui-subtle">
        <Icon name="shield" size={13} /> Your key and results stay in this browser. Nothing is sent until you ask for
        a lookup.
      </footer>
    </div>
  );
}

function LoadingSections() {
  return (
    <div className="opt-loading" aria-label="Loading settings">
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
