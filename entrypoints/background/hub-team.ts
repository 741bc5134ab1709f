/**
 * The team hub's lists, usage and sign-out (lib/hub-client/lists.ts, usage.ts) over the sign-in the background keeps:
 * each request reads it, so a page never holds the token and a request after leaving says "not signed in".
 * People added to a team list are read from the contact book here (pages send record ids).
 */
import { HandledError } from '@/lib/errors/handled-error';
import { auditEntries, createInvite, openInvites, setTeamProxy, teamSettings, withdrawInvite } from '@/lib/hub-client/admin';
import { addToTeamList, createTeamList, mayRemoveFrom, removeFromTeamList, shareTeamList, teamListItems, teamLists, type HubConnection } from '@/lib/hub-client/lists';
import { readSession, type HubSession } from '@/lib/hub-client/session';
import { revokeMember, setMemberBudget, signOut, usageCsv, usageOf } from '@/lib/hub-client/usage';
import { t } from '@/lib/i18n/t';
import type { SecretText } from '@/lib/keystore';
import type { Handlers, SenderInfo } from '@/lib/messaging/router';
import type { RequestType } from '@/lib/messaging/protocol';
import { contactBook } from './contacts';

type TeamRequest = Extract<RequestType, `hub/lists/${string}` | 'hub/usage' | 'hub/usage/csv' | `hub/admin/${string}` | 'hub/sign-out'>;
type TeamHandlers = Pick<Handlers<SenderInfo>, TeamRequest>;
type Leave = Handlers<SenderInfo>['hub/leave'];

const connectionOf = (s: HubSession): HubConnection => ({ hubUrl: s.hubUrl, token: s.token, memberId: s.member.id });

/** `leave` is the background's own "Leave the hub" (key and address put back), run after the hub was told. */
export function createHubTeamHandlers(session: SecretText, leave: Leave): TeamHandlers {
  const current = async () => readSession(await session.get());
  const signedIn = async (): Promise<HubSession> => {
    const s = await current();
    if (!s) throw new HandledError({ kind: 'invalid_message', message: t('team_not_signed_in') });
    return s;
  };
  const connection = async () => connectionOf(await signedIn());
  const admin = async () => {
    const s = await signedIn();
    if (s.member.role !== 'admin') throw new HandledError({ kind: 'forbidden', message: t('team_admin_only') });
    return connectionOf(s);
  };
  return {
    'hub/lists/all': async () => {
      const s = await current();
      return s ? { team: s.team.name, lists: await teamLists(connectionOf(s)) } : { team: null, lists: [] };
    },
    'hub/lists/create': async (input) => createTeamList(await connection(), input.name, input.shared),
    'hub/lists/share': async (input) => {
      await shareTeamList(await connection(), input.id, input.shared);
      return { ok: true as const };
    },
    'hub/lists/items': async (input) => {
      const s = await signedIn();
      const read = await teamListItems(connectionOf(s), input.id);
      return { ...read, canRemove: mayRemoveFrom(read.list, s.member.role) };
    },
    'hub/lists/remove': async (input) => {
      await removeFromTeamList(await connection(), input.id, input.entryId);
      return { ok: true as const };
    },
    'hub/lists/add': async (input) => {
      const c = await connection();
      return addToTeamList(c, input.id, await contactBook().records(input.recordIds));
    },
    'hub/usage': async () => {
      const s = await signedIn();
      return usageOf(connectionOf(s), s.member.role);
    },
    'hub/usage/csv': async () => ({ csv: await usageCsv(await admin()) }),
    'hub/admin/budget': async (input) => {
      await setMemberBudget(await admin(), input);
      return { ok: true as const };
    },
    'hub/admin/revoke': async (input) => {
      await revokeMember(await admin(), input.memberId);
      return { ok: true as const };
    },
    'hub/admin/invites': async () => ({ invites: await openInvites(await admin()) }),
    'hub/admin/invite': async (input) => createInvite(await admin(), input),
    'hub/admin/invite/withdraw': async (input) => {
      await withdrawInvite(await admin(), input.id);
      return { ok: true as const };
    },
    'hub/admin/team': async () => teamSettings(await admin()),
    'hub/admin/team/proxy': async (input) => setTeamProxy(await admin(), input),
    'hub/admin/audit': async () => ({ entries: await auditEntries(await admin()) }),
    'hub/sign-out': async (_input, ctx) => {
      const s = await current();
      let revoked = false;
      if (s) {
        try {
          await signOut(connectionOf(s));
          revoked = true;
        } catch (error) {
          // A token the hub refuses already (revoked by an admin) is as signed out as it gets.
          if (error instanceof HandledError && error.data.hub?.code === 'token_refused') revoked = true;
          else console.warn('In-Page Enrich: the team hub could not be told of the sign-out', error);
        }
      }
      // Forgotten here whatever the hub answered: leaving must work with the hub down.
      await leave({}, ctx);
      return { revoked };
    },
  };
}
