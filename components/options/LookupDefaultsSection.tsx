/** Defaults of every contact lookup. Each change is saved at once; paid extras say what they add. */
import { useState } from 'react';
import { Checkbox, ErrorState, Section } from '@/components/ui';
import type { ErrorData } from '@/lib/messaging/protocol';
import type { RequiredField, Settings, SettingsPatch } from '@/lib/settings/schema';
import { type Status, StatusLine } from './fields';
import { toErrorData } from './use-settings';

/** The spec's allowed values of `required`, in its words. */
export const REQUIRED_FIELD_LABELS: Record<RequiredField, string> = {
  email: 'Any email',
  work_email: 'Verified work email',
  any_work_email: 'Valid or probable work email',
  personal_email: 'Personal email',
  phone: 'Phone number',
  email_or_phone: 'Any email or phone',
  social_profile: 'Any social profile',
};

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

  async function save(next: Settings['lookupDefaults']) {
    setError(null);
    setPending(next);
    try {
      await update({ lookupDefaults: next });
      setStatus({ tone: 'success', text: 'Saved.' });
    } catch (e) {
      setStatus(null);
      setError(toErrorData(e));
    } finally {
      setPending(null);
    }
  }

  const toggleRequired = (field: RequiredField, on: boolean) => {
    const required = on ? [...defaults.required, field] : defaults.required.filter((f) => f !== field);
    void save({ ...defaults, required: Object.keys(REQUIRED_FIELD_LABELS).filter((f) => required.includes(f as RequiredField)) as RequiredField[] });
  };

  return (
    <Section title="Lookup defaults" headingLevel={2}>
      <p className="opt-lead">Used by every contact lookup; you can still change them for a single lookup in the side panel.</p>
      <fieldset className="opt-fieldset">
        <legend>Extras</legend>
        <Checkbox
          checked={defaults.realtime}
          onChange={(e) => void save({ ...defaults, realtime: e.currentTarget.checked })}
          label={<CostLabel text="Fetch live data (realtime)" cost="+1 credit" />}
          description="Fresher data, about 10–15 s slower per lookup."
        />
        <Checkbox
          checked={defaults.waterfall}
          onChange={(e) => void save({ ...defaults, waterfall: e.currentTarget.checked })}
          label={<CostLabel text="Search more sources for emails and phones (waterfall)" cost="+1 credit" />}
          description="Better email and phone coverage."
        />
        <Checkbox
          checked={defaults.includeAllExperiences}
          onChange={(e) => void save({ ...defaults, includeAllExperiences: e.currentTarget.checked })}
          label={<CostLabel text="Include the full employment history" cost="no extra cost" />}
        />
      </fieldset>
      <fieldset className="opt-fieldset">
        <legend>Only count a match when it has</legend>
        <p className="opt-note">
          A lookup that lacks a ticked field counts as “no match” and costs nothing. Leave all unticked to accept
          any match.
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
