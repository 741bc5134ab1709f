import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Button, ErrorState, useBusyAction } from '@/components/ui';
import type { RequestInput, WebhookSendReport } from '@/lib/messaging/protocol';
import { request, useRequest } from '@/components/shared/hooks';
import { useNavigation } from '../navigation';
import { t, tn } from '@/lib/i18n/t';

type Source = RequestInput<'webhook/send'>['source'];

/** The most contact ids one 'webhook/send' request takes (lib/messaging/contacts-requests.ts). */
const SEND_PAGE = 1000;

/** Contact book ids as sources of at most SEND_PAGE ids each (the contact book's "Send" covers every match). */
export const idSources = (ids: readonly string[]): Source[] =>
  Array.from({ length: Math.ceil(ids.length / SEND_PAGE) }, (_, i) => ({ kind: 'contact' as const, ids: ids.slice(i * SEND_PAGE, (i + 1) * SEND_PAGE) }));

interface Sent {
  batches: number;
  sent: number;
  failed: number;
  error?: string | undefined;
}

/**
 * "Send" to the user's webhook (free: it costs no credits). Says how many arrived and what failed. `source` gives one
 * source or several (asked for at the click: the contact book gathers every matching contact then), sent one after
 * another and reported as one, as far as it got. With no webhook saved it is disabled and says where to set one:
 * sending then came back as a generic "request refused… reload the extension", which named neither the cause nor the
 * way out.
 */
export function WebhookSendButton({ source, disabled = false, label = t('book_webhook_send') }: { source: () => Source | Source[] | null | Promise<Source[]>; disabled?: boolean; label?: string }) {
  const [report, setReport] = useState<Sent | null>(null);
  const noteId = useId();
  const root = useRef<HTMLSpanElement>(null);
  const none = useWebhookSet(root) === false;
  const { busy, error, run } = useBusyAction(async () => {
    setReport(null);
    const given = await source();
    const sources = given === null ? [] : Array.isArray(given) ? given : [given];
    const total: Sent = { batches: 0, sent: 0, failed: 0 };
    for (const s of sources) {
      const one: WebhookSendReport = await request('webhook/send', { source: s });
      total.batches += one.batches.length;
      total.sent += one.sent;
      total.failed += one.failed;
      total.error ??= one.batches.find((b) => !b.ok)?.error;
      // Shown as it goes: a long send says how far it got, and what arrived stays said if a later part fails.
      setReport({ ...total });
    }
  });
  return (
    <span className="sp-addtolist" ref={root}>
      <Button size="sm" icon="external" loading={busy} disabled={disabled || none} onClick={() => void run()} detail={t('credits_free')} aria-describedby={none ? noteId : undefined}>
        {label}
      </Button>
      {none && <WebhookMissingNote id={noteId} />}
      {report && (
        <span className="sp-hint" role="status">
          {tn('book_webhook_sent', report.batches, report.sent)}
          {report.failed ? t('book_webhook_failed', report.failed, report.error ?? t('book_webhook_refused')) : '.'}
        </span>
      )}
      {error && <ErrorState error={error} compact />}
    </span>
  );
}

/**
 * Is a webhook saved? null while it is read (a send button then stays as it was: a send without a webhook is
 * refused, never sent anywhere). Asked again each time `shown` comes back into view: the webhook is set under
 * History › Webhook while the views and History's tabs stay mounted, hidden (a list's Send, open behind the Webhook
 * tab, would otherwise stay disabled after the webhook was saved), and no event says it changed. For every
 * "Send to webhook" button.
 */
function useWebhookSet(shown: RefObject<HTMLElement | null>): boolean | null {
  const destination = useRequest('webhook/get', {});
  const { reload } = destination;
  useEffect(() => {
    const element = shown.current;
    if (!element || typeof IntersectionObserver !== 'function') return;
    let visible = true; // as it is when mounted, already asked by useRequest
    const observer = new IntersectionObserver((entries) => {
      const now = entries.some((entry) => entry.isIntersecting);
      if (now && !visible) reload();
      visible = now;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown, reload]);
  return destination.state.status === 'success' ? Boolean(destination.state.data.url) : null;
}

/** "No webhook set up yet." and the way to History › Webhook; `id` describes the disabled send button. */
function WebhookMissingNote({ id }: { id: string }) {
  const nav = useNavigation();
  return (
    <>
      <span className="sp-hint" id={id} data-testid="webhook-none">
        {t('a11y_webhook_none')}
      </span>
      <Button size="sm" variant="ghost" icon="settings" onClick={() => openWebhookSettings(nav.show)}>
        {t('a11y_webhook_set_up')}
      </Button>
    </>
  );
}

/**
 * History › Webhook. The panel's navigation knows views, not History's own tabs (HistoryView keeps which one is open
 * in its own state), so the Webhook tab is chosen as the user would choose it: by its tab, which then has focus.
 */
function openWebhookSettings(show: (view: 'history') => void) {
  show('history');
  requestAnimationFrame(() => {
    const tab = document.getElementById('sp-book-tab-webhook');
    tab?.click();
    tab?.focus();
  });
}
