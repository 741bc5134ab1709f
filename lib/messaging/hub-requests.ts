/**
 * UI → background requests of the team hub's lists, usage and sign-out (docs/hub.md). Handlers:
 * entrypoints/background/hub-team.ts. Spread into `requests` (ui-to-background.ts). The member's token never
 * crosses: pages name lists and members by the hub's ids.
 */
import { z } from 'zod';
import { AuditEntrySchema, InviteRequestSchema, NewInviteSchema, OpenInviteSchema, TeamProxySchema, TeamSettingsSchema } from '../hub-client/admin';
import { TeamListItemSchema, TeamListSchema } from '../hub-client/lists';
import { HubUsageSchema, MemberBudgetSchema } from '../hub-client/usage';

const empty = z.strictObject({});
const ok = z.strictObject({ ok: z.literal(true) });
const hubId = z.string().min(1).max(100);

export const hubRequests = {
  /** The team's shared lists and the member's private ones on the hub; `team` null when not signed in to a hub. */
  'hub/lists/all': { input: empty, output: z.strictObject({ team: z.string().nullable(), lists: z.array(TeamListSchema) }) },
  'hub/lists/create': { input: z.strictObject({ name: z.string().trim().min(1).max(120), shared: z.boolean() }), output: TeamListSchema },
  /** Only the member who made a list shares or unshares it. */
  'hub/lists/share': { input: z.strictObject({ id: hubId, shared: z.boolean() }), output: ok },
  /**
   * `unreadable`: people whose stored answer did not read as a person (left out, said). `canRemove`: the member may
   * remove people from it (its maker, or an admin on a shared list; the hub decides again).
   */
  'hub/lists/items': {
    input: z.strictObject({ id: hubId }),
    output: z.strictObject({ list: TeamListSchema.omit({ ownerName: true, count: true }), items: z.array(TeamListItemSchema), unreadable: z.number().int().nonnegative(), canRemove: z.boolean() }),
  },
  /** Removes one person (by the entry id the list's items carry) from a team list; they stay in the team's book. */
  'hub/lists/remove': { input: z.strictObject({ id: hubId, entryId: hubId }), output: ok },
  /** Adds people of the contact book (by record id); `skipped`: companies and people the team's book cannot hold. */
  'hub/lists/add': {
    input: z.strictObject({ id: hubId, recordIds: z.array(z.string().max(4096)).min(1).max(10_000) }),
    output: z.strictObject({ added: z.number().int().nonnegative(), skipped: z.number().int().nonnegative() }),
  },
  /** An admin: every member's spend and budgets; a member: their own. */
  'hub/usage': { input: empty, output: HubUsageSchema },
  /** The hub's usage CSV (admins), for the page to save as a file. */
  'hub/usage/csv': { input: empty, output: z.strictObject({ csv: z.string().max(50_000_000) }) },
  'hub/admin/budget': { input: MemberBudgetSchema, output: ok },
  'hub/admin/revoke': { input: z.strictObject({ memberId: hubId }), output: ok },
  /** Admins: the team's open invites (never their codes). */
  'hub/admin/invites': { input: empty, output: z.strictObject({ invites: z.array(OpenInviteSchema).max(10_000) }) },
  /** Admins: a single-use invite; its code is in this answer only (shown once, to hand on). */
  'hub/admin/invite': { input: InviteRequestSchema, output: NewInviteSchema },
  'hub/admin/invite/withdraw': { input: z.strictObject({ id: z.string().min(1).max(200) }), output: ok },
  /** Admins: proxy mode and whether a key is set (its last four characters at most: the key never comes back). */
  'hub/admin/team': { input: empty, output: TeamSettingsSchema },
  /** Admins: the key goes to the hub (never stored in the extension) or proxy mode off; the settings read back. */
  'hub/admin/team/proxy': { input: TeamProxySchema, output: TeamSettingsSchema },
  /** Admins: the audit log's latest entries, newest first. */
  'hub/admin/audit': { input: empty, output: z.strictObject({ entries: z.array(AuditEntrySchema).max(500) }) },
  /**
   * Leaving the hub: the hub is told to forget this browser's token first (`revoked`), then the sign-in is forgotten
   * here whatever the hub said. Not `revoked` (the hub down, unreachable, failing): the token stays valid on the hub
   * until an admin revokes the member, and the page says so.
   */
  'hub/sign-out': { input: empty, output: z.strictObject({ revoked: z.boolean() }) },
} as const;
