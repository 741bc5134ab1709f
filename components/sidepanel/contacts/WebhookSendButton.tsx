import { useState } from 'react';
import { Button, ErrorState } from '@/components/ui';
import type { ErrorData, RequestInput, WebhookSendReport } from '@/lib/messaging/protocol';
import { request, toErrorData } from '../hooks';
import { t, tn } from '@/lib/i18n/t';

/** "Send" to the user's webhook (free: it costs no credits). Says how many arrived and what failed. */
export function WebhookSendButton({ source, disabled = false, label = t('book_webhook_send') }: { source: () => RequestInput<'webhook/send'>['source'] | null; disabled?: boolean; label?: string }) {
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
      <Button size="sm" icon="external" loading={busy} disabled={disabled} onClick={() => void send()} detail={t('credits_free')}>
        {label}
      </Button>
      {report && (
        <span className="sp-hint" role="status">
          {tn('book_webhook_sent', report.batches.length, report.sent)}
          {report.failed ? t('book_webhook_failed', report.failed, failedBatch?.error ?? t('book_webhook_refused')) : '.'}
        </span>
      )}
      {error && <ErrorState error={error} compact />}
    </span>
  );
}
