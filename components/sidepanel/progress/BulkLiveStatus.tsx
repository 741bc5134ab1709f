/**
 * A running bulk job's live line, from the queue's real state (progress jumped per 1,000-row chunk and
 * said "about 1 s left" during a 20 s job): rows sent, the chunk in flight and how long it has been out, the 429
 * pause or the rate-limit window with a countdown, and the time left from measured latency. Ticks every second, so it
 * is no live region: a screen reader would read "(1 s)", "(2 s)"… every second. The job card announces the start and
 * the end (BulkEnrichment), the header the queue's pauses (PanelHeader).
 */
import { formatCount, formatDuration, formatTimeLeft } from '@/components/ui';
import { t } from '@/lib/i18n/t';
import type { BulkJob } from '@/lib/model/state';
import { useLiveQueue } from './useQueueState';

export function BulkLiveStatus({ job }: { job: BulkJob }) {
  const { queue, eta, now } = useLiveQueue();
  if (!queue || !eta || (job.status !== 'running' && job.status !== 'queued')) return null;
  const inFlight = job.inFlight ?? 0;
  const chunks = queue.inFlight.filter((request) => request.group === job.id);
  const since = chunks.length > 0 ? Math.min(...chunks.map((c) => c.since)) : null;
  const parts: string[] = [t('progress_live_sent', formatCount(Math.min(job.total, job.done + inFlight)), formatCount(job.total))];
  if (since !== null && inFlight > 0) {
    const elapsed = formatDuration(Math.max(0, now - since));
    parts.push(chunks.length === 1 ? t('progress_chunk_in_flight', formatCount(inFlight), elapsed) : t('progress_chunks_in_flight', chunks.length, formatCount(inFlight), elapsed));
  }
  if (eta.wait === 'paused') parts.push(t('progress_live_paused', formatTimeLeft(eta.waitMs)));
  else if (eta.wait === 'window') parts.push(t('progress_live_window', formatTimeLeft(eta.waitMs)));
  if (eta.overdue) parts.push(t('progress_eta_overdue'));
  else if (eta.totalMs === null) parts.push(t('progress_eta_measuring'));
  else if (eta.totalMs > 0) parts.push(t('progress_about_left', formatTimeLeft(eta.totalMs)));
  return (
    <p className="sp-hint ui-num" data-testid="bulk-live">
      {parts.join(' · ')}
    </p>
  );
}
