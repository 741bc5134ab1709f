// A bulk job's headline and its figures in words: one wording for the job card (BulkEnrichment) and the import view,
// whose finished screen said only "Finished." under a full bar while the card gave the counts and the credits.
import { formatCount, formatCredits } from '@/components/ui';
import { t } from '@/lib/i18n/t';
import { isFinished } from '@/lib/export/bulk-final';
import type { BulkJob } from '@/lib/model/state';

/** "17 of 17 done · 15 found · 15 credits charged" (what is charged only once nothing more can be). */
export function bulkJobDetail(job: BulkJob): string {
  const inFlight = job.inFlight ?? 0;
  return [
    t('progress_done_of', formatCount(job.done), formatCount(job.total)),
    t('progress_found', formatCount(job.enriched)),
    // Found free: why the credits charged can be fewer than the people found.
    job.fromCache ? t('progress_from_cache_count', formatCount(job.fromCache)) : null,
    job.fromSaved ? t('progress_from_saved_count', formatCount(job.fromSaved)) : null,
    job.fromTeam ? t('progress_from_team_count', formatCount(job.fromTeam)) : null,
    inFlight > 0 ? t('progress_sent_pending', formatCount(inFlight)) : null,
    isFinished(job) || job.status === 'cancelled'
      ? job.creditsCharged === 0
        ? inFlight > 0
          ? t('progress_nothing_charged_yet')
          : t('progress_nothing_charged')
        : t('progress_charged', formatCredits(job.creditsCharged))
      : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The job's headline. A cancel that came once every entry had been sent (the last chunk in the air) stopped nothing:
 * every entry is done, and the headline says why, where "cancelled" beside "17 of 17 done" said the opposite.
 */
export function bulkJobTitle(job: BulkJob): string {
  const inFlight = job.inFlight ?? 0;
  if (job.status === 'done') return t('progress_title_done');
  if (job.status === 'cancelled') {
    if (inFlight > 0) return t('progress_title_cancelling');
    return job.done >= job.total ? t('progress_title_done_before_cancel') : t('progress_title_cancelled');
  }
  return job.status === 'failed' ? t('progress_title_failed') : t('progress_title_running');
}
