/**
 * The service worker's side of the offscreen document (./main.ts): creates it when a paid request is about to
 * leave, hands it the request (URL, body, key: extension contexts only, never a page or content script), and
 * finds an answer again after the service worker was stopped. Chrome only; Firefox's event page sends directly.
 */
import type { HttpAnswer } from '@/lib/api/http';
import { createPaidAnswerStore, OffscreenReplySchema, type OffscreenRequest } from '@/lib/api/paid-answers';
import type { PaidRequests } from '@/lib/engine/bulk-job';

/** Chrome's own API: the offscreen namespace exists only there (MV3 with the `offscreen` permission). */
type ChromeApi = typeof chrome;
const chromeApi = (): ChromeApi | undefined => (globalThis as { chrome?: ChromeApi }).chrome;

export function offscreenAvailable(): boolean {
  return typeof chromeApi()?.offscreen?.createDocument === 'function';
}

const DOCUMENT = 'offscreen.html';
/** Shown in chrome://extensions and reviewed by the store (docs/store.md). */
const JUSTIFICATION =
  'Runs paid enrichment requests in a worker so that their answers are kept when Chrome stops the service worker, and the demo mode sample service.';

/** Whether the document exists (demo mode's host shares it: entrypoints/background/demo.ts). */
export function hasOffscreenDocument(): Promise<boolean> {
  return hasDocument(chromeApi()!);
}

/** Creates the document unless it exists or is being created (demo mode's host shares it). */
export function ensureOffscreenDocument(): Promise<void> {
  return ensureDocument(chromeApi()!);
}

async function hasDocument(api: ChromeApi): Promise<boolean> {
  const contexts = await api.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'] } as unknown as Parameters<ChromeApi['runtime']['getContexts']>[0]);
  return contexts.length > 0;
}

let creating: Promise<void> | null = null;
async function ensureDocument(api: ChromeApi): Promise<void> {
  // The document's context exists as soon as its creation starts, but it listens only once it has loaded, which
  // is when createDocument resolves: while a creation is under way, every caller waits for it. (Two chunks leave
  // at once; the second one saw the context, sent at once, met "Receiving end does not exist", and its 1,000
  // entries failed as "Could not reach the API".)
  if (!creating && (await hasDocument(api)) && !creating) return;
  creating ??= api.offscreen
    .createDocument({ url: DOCUMENT, reasons: ['WORKERS'], justification: JUSTIFICATION } as unknown as Parameters<ChromeApi['offscreen']['createDocument']>[0])
    .catch(async (error: unknown) => {
      // Two callers raced: the other one created it.
      if (!(await hasDocument(api))) throw error;
    })
    .finally(() => (creating = null));
  await creating;
}

async function ask(api: ChromeApi, message: OffscreenRequest) {
  const parsed = OffscreenReplySchema.safeParse(await api.runtime.sendMessage(message));
  if (!parsed.success) throw new Error('The offscreen document gave no usable answer.');
  if (!parsed.data.ok) throw new Error(parsed.data.message);
  return parsed.data.answer;
}

export function createOffscreenPaidRequests(): PaidRequests {
  const api = chromeApi()!;
  const answers = createPaidAnswerStore();
  void answers.purge().catch(() => undefined);
  return {
    sendFor: (id) => async (request, signal) => {
      await ensureDocument(api);
      const onAbort = () => void api.runtime.sendMessage({ type: 'offscreen/abort', id } satisfies OffscreenRequest).catch(() => undefined);
      signal.addEventListener('abort', onAbort, { once: true });
      try {
        const answer = await Promise.race([
          ask(api, { type: 'offscreen/send', id, request }),
          new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')), { once: true })),
        ]);
        if (!answer) throw new Error('The offscreen document returned no answer.');
        return answer;
      } finally {
        signal.removeEventListener('abort', onAbort);
      }
    },
    async answerOf(id): Promise<HttpAnswer | null> {
      const stored = await answers.get(id);
      if (stored) return stored;
      // Not stored yet: the document may still be running it (it outlived the stopped worker); else none comes.
      if (!(await hasDocument(api))) return null;
      return ask(api, { type: 'offscreen/await', id });
    },
    forget: (id) => answers.delete(id),
  };
}
