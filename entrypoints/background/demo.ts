/**
 * Demo mode: the extension tried with no account and no server. The background's engine then talks to the demo
 * service: the sandbox's own application (sandbox/embedded.ts: the same Hono app, routes and credit rules over
 * sql.js), fed by the seeded database the build ships (public demo/, docs/store.md "Demo mode"). Nothing leaves the
 * browser: `demoFetch` refuses any other address.
 *
 * The service is not part of this worker: Chrome would load and evaluate it at every start of the worker, demo or
 * not (+25 ms a start, docs/performance.md "Worker start"), and a service worker cannot load code later. On Chrome
 * it runs in the offscreen document (entrypoints/offscreen/demo-host.ts), reached by validated messages
 * (lib/api/demo-exchange.ts) and loaded there on the first demo request; Firefox's background page
 * carries it inline (its own build) and opens it on the first demo request.
 *
 * Demo data never meets a real key's: the demo engine keeps its cache, contact book, jobs, ledger and queued tasks
 * under names of their own (`DEMO_STORES`), its key lives in memory only, and the real key, address and stores are
 * left as they were. Only extension pages can switch it (the router gives content scripts and demo pages no such
 * request).
 */
import {
  type DemoLedger,
  type DemoReply,
  DemoReplySchema,
  type DemoWork,
  type OffscreenDemoMessage,
  toDemoRequest,
  toResponse,
} from '@/lib/api/demo-exchange';
import { setDemoMode as storeDemoMode } from './demo-db';
import { ensureOffscreenDocument, hasOffscreenDocument } from '../offscreen/paid-requests';

export { demoModeOn } from './demo-db';
export { DEMO_KEY } from '@/lib/api/demo-exchange';

/** Never resolvable (.invalid, RFC 6761): a demo request that escaped `demoFetch` could reach no one. */
export const DEMO_BASE_URL = 'https://demo.in-page-enrich.invalid';

/** The demo engine's stores: never the names a real key's engine opens. */
export const DEMO_STORES = {
  cache: 'ipe-demo-cache',
  companyWindows: 'ipe-demo-company-windows',
  bulk: 'ipe-demo-bulk',
  keptAnswers: 'ipe-demo-kept-answers',
  contacts: 'ipe-demo-contacts',
  /** The demo's ledger value (lib/credits/store.ts), beside the extension's own. */
  ledger: 'demoCreditsLedger',
  tasks: 'demo.queue.task.',
} as const;

/** Demo mode on or off; off also ends the demo service (its memory is freed; its accounts and ledger stay saved). */
export async function setDemoMode(on: boolean): Promise<void> {
  await storeDemoMode(on);
  if (!on) await closeService().catch(() => undefined);
}

/** The demo service's answer to one piece of work, wherever it runs in this build. */
async function work(item: DemoWork): Promise<DemoReply> {
  if (import.meta.env.FIREFOX) return (await import('../offscreen/demo-service')).doDemoWork(item);
  await ensureOffscreenDocument();
  const reply = DemoReplySchema.safeParse(await chrome.runtime.sendMessage({ type: 'offscreen/demo', work: item } satisfies OffscreenDemoMessage));
  if (!reply.success) throw new Error('The demo service gave no usable answer. Turn demo mode off and on again.');
  return reply.data;
}

async function closeService(): Promise<void> {
  if (import.meta.env.FIREFOX) return (await import('../offscreen/demo-service')).closeDemoService();
  // Never creates the document only to close a service it does not run.
  if (await hasOffscreenDocument()) await chrome.runtime.sendMessage({ type: 'offscreen/demo-close' } satisfies OffscreenDemoMessage);
}

/**
 * The engine's fetch in demo mode: the request is answered by the demo service, which stores its accounts and
 * ledger after each answer, so a restarted service resumes with the balance the extension's credit line shows.
 */
export async function demoFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  if (new URL(request.url).origin !== DEMO_BASE_URL) throw new TypeError('Demo mode sends nothing outside the browser.');
  const reply = await work({ op: 'fetch', request: await toDemoRequest(request) });
  if (!reply.ok) throw new Error(`${reply.message} Turn demo mode off and on again.`);
  if (!('answer' in reply)) throw new Error('The demo service gave no usable answer. Turn demo mode off and on again.');
  return withoutRemotePictures(toResponse(reply.answer));
}

/**
 * The seeded people and companies have made-up picture addresses on a real image host: shown, each would be a
 * request to that host (for a file that does not exist), and demo mode promises that nothing leaves the browser.
 * Demo answers come without pictures; the panel shows initials, as for anyone who has none.
 */
async function withoutRemotePictures(response: Response): Promise<Response> {
  if (!/json/.test(response.headers.get('content-type') ?? '')) return response;
  const blank = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(blank);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, key === 'profile_pic_url' ? '' : blank(inner)]));
  };
  const body = JSON.stringify(blank(JSON.parse(await response.text())));
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/** The demo account's ledger, for the e2e tests (the same rows `/_sandbox/ledger` shows a server's). */
export async function demoLedger(): Promise<DemoLedger> {
  const reply = await work({ op: 'ledger' });
  if (!reply.ok) throw new Error(`${reply.message} Turn demo mode off and on again.`);
  if (!('ledger' in reply)) throw new Error('The demo service gave no usable ledger. Turn demo mode off and on again.');
  return reply.ledger;
}
