/**
 * The dedicated worker of the offscreen document: it sends each paid request and stores its answer in
 * IndexedDB before it hands it back (lib/api/paid-answers.ts). Neither the service worker's stop nor the
 * document's own page lifecycle touches it while the document lives.
 */
import { createDirectSend, HttpRequestSchema } from '@/lib/api/http';
import { createPaidAnswerStore } from '@/lib/api/paid-answers';
import { z } from 'zod';

const send = createDirectSend();
const answers = createPaidAnswerStore();
const running = new Map<string, AbortController>();

const WorkSchema = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('send'), id: z.string(), request: HttpRequestSchema }),
  z.strictObject({ op: z.literal('abort'), id: z.string() }),
]);

self.addEventListener('message', (event: MessageEvent<unknown>) => {
  const work = WorkSchema.safeParse(event.data);
  if (!work.success) return;
  const { id } = work.data;
  if (work.data.op === 'abort') {
    running.get(id)?.abort();
    return;
  }
  const controller = new AbortController();
  running.set(id, controller);
  const request = work.data.request;
  void (async () => {
    try {
      const answer = await send(request, controller.signal);
      // Stored before anything else: from here on a stopped service worker loses nothing.
      await answers.put(id, answer);
      postMessage({ id, ok: true, answer });
    } catch (error) {
      postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
    } finally {
      running.delete(id);
    }
  })();
});
