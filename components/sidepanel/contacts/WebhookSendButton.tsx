import { useState } from 'react';
import { Button, ErrorState, useBusyAction } from '@/components/ui';
import type { RequestInput, WebhookSendReport } from '@/lib/messaging/protocol';
import { request } from '../hooks';
import { t, tn } from '@/lib/i18n/t';

/** "Send" to the user's webhook (free: it costs no credits). Says how many arrived and what failed. */
export function WebhookSendButton({ source, disabled = false, label = t('book_webhook_send') }: { source: () => RequestInput<'webhook/send'>['source'] | null; disabled?: boolean; label?: string }) {
  const [report, setReport] = useState<WebhookSendReport | null>(null);
  const { busy, error, run } = useBusyAction(async (s: RequestInput<'webhook/send'>['source']) => {
    setReport(null);
    setReport(await request('webhook/send', { source: s }));
  });
  const send = () => {
    const s = source();
    if (s) void run(s);
  };
  const failedBatch = report?.batches.find((b) => !b.ok);
  return (
    <span className="sp-addtolist">
      <Button size="sm" icon="external" loading={busy} disabled={disabled} onClick={send} detail={t('credits_free')}>
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
