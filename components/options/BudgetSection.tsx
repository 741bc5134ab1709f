/**
 * An optional daily credit cap: paid actions that would go over it are blocked with a clear message. And the
 * threshold above which a bulk start asks a second time, so one click cannot spend thousands of credits.
 */
import { type FormEvent, useState } from 'react';
import { Button, Checkbox, ErrorState, formatCredits, Section } from '@/components/ui';
import { useCreditsSummary } from '@/components/shared/use-credits-summary';
import type { ErrorData } from '@/lib/model/errors';
import type { Settings, SettingsPatch } from '@/lib/settings/schema';
import { type Status, StatusLine, WholeNumberField } from './fields';
import { toErrorData } from '@/components/shared/use-settings';
import { t, tn } from '@/lib/i18n/t';

export interface BudgetSectionProps {
  settings: Settings;
  update: (patch: SettingsPatch) => Promise<Settings>;
}

export function BudgetSection({ settings, update }: BudgetSectionProps) {
  const [capped, setCapped] = useState(settings.dailyBudget !== null);
  const [amount, setAmount] = useState(String(settings.dailyBudget ?? 100));
  const credits = useCreditsSummary();
  const [status, setStatus] = useState<Status>(null);
  const [error, setError] = useState<ErrorData | null>(null);
  // Follow changes made elsewhere (an import).
  const [seen, setSeen] = useState(settings.dailyBudget);
  if (seen !== settings.dailyBudget) {
    setSeen(settings.dailyBudget);
    setCapped(settings.dailyBudget !== null);
    if (settings.dailyBudget !== null) setAmount(String(settings.dailyBudget));
  }


  const n = Number(amount);
  const valid = !capped || (amount.trim() !== '' && Number.isInteger(n) && n >= 0 && n <= 1_000_000);
  const next = capped ? n : null;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!valid) return;
    setError(null);
    try {
      const saved = await update({ dailyBudget: next });
      setStatus({
        tone: 'success',
        text: saved.dailyBudget === null ? t('options_budget_saved_none') : t('options_budget_saved', formatCredits(saved.dailyBudget)),
      });
    } catch (e) {
      setStatus(null);
      setError(toErrorData(e));
    }
  }

  return (
    <Section title={t('options_budget_title')} headingLevel={2}>
      <form className="opt-form" onSubmit={save} noValidate>
        {credits && (
          <p className="opt-lead">
            {t('options_spent_today')} <strong className="ui-num">{tn('credits', credits.today)}</strong>
            {' · '}{t('options_this_month')} <strong className="ui-num">{tn('credits', credits.month)}</strong>
          </p>
        )}
        <Checkbox
          checked={capped}
          onChange={(e) => setCapped(e.currentTarget.checked)}
          label={t('options_budget_limit')}
          description={t('options_budget_limit_explained')}
        />
        {capped && (
          <WholeNumberField
            label={t('options_budget_per_day')}
            error={valid ? null : t('options_budget_invalid')}
            value={amount}
            onChange={setAmount}
          />
        )}
        <div className="opt-actions">
          <Button type="submit" variant="primary" icon="check" disabled={!valid || next === settings.dailyBudget}>
            {t('options_budget_save')}
          </Button>
        </div>
        <StatusLine status={status} />
        {error && <ErrorState error={error} compact />}
      </form>
      <ConfirmAboveForm settings={settings} update={update} />
    </Section>
  );
}

const CONFIRM_ABOVE_MAX = 1_000_000;

/** "Ask again above N credits": its own form, so saving it never touches the daily cap being edited above. */
function ConfirmAboveForm({ settings, update }: BudgetSectionProps) {
  const [amount, setAmount] = useState(String(settings.confirmAboveCredits));
  const [status, setStatus] = useState<Status>(null);
  const [error, setError] = useState<ErrorData | null>(null);
  // Follow changes made elsewhere (an import).
  const [seen, setSeen] = useState(settings.confirmAboveCredits);
  if (seen !== settings.confirmAboveCredits) {
    setSeen(settings.confirmAboveCredits);
    setAmount(String(settings.confirmAboveCredits));
  }
  const n = Number(amount);
  const valid = amount.trim() !== '' && Number.isInteger(n) && n >= 0 && n <= CONFIRM_ABOVE_MAX;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!valid) return;
    setError(null);
    try {
      const saved = await update({ confirmAboveCredits: n });
      setStatus({ tone: 'success', text: t('options_confirm_above_saved', formatCredits(saved.confirmAboveCredits)) });
    } catch (e) {
      setStatus(null);
      setError(toErrorData(e));
    }
  }

  return (
    <form className="opt-form" onSubmit={save} noValidate>
      <WholeNumberField
        label={t('options_confirm_above')}
        hint={t('options_confirm_above_explained')}
        error={valid ? null : t('options_confirm_above_invalid')}
        value={amount}
        onChange={setAmount}
        max={CONFIRM_ABOVE_MAX}
      />
      <div className="opt-actions">
        <Button type="submit" variant="primary" icon="check" disabled={!valid || n === settings.confirmAboveCredits}>
          {t('options_confirm_above_save')}
        </Button>
      </div>
      <StatusLine status={status} />
      {error && <ErrorState error={error} compact />}
    </form>
  );
}
