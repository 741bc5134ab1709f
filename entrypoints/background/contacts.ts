/**
 * The contact book's requests: book, saved lists, lookup events and the webhook. The book lives in its
 * own IndexedDB (lib/contacts/idb-store.ts); the engine reports every live answer through `onPaidAnswer`.
 */
import { browser } from 'wxt/browser';
import { bookIndexSource, createContactBook, recordBulkJob, recordPaidAnswer, savedKeys, type BookIndex, type BookRecord, type ContactBook, type PaidAnswer } from '@/lib/contacts';
import { createIdbContactBookStore } from '@/lib/contacts/idb-store';
import { EnrichedContactSchema } from '@/lib/api/schemas';
import type { BookRecordView, RequestType } from '@/lib/messaging/protocol';
import type { BulkJob } from '@/lib/model/state';
import { isFinished } from '@/lib/export/bulk-final';
import type { Handlers, SenderInfo } from '@/lib/messaging/router';
import { HandledError } from '@/lib/errors/handled-error';
import { generateSigningSecret, originPattern, sendToWebhook, toWebhookContact, WebhookDestinationSchema, type WebhookContact, type WebhookDestination } from '@/lib/webhook';
import type { Services } from './services';

type ContactRequest = Extract<RequestType, `contacts/${string}` | `lists/${string}` | `webhook/${string}`>;

const WEBHOOK_META = 'webhookDestination';

let book: ContactBook | null = null;
/** undefined: the real book's own name (lib/contacts/idb-store.ts). */
let bookName: string | undefined;
/** One book per worker life, opened on first use. */
export function contactBook(): ContactBook {
  return (book ??= createContactBook({ store: createIdbContactBookStore(bookName) }));
}

let index: (() => Promise<BookIndex>) | null = null;

/** Which book the requests and the engine use from now on: demo mode has its own (./demo.ts); undefined = the real one. */
export function useContactBook(name?: string): void {
  if (name === bookName) return;
  bookName = name;
  book = null;
  index = null;
}
/** The book's index by who each key looks up, kept until the next purchase (lib/contacts/saved.ts). */
export function contactBookIndex(): Promise<BookIndex> {
  return (index ??= bookIndexSource(contactBook()))();
}

/** The engine's hook: keep what was paid for. A failure is logged, never thrown into the lookup that paid. */
export function onPaidAnswer(answer: PaidAnswer): Promise<void> {
  return recordPaidAnswer(contactBook(), answer).then(
    () => undefined,
    (error: unknown) => console.warn('In-Page Enrich: a paid answer was not kept in the contact book', error),
  );
}

/** Per job, whether its event was last written finished (written once when first seen, once more when it ends). */
const jobEvents = new Map<string, boolean>();
/**
 * The engine's job updates → the job's one history event (lib/contacts/record.ts recordBulkJob): written when the job
 * is first seen in this worker's life and again when it has finished, with what it found and charged. Not on every
 * chunk: each write also trims the history.
 */
export function onBulkJob(job: BulkJob): void {
  const finished = isFinished(job);
  if (jobEvents.get(job.id) === finished || (jobEvents.has(job.id) && !finished)) return;
  jobEvents.set(job.id, finished);
  void recordBulkJob(contactBook(), job).catch((error: unknown) => console.warn('In-Page Enrich: a bulk job was not kept in the history', error));
}

const view = (r: BookRecord): BookRecordView => ({ id: r.id, kind: r.kind, value: r.value, firstBoughtAt: r.firstBoughtAt, lastBoughtAt: r.lastBoughtAt, creditsSpent: r.creditsSpent });

async function destination(b: ContactBook): Promise<WebhookDestination | null> {
  const parsed = WebhookDestinationSchema.safeParse(await b.getMeta(WEBHOOK_META));
  return parsed.success ? parsed.data : null;
}

async function requireDestination(b: ContactBook): Promise<WebhookDestination> {
  const d = await destination(b);
  if (!d) throw new HandledError({ kind: 'invalid_message', message: 'No webhook is set. Add its address in Contacts → Webhook.' });
  if (!(await browser.permissions.contains({ origins: [originPattern(d.url)] }))) {
    throw new HandledError({ kind: 'permission_needed', message: `The extension may not reach ${new URL(d.url).host}. Save the webhook again and allow access when asked.` });
  }
  return d;
}

