/**
 * "Your country": where numbers written without a country code are read (lib/identity/region.ts decides, this only
 * shows and saves the choice). Not chosen, the browser's region is used and the list says so. Saved at once.
 */
import { useMemo, useState } from 'react';
import { ErrorState, Section, Select } from '@/components/ui';
import type { ErrorData } from '@/lib/model/errors';
import type { Settings, SettingsPatch } from '@/lib/settings/schema';
import { countryChoices, regionOfLocale } from '@/lib/identity/region';
import { type Status, StatusLine } from './fields';
import { toErrorData } from '@/components/shared/use-settings';
import { countryName, t, uiLanguage } from '@/lib/i18n/t';

export interface CountrySectionProps {
  settings: Settings;
  update: (patch: SettingsPatch) => Promise<Settings>;
  /** Onboarding shows it as one of its steps, under its own heading. */
  title?: string;
}

/** The browser's language as the browser reports it to extension pages. */
function browserLocale(): string {
  return globalThis.navigator?.language ?? '';
}

export function CountrySection({ settings, update, title }: CountrySectionProps) {
  const [status, setStatus] = useState<Status>(null);
  const [error, setError] = useState<ErrorData | null>(null);
  // Shown at once while saving; back to the stored value if the save fails.
  const [pending, setPending] = useState<string | null | undefined>(undefined);
  const chosen = pending === undefined ? settings.country : pending;
  const fromBrowser = regionOfLocale(browserLocale());

  const options = useMemo(() => {
    const countries = countryChoices()
      .map((code) => ({ value: code, label: countryName(code) }))
      .sort((a, b) => a.label.localeCompare(b.label, uiLanguage()));
    const unchosen = fromBrowser === null ? t('options_country_unset') : t('options_country_from_browser', countryName(fromBrowser));
    return [{ value: '', label: unchosen }, ...countries];
  }, [fromBrowser]);

  async function save(value: string) {
    const next = value === '' ? null : value;
    setError(null);
    setPending(next);
    try {
      const saved = await update({ country: next });
      const effective = saved.country ?? fromBrowser;
      setStatus({ tone: 'success', text: effective === null ? t('options_country_saved_unset') : t('options_country_saved', countryName(effective)) });
    } catch (e) {
      setStatus(null);
      setError(toErrorData(e));
    } finally {
      setPending(undefined);
    }
  }

  return (
    <Section title={title ?? t('options_country_title')} headingLevel={2}>
      <p className="opt-lead">{t('options_country_lead')}</p>
      <Select
        label={t('options_country_label')}
        value={chosen ?? ''}
        options={options}
        onChange={(e) => void save(e.currentTarget.value)}
        data-testid="country-select"
      />
      <StatusLine status={status} />
      {error && <ErrorState error={error} compact />}
    </Section>
  );
}
