import { StatusChip, type Tone } from './Chip';
import { timeAgo } from './format';
import { t } from '@/lib/i18n/t';

export type Verdict = 'deliverable' | 'risky' | 'undeliverable';

/** The three outcomes of email verification (spec: `verified`, `catch_all`). */
export function verdictOf(result: { verified: boolean; catch_all: boolean | null }): Verdict {
  if (result.catch_all) return 'risky';
  return result.verified ? 'deliverable' : 'undeliverable';
}

/** Words are read when shown (getters), so they follow the UI language. */
export const verdictWords: Record<Verdict, { readonly label: string; tone: Tone; readonly explanation: string }> = {
  deliverable: {
    get label() { return t('ui_verdict_deliverable'); },
    tone: 'success',
    get explanation() { return t('ui_verdict_deliverable_explained'); },
  },
  risky: {
    get label() { return t('ui_verdict_risky'); },
    tone: 'warning',
    get explanation() { return t('ui_verdict_risky_explained'); },
  },
  undeliverable: {
    get label() { return t('ui_verdict_undeliverable'); },
    tone: 'danger',
    get explanation() { return t('ui_verdict_undeliverable_explained'); },
  },
};

export interface VerificationChipProps {
  result: { verified: boolean; catch_all: boolean | null };
  /** When it was checked (ms since epoch). */
  checkedAt?: number;
  /** Show the explanation under the chip, not only as a tooltip. */
  explain?: boolean;
  now?: number;
}

/** A verdict that explains the risk, not just a word, and says when it was checked. */
export function VerificationChip({ result, checkedAt, explain = false, now }: VerificationChipProps) {
  const verdict = verdictOf(result);
  const words = verdictWords[verdict];
  const when = checkedAt !== undefined ? t('ui_checked_ago', timeAgo(checkedAt, now)) : null;
  return (
    <span className={`ui-verdict ui-verdict--${verdict}`} data-verdict={verdict}>
      <StatusChip tone={words.tone} title={words.explanation}>
        {words.label}
      </StatusChip>
      {when && <span className="ui-verdict__when">{when}</span>}
      {explain && <span className="ui-verdict__explain">{words.explanation}</span>}
    </span>
  );
}

/** The API's own status text on an email ("verified", "probable", …) as a chip, before any verification call. */
export function EmailStatusChip({ status }: { status: string | null }) {
  if (!status) return null;
  const s = status.toLowerCase();
  const tone: Tone = s.includes('verified') || s === 'valid' ? 'success' : s.includes('invalid') || s.includes('bounce') ? 'danger' : 'neutral';
  return (
    <StatusChip tone={tone} title={t('ui_status_from_service')}>
      {status}
    </StatusChip>
  );
}
