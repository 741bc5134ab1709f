/** Browser glue for extension pages: the one place that binds the messaging client to runtime messaging. */
import { browser } from 'wxt/browser';
import { createBackgroundClient } from './client';
import { type Event, EventSchema } from './protocol';
import { isBackgroundSender, type SenderInfo } from './router';

export const background = createBackgroundClient((message) => browser.runtime.sendMessage(message));

/**
 * Subscribes to the background's broadcasts; returns the unsubscribe function. Messages from anyone but the
 * background (a content script, another extension) are ignored before they are parsed.
 */
export function onBackgroundEvent(listener: (event: Event) => void): () => void {
  const ownId = browser.runtime.id;
  const ownOrigin = browser.runtime.getURL('/');
  const handler = (message: unknown, sender: SenderInfo) => {
    if (!isBackgroundSender(sender, ownId, ownOrigin)) return;
    const parsed = EventSchema.safeParse(message);
    if (parsed.success) listener(parsed.data);
  };
  browser.runtime.onMessage.addListener(handler);
  return () => browser.runtime.onMessage.removeListener(handler);
}
