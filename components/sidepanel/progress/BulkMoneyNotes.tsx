// What a bulk job may still cost or may already have cost beyond its charged figure: requests still out after a
// cancel, and entries whose request may have been charged without an answer (interrupted). One wording for the job
// card and the import view.
import { formatCredits } from '@/components/ui';
import { tn } from '@/lib/i18n/t';
import { isFinished } from '@/lib/export/bulk-final';
import type { BulkJob } from '@/lib/model/state';

export function BulkMoneyNotes({ job }: { job: BulkJob }) {
  const inFlight = job.inFlight ?? 0;
  // Counted once the job is over: interrupted entries are among its failed ones, which a retry sends again.
  const interrupted = isFinished(job) ? Math.min(job.interrupted ?? 0, job.failed ?? 0) : 0;
  return (
    <>
      {job.status === 'cancelled' && inFlight > 0 && (
        <p className="sp-hint" role="status" data-testid="bulk-cancel-in-flight">
          {tn('progress_cancel_in_flight', inFlight, formatCredits(inFlight))}
        </p>
      )}
      {interrupted > 0 && (
        <p className="sp-hint" role="note" data-testid="bulk-interrupted">
          {tn('progress_interrupted', interrupted, formatCredits(interrupted))}
        </p>
      )}
    </>
  );
}
