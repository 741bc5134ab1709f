/**
 * The offscreen document's side of demo mode (Chrome): it answers the background's `offscreen/demo` messages with
 * the demo service (./demo-service.ts), loaded on the first one (a chunk of its own: sql.js and the sandbox's app,
 * which neither the background worker nor this document loads for a user who never tries the demo), and frees the
 * service's database on `offscreen/demo-close`. Only the extension's own contexts are answered.
 */
import { type DemoReply, OffscreenDemoMessageSchema } from '@/lib/api/demo-exchange';

const service = () => import('./demo-service');

const origin = chrome.runtime.getURL('');
chrome.runtime.onMessage.addListener((message: unknown, sender, sendResponse: (reply: DemoReply) => void) => {
  // Extension pages and the service worker only: a content script's sender URL is its web page.
  if (sender.id !== chrome.runtime.id || !sender.url?.startsWith(origin)) return undefined;
  const parsed = OffscreenDemoMessageSchema.safeParse(message);
  if (!parsed.success) return undefined; // not ours: other messages pass by unanswered
  const m = parsed.data;
  if (m.type === 'offscreen/demo-close') {
    void service().then((s) => s.closeDemoService());
    return undefined;
  }
  void service()
    .then((s) => s.doDemoWork(m.work))
    .then(sendResponse, (error: unknown) => sendResponse({ ok: false, message: `The demo service could not load: ${error instanceof Error ? error.message : String(error)}` }));
  return true;
});
