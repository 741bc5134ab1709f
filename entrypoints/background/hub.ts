/**
 * The team hub's requests (lib/hub-client/membership.ts) over the background's services: the sign-in is kept beside
 * the key, in the key store's database. Demo mode ends first, as saving a real key ends it: the sign-in replaces the
 * real key, never the demo's.
 */
import { createIdbSecretText, type KeyStore } from '@/lib/keystore';
import { createIdbOutboxStore } from '@/lib/hub-client/outbox-idb';
import { createTeamBookLink, type TeamBookLink } from '@/lib/hub-client/team-book';
import { createMembership } from '@/lib/hub-client/membership';
import type { Handlers, SenderInfo } from '@/lib/messaging/router';
import { broadcast } from './broadcast';
import { createHubTeamHandlers } from './hub-team';
import type { SwitchMode } from './handlers';
import type { Services } from './services';

type HubHandlers = Pick<Handlers<SenderInfo>, 'hub/state' | 'hub/join' | 'hub/leave'> & ReturnType<typeof createHubTeamHandlers>;

export function createHubHandlers(services: () => Promise<Services>, switchMode: SwitchMode): HubHandlers {
  const session = createIdbSecretText('hubSession');
  const membership = (s: Services) => createMembership({ keystore: s.keystore, settings: s.settings, session });
  /** The real services (demo mode switched off), for what changes the real key. */
  const real = async () => {
    const s = await services();
    return s.demo ? switchMode(false) : s;
  };
  /** A new key (or none): what the options page said about the old one no longer applies. */
  const changed = async (s: Services) => {
    await s.keyRejection.forget();
    broadcast({ type: 'event/settings' });
  };
  const handlers: Pick<Handlers<SenderInfo>, 'hub/state' | 'hub/join' | 'hub/leave'> = {
    'hub/state': async () => membership(await services()).state(),
    'hub/join': async (input) => {
      const s = await real();
      const joined = await membership(s).join(input);
      await changed(s);
      return joined;
    },
    'hub/leave': async () => {
      const s = await real();
      const left = await membership(s).leave();
      await changed(s);
      return left;
    },
  };
  // Lists, usage and sign-out: their own module; signing out ends with the same leaving as 'hub/leave'.
  return { ...handlers, ...createHubTeamHandlers(session, handlers['hub/leave']) };
}

// ---------------------------------------------------------------------------------------------------------------
// The team's shared book (docs/hub.md, "The shared book from the extension"): asked before a contact lookup is
// bought, written after, through an outbox in IndexedDB that a hub that is down or a browser offline only delays.

let teamBookLink: TeamBookLink | null = null;

/** The one link to the team's book in this worker (demo mode has none: its answers are the demo's). */
export function teamBook(keystore: KeyStore): TeamBookLink {
  teamBookLink ??= createTeamBookLink({
    session: createIdbSecretText('hubSession'),
    keystore,
    outboxStore: createIdbOutboxStore(),
    schedule: (delayMs, run) => void setTimeout(run, delayMs),
  });
  return teamBookLink;
}
