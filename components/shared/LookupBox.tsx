/*
 * The lookup box (docs/people.md, "The lookup box"): type an email, a phone in any common format, a profile or company
 * URL, a domain, or a person ("Jane Doe at Acme", "Doe, Jane – Acme"). The background's one parser
 * (`selection/classify`, shared with the context menu) says what it is; the box shows that and the price before the
 * click. Enter or the button opens it. The side panel's box (components/sidepanel/LookupBox.tsx) opens the Contact or
 * Company view; the popup's opens the side panel on it.
 */
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Button, PaidButton, Select, TextField } from '@/components/ui';
import type { ContactOptions, CostEstimate, SelectionMeaning } from '@/lib/model/lookup';
import { notUnderstoodReason } from '@/lib/selection/query';
import { request, useDebounced, useEstimate } from './hooks';
import { costActionForMeaning, describeMeaning } from './lookup';
import './lookup-box.css';
import { t } from '@/lib/i18n/t';

/** Long enough to feel instant, short enough not to classify every keystroke. */
const CLASSIFY_DELAY_MS = 200;
const MAX_TEXT = 512;

type Understood =
  | { status: 'empty' }
  | { status: 'reading'; text: string }
  | { status: 'done'; text: string; meanings: SelectionMeaning[] }
  | { status: 'error'; text: string; message: string };

export interface LookupBoxProps {
  /** Contact options from the user's defaults: they change the price. */
  options: ContactOptions;
  /** What the button does: "Look up" in the panel, "Open in side panel" in the popup. */
  actionLabel: string;
  /** `quotedCredits`: the price the button showed when it was clicked (0: "free"), for the lookup to be held to. */
  onOpen: (meaning: SelectionMeaning, quotedCredits: number) => void;
  disabled?: boolean;
  /** Shown under what was understood, once it is priced (the side panel's "Open saved"). */
  beside?: (meaning: SelectionMeaning, estimate: CostEstimate) => ReactNode;
}

export function LookupBox({ options, actionLabel, onOpen, disabled = false, beside }: LookupBoxProps) {
  const hintId = useId();
  const [text, setText] = useState('');
  const [choice, setChoice] = useState(0);
  const [understood, setUnderstood] = useState<Understood>({ status: 'empty' });
  const settled = useDebounced(text.trim(), CLASSIFY_DELAY_MS);

  useEffect(() => {
    if (settled === '') {
      setUnderstood({ status: 'empty' });
      return;
    }
    let live = true;
    setUnderstood({ status: 'reading', text: settled });
    request('selection/classify', { text: settled.slice(0, MAX_TEXT) }).then(
      ({ meanings }) => {
        if (!live) return;
        setChoice(0);
        setUnderstood({ status: 'done', text: settled, meanings });
      },
      (cause: unknown) => {
        if (live) setUnderstood({ status: 'error', text: settled, message: cause instanceof Error ? cause.message : String(cause) });
      },
    );
    return () => {
      live = false;
    };
  }, [settled]);

  // Only what was understood from the text now in the box may be opened (never a stale reading).
  const current = understood.status === 'done' && understood.text === text.trim() ? understood.meanings : [];
  const meaning = current[Math.min(choice, current.length - 1)] ?? null;
  const { estimate } = useEstimate(meaning ? costActionForMeaning(meaning, options) : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (meaning && estimate && !estimate.blockedByBudget && !disabled) onOpen(meaning, estimate.credits);
  };

  return (
    <form className="sp-lookupbox" role="search" aria-label={t('sidepanel_lookup_label')} onSubmit={submit} data-testid="lookup-box">
      <div className="sp-lookupbox__row">
        <TextField
          label={t('sidepanel_lookup_label')}
          hideLabel
          value={text}
          maxLength={MAX_TEXT}
          placeholder={t('sidepanel_lookup_placeholder')}
          aria-describedby={hintId}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        {meaning ? (
          <PaidButton size="sm" variant="primary" type="submit" estimate={estimate} disabled={disabled}>
            {actionLabel}
          </PaidButton>
        ) : (
          // Nothing understood yet: no price to show, nothing to open.
          <Button size="sm" variant="primary" type="submit" disabled>
            {actionLabel}
          </Button>
        )}
      </div>
      {current.length > 1 && (
        <Select
          label={t('sidepanel_lookup_which')}
          value={String(choice)}
          options={current.map((m, i) => ({ value: String(i), label: describeMeaning(m) }))}
          onChange={(e) => setChoice(Number(e.currentTarget.value))}
        />
      )}
      <p className="sp-lookupbox__meaning" id={hintId} role="status" data-testid="lookup-understood">
        <Understanding understood={understood} text={text.trim()} meaning={meaning} />
      </p>
      {beside && meaning && estimate && beside(meaning, estimate)}
    </form>
  );
}

function Understanding({ understood, text, meaning }: { understood: Understood; text: string; meaning: SelectionMeaning | null }) {
  if (text === '') return <>{t('sidepanel_lookup_hint')}</>;
  if (understood.status === 'error') return <>{t('sidepanel_lookup_error', understood.message)}</>;
  if (understood.status !== 'done' || understood.text !== text) return <>{t('sidepanel_lookup_reading')}</>;
  if (!meaning) {
    return <>{notUnderstoodReason(text)}</>;
  }
  return <strong>{describeMeaning(meaning)}</strong>;
}

