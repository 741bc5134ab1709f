import { useState } from 'react';
import { Button, ErrorState, useBusyAction } from '@/components/ui';
import { request } from '../hooks';
import { t, tn } from '@/lib/i18n/t';

/** The most contact ids one 'webhook/send' request takes (lib/messaging/contacts-requests.ts). */
const SEND_PAGE = 1000;

interface Sent {
  requests: number;
  sent: number;
  failed: number;
  error?: string;
}

/**
 * "Send" to the user's webhook for contact book ids, as many as there are (free: it costs no credits): one
 * 'webhook/send' per 1,000 ids, one after another, and one line for all of them. The contact book's "Send" covered
 * the first 1,000 of what was loaded; `ids` is asked for at the click (every matching contact, lib open-record.ts).
 * Worded as WebhookSendButton words one send.
 */
export function WebhookSendIdsButton({ ids, disabled = false }: { ids: () => Promise<string[]>; disabled?: boolean }) {
  const [report, setReport] = useState<Sent | null>(null);
  const { busy, error, run } = useBusyAction(async () => {
    setReport(null);
    const all = await ids();
    const total: Sent = { requests: 0, sent: 0, failed: 0 };
    for (let i = 0; i < all.length; i += SEND_PAGE) {
      const one = await request('webhook/send', { source: { kind: 'contact', ids: all.slice(i, i + SEND_PAGE) } });
      total.requests += one.batches.length;
      total.sent += one.sent;
      total.failed += one.failed;
      total.error ??= one.batches.find((b) => !b.ok)?.error;
      // Shown as it goes: a long send says how far it got, and what arrived stays said if a later part fails.
      setReport({ ...total });
    }
  });
  return (
    <span className="sp-addtolist">
      <Button size="sm" icon="external" loading={busy} disabled={disabled} onClick={() => void run()} detail={t('credits_free')}>
        {t('book_webhook_send')}
      </Button>
      {report && (
        <span className="sp-hint" role="status">
          {tn('book_webhook_sent', report.requests, report.sent)}
          {report.failed ? t('book_webhook_failed', report.failed, report.error ?? t('book_webhook_refused')) : '.'}
        </span>
      )}
      {error && <ErrorState error={error} compact />}
    </span>
  );
}
