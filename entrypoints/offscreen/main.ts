/**
 * Chrome's offscreen document (docs/reliability.md, "Bulk jobs in detail"): paid bulk requests run here, in a dedicated worker it
 * spawns (the `WORKERS` reason), because Chrome may stop the extension's service worker at any time, and a request
 * in flight then loses its answer although the service charged it on arrival. This document is not stopped
 * with the service worker; its worker stores every answer in IndexedDB before replying, and a restarted service
 * worker asks for an answer by id (`offscreen/await`). Only the extension's own contexts are answered.
 */
import { OffscreenRequestSchema, type OffscreenReply } from '@/lib/api/paid-answers';
import { createPaidAnswerStore } from '@/lib/api/paid-answers';
import { HttpAnswerSchema } from '@/lib/api/http';
import { z } from 'zod';
// Vite bundles the worker as its own file (the `?worker` import; typed in ./worker-import.d.ts).
import HttpWorker from './http-worker?worker';
// Demo mode's service runs in this document too, loaded only when demo mode is used.
import './demo-host';

const worker = new HttpWorker();
const answers = createPaidAnswerStore();
const running = new Map<string, Promise<OffscreenReply>>();
const waiting = new Map<string, (reply: OffscreenReply) => void>();

const WorkerReplySchema = z.union([
  z.strictObject({ id: z.string(), ok: z.literal(true), answer: HttpAnswerSchema }),
  z.strictObject({ id: z.string(), ok: z.literal(false), message: z.string() }),
]);

worker.addEventListener('message', (event: MessageEvent<unknown>) => {
  const reply = WorkerReplySchema.safeParse(event.data);
  if (!reply.success) return;
  const { id, ...rest } = reply.data;
  waiting.get(id)?.(rest.ok ? { ok: true, answer: rest.answer } : { ok: false, message: rest.message });
  waiting.delete(id);
});

function send(id: string, request: unknown): Promise<OffscreenReply> {
  const existing = running.get(id);
  if (existing) return existing; // the same chunk never goes out twice
  const reply = new Promise<OffscreenReply>((resolve) => waiting.set(id, resolve));
  running.set(id, reply);
  void reply.finally(() => running.delete(id));
  worker.postMessage({ op: 'send', id, request });
  return reply;
}

async function answerOf(id: string): Promise<OffscreenReply> {
  const live = running.get(id);
  if (live) return live;
  return { ok: true, answer: await answers.get(id) };
}

const origin = chrome.runtime.getURL('');
chrome.runtime.onMessage.addListener((message: unknown, sender, sendResponse: (reply: OffscreenReply) => void) => {
  // Extension pages and the service worker only: a content script's sender URL is its web page.
  if (sender.id !== chrome.runtime.id || !sender.url?.startsWith(origin)) return undefined;
  const parsed = OffscreenRequestSchema.safeParse(message);
  if (!parsed.success) return undefined; // not ours: other pages' messages pass by unanswered
  const m = parsed.data;
  if (m.type === 'offscreen/abort') {
    worker.postMessage({ op: 'abort', id: m.id });
    return undefined;
  }
  void (m.type === 'offscreen/send' ? send(m.id, m.request) : answerOf(m.id)).then(sendResponse, (error: unknown) =>
    sendResponse({ ok: false, message: error instanceof Error ? error.message : String(error) }),
  );
  return true;
});
