/*
 * One QueryClient per surface (side panel, popup, options/onboarding: each is its own document, so one module-level
 * client is one per surface). It caches what the pages ask the background (prices, settings, the contact book's
 * answers, the credits summary) and is the one place that says which background event makes which answer stale.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { onBackgroundEvent } from '@/lib/messaging/extension';
import type { Event } from '@/lib/messaging/protocol';

/** Query keys, one family per kind of answer, so an event can drop a whole family at once. */
export const queryKeys = {
  /** A price (`credits/estimate`), by the action's JSON. */
  estimates: ['estimate'] as const,
  estimate: (action: string) => ['estimate', action] as const,
  /** The contact book's record of what a row shows (`contacts/saved`), by the question's JSON. */
  saved: ['saved'] as const,
  savedAnswer: (query: string) => ['saved', query] as const,
  /** Any other request (`useRequest`), by type and input JSON. */
  request: (type: string, input: string) => ['request', type, input] as const,
  settings: ['request', 'settings/get', '{}'] as const,
  credits: ['request', 'credits/summary', '{}'] as const,
};

export function createSurfaceQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The background already retries what may be retried (lib/api/retry.ts); an error is data shown at once.
        retry: false,
        // Pages refresh on the background's events (below), not on every focus of a window.
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
    },
  });
}

/** The surface's client: this document's only one. */
export const surfaceQueryClient = createSurfaceQueryClient();

/**
 * Drops the answers a family of queries gave: the mounted ones are asked again, those no component shows are
 * forgotten, an answer still on its way among them too (a price asked before a charge must not be cached after it).
 */
export function forgetAnswers(queryKey: readonly unknown[], client: QueryClient = surfaceQueryClient): Promise<void> {
  // Cancelled first: invalidating alone would let a first question still on its way (no answer yet) stand in for the
  // new one, and its older answer would be shown.
  return client.cancelQueries({ queryKey }).then(() => {
    client.removeQueries({ queryKey, type: 'inactive' });
    return client.invalidateQueries({ queryKey, refetchType: 'active' });
  });
}

/** What each background event makes stale. */
export function applyEvent(event: Event, client: QueryClient = surfaceQueryClient): void {
  switch (event.type) {
    case 'event/credits':
      // A charge can make a price "free" and a row "bought before"; the summary itself travels with the event.
      void forgetAnswers(queryKeys.estimates, client);
      void forgetAnswers(queryKeys.saved, client);
      // An answer asked before the event and landing after it must not hide the newer summary.
      void client.cancelQueries({ queryKey: queryKeys.credits }).then(() => client.setQueryData(queryKeys.credits, event.credits));
      return;
    case 'event/settings':
      // Options change prices (realtime, waterfall, the budget).
      void forgetAnswers(queryKeys.estimates, client);
      void forgetAnswers(queryKeys.settings, client);
      return;
    case 'event/cache':
      // Removed cached answers: "free" prices and "bought before" notes are asked again.
      void forgetAnswers(queryKeys.estimates, client);
      void forgetAnswers(queryKeys.saved, client);
      return;
    default:
      return;
  }
}

/** Gives the surface its client and keeps it in step with the background's events for as long as the page lives. */
export function SurfaceData({ children, client = surfaceQueryClient }: { children: ReactNode; client?: QueryClient }) {
  useEffect(() => onBackgroundEvent((event) => applyEvent(event, client)), [client]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
