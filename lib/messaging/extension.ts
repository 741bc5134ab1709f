/** Browser glue for extension pages: the one place that binds the messaging client to runtime messaging. */
import { browser } from 'wxt/browser';
import { createBackgroundClient } from './client';
import { type Event, EventSchema } from './protocol';

export const background = createBackgroundClient((message) => browser.runtime.sendMessage(message));

/** Subscribes to the background's broadcasts; returns the unsubscribe function. */
export function onBackgroundEvent(listener: (event: Event) => void): () => void {
  const handler = (message: unknown) => {
    const parsed = EventSchema.safeParse(message);
    if (parsed.success) listener(parsed.data);
  };
  browser.runtime.onMessage.addListener(handler);
  return () => browser.runtime.onMessage.removeListener(handler);
}
