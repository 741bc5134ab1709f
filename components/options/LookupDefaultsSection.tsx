/** Defaults of every contact lookup. Each change is saved at once; paid extras say what they add. */
import { useRef, useState } from 'react';
import { Checkbox, ErrorState, Section } from '@/components/ui';
import type { ErrorData } from '@/lib/model/errors';
import type { RequiredField, Settings, SettingsPatch } from '@/lib/settings/schema';
import { type Status, StatusLine } from './fields';
import { toErrorData } from '@/components/shared/use-settings';
import { t } from '@/lib/i18n/t';
import { REQUIRED_FIELD_LABELS } from '@/lib/settings/required-words';


export interface LookupDefaultsSectionProps {
  settings: Settings;
  update: (patch: SettingsPatch) => Promise<Settings>;
}

export function LookupDefaultsSection({ settings, update }: LookupDefaultsSectionProps) {
  const [status, setStatus] = useState<Status>(null);
  const [error, setError] = useState<ErrorData | null>(null);
  // Shown at once while saving; back to the stored value if the save fails.
  const [pending, setPending] = useState<Settings['lookupDefaults'] | null>(null);
  const defaults = pending ?? settings.lookupDefaults;
  // Saves still running: the shown value stays the last one chosen until all have landed (a toggle made while an
  // earlier save ran was built from the stored value once the earlier one finished, and undid the toggle between).
  const saving = useRef(0);

  async function save(next: Settings['lookupDefaults']) {
    setError(null);
    setPending(next);
    saving.current += 1;
    try {
      await update({ lookupDefaults: next });
      setStatus({ tone: 'success', text: t('common_saved') });
    } catch (e) {
      setStatus(null);
      setError(toErrorData(e));
    } finally {
      saving.current -= 1;
      if (saving.current === 0) setPending(null);
    }
  }

  const toggleRequired = (field: RequiredField, on: boolean) => {
    const required = on ? [...defaults.required, field] : defaults.required.filter((f) => f !== field);
    void save({ ...defaults, required: Object.keys(REQUIRED_FIELD_LABELS).filter((f) => required.includes(f as RequiredField)) as RequiredField[] });
  };

  return (
    <Section title={t('options_defaults_title')} headingLevel={2}>
      <p className="opt-lead">{t('options_defaults_lead')}</p>
      <fieldset className="opt-fieldset">
        <legend>{t('options_defaults_extras')}</legend>
        <Checkbox
          checked={defaults.realtime}
          onChange={(e) => void save({ ...defaults, realtime: e.currentTarget.checked })}
          label={<CostLabel text={t('options_defaults_realtime')} cost={t('options_plus_credits', 1)} />}
          description={t('options_defaults_realtime_hint')}
        />
        <Checkbox
          checked={defaults.waterfall}
          onChange={(e) => void save({ ...defaults, waterfall: e.currentTarget.checked })}
          label={<CostLabel text={t('options_defaults_waterfall')} cost={t('options_plus_credits', 1)} />}
          description={t('options_defaults_waterfall_hint')}
        />
        <Checkbox
          checked={defaults.includeAllExperiences}
          onChange={(e) => void save({ ...defaults, includeAllExperiences: e.currentTarget.checked })}
          label={<CostLabel text={t('options_defaults_history')} cost={t('options_no_extra_cost')} />}
        />
      </fieldset>
      <fieldset className="opt-fieldset">
        <legend>{t('options_defaults_required')}</legend>
        <p className="opt-note">
          {t('options_defaults_required_hint')}
        </p>
        <div className="opt-grid">
          {(Object.keys(REQUIRED_FIELD_LABELS) as RequiredField[]).map((field) => (
            <Checkbox
              key={field}
              checked={defaults.required.includes(field)}
              onChange={(e) => toggleRequired(field, e.currentTarget.checked)}
              label={REQUIRED_FIELD_LABELS[field]}
            />
          ))}
        </div>
      </fieldset>
      <StatusLine status={status} />
      {error && <ErrorState error={error} compact />}
    </Section>
  );
}

/** A label with its price beside it, read together by screen readers ("Fetch live data, +1 credit"). */
function CostLabel({ text, cost }: { text: string; cost: string }) {
  return (
    <>
      {text}
      <span className="opt-badge">
        <span className="ui-visually-hidden">, </span>
        {cost}
      </span>
    </>
  );
}
