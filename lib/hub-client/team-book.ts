/**
 * The shared book of the team the member is signed in to, for the engine: the port it asks before buying
 * (lib/engine/team-book.ts, answered by ./ask.ts) and the hook that writes each purchase through the outbox
 * (./outbox.ts). Read from the sign-in at each use, so signing in, leaving or switching teams needs no restart.
 *
 * Proxy mode: the hub is asked the same way (so the price before the click says free), but writes nothing from here:
 * the hub wrote the purchase itself when it forwarded it, and a second write would count its credits twice. A member
 * of a proxy team whose lookups do not go through the hub (they put their own key back) writes like any other.
 */
import type { KeyStore, SecretText } from '../keystore';
import type { OpenTeamBook } from '../engine/team-book';
import type { PaidAnswer } from '../model/book-port';
import { createTeamBookClient } from './ask';
import { bookWriteOf, isTeamPurchase } from './book-write';
import { createOutbox, type OutboxStore } from './outbox';
import { readSession, type HubSession } from './session';

export interface TeamBookDeps {
  /** Where the sign-in is kept (lib/hub-client/membership.ts). */
  session: SecretText;
  keystore: Pick<KeyStore, 'get'>;
  outboxStore: OutboxStore;
  fetch?: typeof fetch;
  now?: () => number;
  schedule?: (delayMs: number, run: () => void) => void;
}

export function createTeamBookLink(deps: TeamBookDeps) {
  const current = async (): Promise<HubSession | null> => readSession(await deps.session.get());
  let client: { id: string; book: ReturnType<typeof createTeamBookClient> } | null = null;

  const outbox = createOutbox({
    store: deps.outboxStore,
    session: async () => {
      const s = await current();
      return s ? { hubUrl: s.hubUrl, token: s.token, teamId: s.team.id } : null;
    },
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.schedule ? { schedule: deps.schedule } : {}),
  });

  const open: OpenTeamBook = async () => {
    const s = await current();
    if (!s) {
      client = null;
      return null;
    }
    const id = `${s.hubUrl}\n${s.token}`;
    if (client?.id !== id) {
      client = {
        id,
        book: createTeamBookClient({
          hubUrl: s.hubUrl,
          token: s.token,
          ...(deps.fetch ? { fetch: deps.fetch } : {}),
          ...(deps.now ? { now: deps.now } : {}),
          // The hub answers again: what waits in the outbox goes now, whatever its pause said.
          onHubAnswered: () => void outbox.sync(true),
        }),
      };
    }
    return client.book;
  };

  /** The engine's paid-answer hook: a person bought with the member's own key goes to the team's book. */
  async function onPaidAnswer(answer: PaidAnswer): Promise<void> {
    if (!isTeamPurchase(answer)) return;
    const s = await current();
    if (!s) return;
    if (s.team.proxy && (await deps.keystore.get()) === s.token) return;
    const write = await bookWriteOf(answer);
    if (!write) return;
    // This member now owns the person: what the book said about their identifiers is stale.
    client?.book.forget();
    await outbox.enqueue(write, { teamId: s.team.id, hubUrl: s.hubUrl });
  }

  return { open, onPaidAnswer, outbox };
}

export type TeamBookLink = ReturnType<typeof createTeamBookLink>;
