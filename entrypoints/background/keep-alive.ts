/**
 * Chrome stops an idle extension service worker after 30 s, even with a fetch still running or work queued.
 * While the queue has anything pending or in flight, a cheap extension API call every 20 s resets the idle timer
 * (docs/api-decisions.md D11); when the queue is empty the worker may sleep as usual.
 */
import { browser } from 'wxt/browser';
import { KEEP_ALIVE_INTERVAL_MS } from '@/lib/api/decisions';

export function createKeepAlive(isBusy: () => boolean): () => void {
  let timer: ReturnType<typeof setInterval> | null = null;
  return function update() {
    if (isBusy() && timer === null) {
      timer = setInterval(() => {
        browser.runtime.getPlatformInfo().catch(() => undefined);
      }, KEEP_ALIVE_INTERVAL_MS);
    } else if (!isBusy() && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}
