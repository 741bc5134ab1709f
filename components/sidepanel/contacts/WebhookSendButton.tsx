import { useState } from 'react';
import { Button, ErrorState } from '@/components/ui';
import type { ErrorData, RequestInput, WebhookSendReport } from '@/lib/messaging/protocol';
import { request, toErrorData } from '../hooks';

/** "Send" to the user's webhook (free: it costs no credits). Says how many arrived and what failed. */
export function WebhookSendButton({ source, disabled = false, label = 'Send to webhook' }: { source: () => RequestInput<'webhook/send'>['source'] | null; disabled?: boolean; label?: string }) {
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<WebhookSendReport | null>(null);
  const [error, setError] = useState<ErrorData | null>(null);
  const send = async () => {
    const s = source();
    if (!s) return;
    setBusy(true);
    setError(null);
    setReport(null);
    try {
      setReport(await request('webhook/send', { source: s }));
    } catch (cause) {
      setError(toErrorData(cause));
    } finally {
      setBusy(false);
    }
  };
  const failedBatch = report?.batches.find((b) => !b.ok);
  return (
    <span className="sp-addtolist">
      <Button size="sm" icon="external" loading={busy} disabled={disabled} onClick={() => void send()} detail="free">
        {label}
      </Button>
      {report && (
        <span className="sp-hint" role="status">
          Sent {report.sent} in {report.batches.length} request{report.batches.length === 1 ? '' : 's'}
          {report.failed ? `; ${report.failed} not delivered (${failedBatch?.error ?? 'the receiver refused them'}). Check the webhook and send again.` : '.'}
        </span>
      )}
      {error && <ErrorState error={error} compact />}
    </span>
  );
}
