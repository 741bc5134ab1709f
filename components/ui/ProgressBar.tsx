import { formatPercent } from './format';

export interface ProgressBarProps {
  value: number;
  max: number;
  /** Accessible name, e.g. "Bulk enrichment". */
  label: string;
  /** Text shown under the bar, e.g. "120 of 300 · about 20 s left". */
  detail?: string;
  tone?: 'accent' | 'success' | 'warning' | 'danger';
  indeterminate?: boolean;
}

export function ProgressBar({ value, max, label, detail, tone = 'accent', indeterminate = false }: ProgressBarProps) {
  const safeMax = max > 0 ? max : 1;
  const clamped = Math.min(Math.max(value, 0), safeMax);
  const percent = Math.round((clamped / safeMax) * 100);
  return (
    <div className="ui-progress">
      <div
        className={`ui-progress__track ui-progress--${tone}${indeterminate ? ' ui-progress--indeterminate' : ''}`}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={safeMax}
        aria-valuenow={indeterminate ? undefined : clamped}
        aria-valuetext={detail}
      >
        <div className="ui-progress__fill" style={indeterminate ? undefined : { width: `${percent}%` }} />
      </div>
      {detail && <p className="ui-progress__detail ui-num">{detail}</p>}
    </div>
  );
}

/**
 * A thin inline bar for a 0–1 score, with the number beside it (the number carries the meaning) as a percentage:
 * "0.71" under "Score" said nothing about its scale; "71%" does. `label` (the tooltip) says what it measures.
 */
export function ScoreBar({ score, label }: { score: number | null; label?: string }) {
  const value = score === null || !Number.isFinite(score) ? null : Math.min(Math.max(score, 0), 1);
  return (
    <span className="ui-score" title={label}>
      <span className="ui-score__track" aria-hidden="true">
        <span className="ui-score__fill" style={{ width: `${value === null ? 0 : Math.round(value * 100)}%` }} />
      </span>
      <span className="ui-score__value ui-num">{value === null ? '—' : formatPercent(value)}</span>
    </span>
  );
}