export function createContactHandlers(services: () => Promise<Services>): Pick<Handlers<SenderInfo>, ContactRequest> {
  const b = contactBook;
  return {
    'contacts/list': async (input) => {
      // Counted after the read: the read is what sets a damaged item aside.
      const page = await b().list(input);
      const damaged = await b().damaged().catch(() => 0);
      return damaged > 0 ? { ...page, damaged } : page;
    },
    'contacts/ids': async (input) => ({ ids: await b().matchingIds(input) }),
    'contacts/indexing': () => Promise.resolve({ indexing: b().indexing() }),
    'contacts/records': async (input) => ({ records: (await b().records(input.ids)).map(view) }),
    'contacts/saved': async (input) => {
      const record = await (await contactBookIndex()).find(input.kind, savedKeys(input));
      return { saved: record ? { id: record.id, lastBoughtAt: record.lastBoughtAt } : null };
    },
    'contacts/delete': async (input) => b().remove(input.ids),
    'contacts/restore': async (input) => b().restore(input.ids),
    'contacts/events': async (input) => b().events(input),
    'lists/all': async () => b().lists(),
    'lists/create': async (input) => b().createList(input.name),
    'lists/rename': async (input) => {
      await b().renameList(input.id, input.name);
      return { ok: true as const };
    },
    'lists/delete': async (input) => {
      await b().deleteList(input.id);
      return { ok: true as const };
    },
    'lists/add': async (input) => b().addToList(input.id, input.recordIds),
    'lists/remove': async (input) => b().removeFromList(input.id, input.recordIds),
    // Every member, read by id (it was matched against the 1,000 most recently bought: older members vanished).
    'lists/members': async (input) => b().listEntries(input.id),

    'webhook/get': async () => {
      const d = await destination(b());
      return { url: d?.url ?? null, secretHeaderName: d?.secretHeader?.name ?? null, signed: Boolean(d?.signingSecret) };
    },
    'webhook/secret': async () => {
      const d = await destination(b());
      if (!d) throw new HandledError({ kind: 'invalid_message', message: 'No webhook is set. Save its address first, then generate a signing secret.' });
      const secret = generateSigningSecret();
      await b().putMeta(WEBHOOK_META, { ...d, signingSecret: secret });
      return { secret };
    },
    'webhook/set': async (input) => {
      if (input.destination && !(await browser.permissions.contains({ origins: [originPattern(input.destination.url)] }))) {
        throw new HandledError({ kind: 'permission_needed', message: 'Allow the extension to reach this address when the browser asks, then save again.' });
      }
      // The signing secret is never sent back to the page, so saving the address again keeps it (the receiver holds it);
      // but only for the same receiver: a new host given the old host's secret could sign, or replay, deliveries the old
      // receiver would accept. A new origin starts unsigned until a secret is generated for it.
      const saved = input.destination ? await destination(b()) : null;
      const sameReceiver = saved && input.destination ? new URL(saved.url).origin === new URL(input.destination.url).origin : false;
      const signingSecret = input.destination ? (input.destination.signingSecret ?? (sameReceiver ? saved?.signingSecret : undefined)) : undefined;
      await b().putMeta(WEBHOOK_META, input.destination && signingSecret ? { ...input.destination, signingSecret } : input.destination);
      return { ok: true as const };
    },
    // One attempt: the test says how the receiver answers now, within one attempt's timeout.
    'webhook/test': async () => sendToWebhook({ destination: await requireDestination(b()), contacts: [], source: { kind: 'test' }, maxAttempts: 1 }),
    'webhook/send': async (input) => {
      const d = await requireDestination(b());
      const { source } = input;
      let contacts: WebhookContact[];
      let name: string | undefined;
      if (source.kind === 'contact') contacts = (await b().records(source.ids)).map(toWebhookContact);
      else if (source.kind === 'list') {
        const { list, records } = await b().listMembers(source.id);
        contacts = records.map(toWebhookContact);
        name = list.name;
      } else contacts = await bulkContacts((await services()).engine, source.jobId);
      return sendToWebhook({ destination: d, contacts, source: { kind: source.kind, id: source.kind === 'list' ? source.id : source.kind === 'bulk' ? source.jobId : undefined, ...(name ? { name } : {}) } });
    },
  };
}

/** A finished bulk job's enriched rows as webhook contacts (from the job's final state, never a pending row). */
async function bulkContacts(engine: Services['engine'], jobId: string): Promise<WebhookContact[]> {
  const job = await engine.bulk.get(jobId);
  if (job.status === 'queued' || job.status === 'running') {
    throw new HandledError({ kind: 'invalid_message', message: 'This bulk job is still running. Send it when it has finished.' });
  }
  const out: WebhookContact[] = [];
  for (let offset = 0; offset < job.total; offset += 1000) {
    const { rows } = await engine.bulk.rows(jobId, offset, 1000);
    rows.forEach((row, i) => {
      const contact = row.status === 'enriched' ? EnrichedContactSchema.safeParse(row.contact) : null;
      if (!contact?.success) return;
      const id = contact.data._id ? `person:${contact.data._id}` : `bulk:${jobId}:${offset + i}`;
      out.push(toWebhookContact({ id, kind: 'person', value: contact.data, lastBoughtAt: job.createdAt }));
    });
  }
  return out;
}
