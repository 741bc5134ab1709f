/** The results cache: how long answers are kept (so nobody pays twice), how much it holds, and clearing it. */
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Button, ErrorState, formatCount, Section, Skeleton } from '@/components/ui';
import { background } from '@/lib/messaging/extension';
import type { RequestOutput } from '@/lib/messaging/protocol';
import type { ErrorData } from '@/lib/model/errors';
import type { Settings, SettingsPatch } from '@/lib/settings/schema';
import { type Status, StatusLine, WholeNumberField } from './fields';
import { toErrorData } from '@/components/shared/use-settings';
import { t, uiLanguage } from '@/lib/i18n/t';

export interface CacheSectionProps {
  settings: Settings;
  update: (patch: SettingsPatch) => Promise<Settings>;
}

/** "12 KB", "3.4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return t('options_bytes', bytes);
  if (bytes < 1024 * 1024) return t('options_kilobytes', Math.round(bytes / 1024));
  const megabytes = new Intl.NumberFormat(uiLanguage(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return t('options_megabytes', megabytes.format(bytes / (1024 * 1024)));
}

function parseDays(text: string): number | null {
  const n = Number(text);
  return text.trim() !== '' && Number.isInteger(n) && n >= 0 && n <= 365 ? n : null;
}

export function CacheSection({ settings, update }: CacheSectionProps) {
  const [stats, setStats] = useState<RequestOutput<'cache/stats'> | null>(null);
  const [statsError, setStatsError] = useState<ErrorData | null>(null);
  const [hits, setHits] = useState(String(settings.cache.hitTtlDays));
  const [misses, setMisses] = useState(String(settings.cache.missTtlDays));
  const [status, setStatus] = useState<Status>(null);
  const [error, setError] = useState<ErrorData | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const [busy, setBusy] = useState(false);
  // Follow changes made elsewhere (an import) when the fields still show the old values.
  const [seen, setSeen] = useState(settings.cache);
  if (seen !== settings.cache) {
    setSeen(settings.cache);
    if (hits === String(seen.hitTtlDays)) setHits(String(settings.cache.hitTtlDays));
    if (misses === String(seen.missTtlDays)) setMisses(String(settings.cache.missTtlDays));
  }

  const loadStats = useCallback(async () => {
    setStatsError(null);
    try {
      setStats(await background.request('cache/stats', {}));
    } catch (e) {
      setStatsError(toErrorData(e));
    }
  }, []);
  useEffect(() => {
    void loadStats();
  }, [loadStats]);

  const hitDays = parseDays(hits);
  const missDays = parseDays(misses);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (hitDays === null || missDays === null) return;
    setError(null);
    try {
      await update({ cache: { hitTtlDays: hitDays, missTtlDays: missDays } });
      setStatus({ tone: 'success', text: t('options_cache_saved') });
    } catch (e) {
      setStatus(null);
      setError(toErrorData(e));
    }
  }

  async function clear() {
    setError(null);
    setBusy(true);
    try {
      await background.request('cache/clear', {});
      setConfirmClear(false);
      setStatus({ tone: 'success', text: t('options_cache_cleared') });
      await loadStats();
    } catch (e) {
      setError(toErrorData(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section title={t('options_cache_title')} headingLevel={2}>
      <p className="opt-lead">
        {t('options_cache_lead')}
      </p>
      <div className="opt-stat" aria-live="polite">
        {statsError ? (
          <ErrorState error={statsError} compact onRetry={loadStats} />
        ) : stats ? (
          <p>
            <strong className="ui-num">{formatCount(stats.entries)}</strong>{' '}
            {stats.entries === 1 ? t('options_cache_answers_one') : t('options_cache_answers_other')}{' '}
            <strong className="ui-num">{formatBytes(stats.approxBytes)}</strong>.
          </p>
        ) : (
          <span aria-label={t('options_cache_loading')}>
            <Skeleton width={220} height={14} />
          </span>
        )}
      </div>
      <form className="opt-form" onSubmit={save} noValidate>
        <div className="opt-row">
          <WholeNumberField
            label={t('options_cache_hit_days')}
            hint={t('options_cache_hit_hint')}
            error={hitDays === null ? t('options_cache_days_invalid') : null}
            max={365}
            value={hits}
            onChange={setHits}
          />
          <WholeNumberField
            label={t('options_cache_miss_days')}
            hint={t('options_cache_miss_hint')}
            error={missDays === null ? t('options_cache_days_invalid') : null}
            max={365}
            value={misses}
            onChange={setMisses}
          />
        </div>
        <div className="opt-actions">
          <Button
            type="submit"
            variant="primary"
            icon="check"
            disabled={
              hitDays === null ||
              missDays === null ||
              (hitDays === settings.cache.hitTtlDays && missDays === settings.cache.missTtlDays)
            }
          >
            {t('options_cache_save')}
          </Button>
          {!confirmClear && (
            <Button variant="ghost" icon="trash" onClick={() => setConfirmClear(true)} disabled={stats?.entries === 0}>
              {t('options_cache_clear')}
            </Button>
          )}
        </div>
      </form>
      {confirmClear && (
        <div className="opt-confirm" role="group" aria-label={t('options_cache_confirm_label')}>
          <p>
            {stats ? t('options_cache_confirm', formatCount(stats.entries)) : t('options_cache_confirm_all')}
          </p>
          <div className="opt-actions">
            <Button variant="danger" icon="trash" onClick={clear} loading={busy}>
              {t('options_cache_clear')}
            </Button>
            <Button variant="ghost" onClick={() => setConfirmClear(false)} disabled={busy}>
              {t('options_keep_it')}
            </Button>
          </div>
        </div>
      )}
      <StatusLine status={status} />
      {error && <ErrorState error={error} compact />}
    </Section>
  );
}
