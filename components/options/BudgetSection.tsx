/** An optional daily credit cap: paid actions that would go over it are blocked with a clear message. */
import { type FormEvent, useEffect, useState } from 'react';
import { Button, Checkbox, ErrorState, formatCredits, Section } from '@/components/ui';
import { background, onBackgroundEvent } from '@/lib/messaging/extension';
import type { CreditsSummary, ErrorData } from '@/lib/messaging/protocol';
import type { Settings, SettingsPatch } from '@/lib/settings/schema';
import { type Status, StatusLine, WholeNumberField } from './fields';
import { toErrorData } from './use-settings';

export interface BudgetSectionProps {
  settings: Settings;
  update: (patch: SettingsPatch) => Promise<Settings>;
}

export function BudgetSection({ settings, update }: BudgetSectionProps) {
  const [capped, setCapped] = useState(settings.dailyBudget !== null);
  const [amount, setAmount] = useState(String(settings.dailyBudget ?? 100));
  const [credits, setCredits] = useState<CreditsSummary | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [error, setError] = useState<ErrorData | null>(null);
  // Follow changes made elsewhere (an import).
  const [seen, setSeen] = useState(settings.dailyBudget);
  if (seen !== settings.dailyBudget) {
    setSeen(settings.dailyBudget);
    setCapped(settings.dailyBudget !== null);
    if (settings.dailyBudget !== null) setAmount(String(settings.dailyBudget));
  }

  useEffect(() => {
    background.request('credits/summary', {}).then(setCredits, () => setCredits(null));
    return onBackgroundEvent((event) => {
      if (event.type === 'event/credits') setCredits(event.credits);
    });
  }, []);

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
        text: saved.dailyBudget === null ? 'Saved. No daily limit.' : `Saved. At most ${formatCredits(saved.dailyBudget)} a day.`,
      });
    } catch (e) {
      setStatus(null);
      setError(toErrorData(e));
    }
  }

  return (
    <Section title="Daily budget" headingLevel={2}>
      <form className="opt-form" onSubmit={save} noValidate>
        {credits && (
          <p className="opt-lead">
            Spent today: <strong className="ui-num">{formatCredits(credits.today).replace('free', '0 credits')}</strong>
            {' · '}this month: <strong className="ui-num">{formatCredits(credits.month).replace('free', '0 credits')}</strong>
          </p>
        )}
        <Checkbox
          checked={capped}
          onChange={(e) => setCapped(e.currentTarget.checked)}
          label="Limit the credits spent per day"
          description="A lookup that would go over the limit is not sent; cached answers stay free."
        />
        {capped && (
          <WholeNumberField
            label="Credits per day"
            error={valid ? null : 'Enter a whole number of credits (0 or more).'}
            value={amount}
            onChange={setAmount}
          />
        )}
        <div className="opt-actions">
          <Button type="submit" variant="primary" icon="check" disabled={!valid || next === settings.dailyBudget}>
            Save budget
          </Button>
        </div>
        <StatusLine status={status} />
        {error && <ErrorState error={error} compact />}
      </form>
    </Section>
  );
}
