/** Teams, members, invites and tokens. */
import { sql } from 'kysely';
import { audit } from './audit';
import type { HubDb } from './db/open';
import type { KeySealer } from './key-sealer';
import { hashSecret, newId, newInviteCode, newToken } from './tokens';

export type Role = 'admin' | 'member';

export interface Member {
  id: string;
  teamId: string;
  name: string;
  role: Role;
}

export const DEFAULT_INVITE_HOURS = 72;

/** Creates a team and the invite its first admin redeems (bootstrap from the CLI). */
export async function createTeam(db: HubDb, name: string): Promise<{ teamId: string; adminInvite: string; expiresAt: Date }> {
  const teamId = newId();
  await db.insertInto('teams').values({ id: teamId, name, api_key: null, upstream_url: null, daily_budget: null, monthly_budget: null }).execute();
  const invite = await createInvite(db, { teamId, role: 'admin', name: 'admin', createdBy: null });
  await audit(db, teamId, null, 'team.create', { name });
  return { teamId, adminInvite: invite.code, expiresAt: invite.expiresAt };
}

export async function createInvite(
  db: HubDb,
  opts: { teamId: string; role: Role; name: string | null; createdBy: string | null; hours?: number },
): Promise<{ id: string; code: string; expiresAt: Date }> {
  const code = newInviteCode();
  const expiresAt = new Date(Date.now() + (opts.hours ?? DEFAULT_INVITE_HOURS) * 3_600_000);
  await db
    .insertInto('invites')
    .values({ code_hash: hashSecret(code), team_id: opts.teamId, role: opts.role, name: opts.name, created_by: opts.createdBy, expires_at: expiresAt })
    .execute();
  if (opts.createdBy) await audit(db, opts.teamId, opts.createdBy, 'invite.create', { inviteId: hashSecret(code), role: opts.role, name: opts.name, expiresAt });
  // The invite's id is its code's SHA-256, the key it is stored under: it names the invite (to withdraw it) and cannot
  // be redeemed, as a token's hash signs nobody in.
  return { id: hashSecret(code), code, expiresAt };
}

/** A team's invites that can still be redeemed (unused, unexpired), newest first, with who made each. */
export async function openInvites(db: HubDb, teamId: string) {
  const rows = await db
    .selectFrom('invites')
    .leftJoin('members', 'members.id', 'invites.created_by')
    .select(['invites.code_hash', 'invites.role', 'invites.name', 'invites.created_at', 'invites.expires_at', 'members.name as created_by_name'])
    .where('invites.team_id', '=', teamId)
    .where('invites.used_at', 'is', null)
    .where('invites.expires_at', '>', sql<Date>`now()`)
    .orderBy('invites.created_at', 'desc')
    .execute();
  return rows.map((r) => ({ id: r.code_hash, role: r.role, name: r.name, createdAt: r.created_at, expiresAt: r.expires_at, createdBy: r.created_by_name }));
}

/**
 * Withdraws an open invite of the admin's own team: it is deleted, so its code signs nobody in. False when there is no
 * such open invite (another team's, used, expired or already withdrawn): a used invite stays, it names its member.
 */
export async function withdrawInvite(db: HubDb, admin: Member, inviteId: string): Promise<boolean> {
  const done = await db
    .deleteFrom('invites')
    .where('code_hash', '=', inviteId)
    .where('team_id', '=', admin.teamId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (Number(done.numDeletedRows) === 0) return false;
  await audit(db, admin.teamId, admin.id, 'invite.withdraw', { inviteId });
  return true;
}

/**
 * Redeems an invite for a new member and their token. Single use holds under concurrency: the one UPDATE that
 * marks the invite used is the check (a second redeemer's UPDATE matches no row).
 */
export async function redeemInvite(db: HubDb, code: string, name: string | undefined): Promise<{ token: string; member: Member } | null> {
  return db.transaction().execute(async (trx) => {
    const memberId = newId();
    const invite = await trx
      .updateTable('invites')
      .set({ used_at: sql<Date>`now()`, used_by: null })
      .where('code_hash', '=', hashSecret(code))
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning(['team_id', 'role', 'name', 'code_hash'])
      .executeTakeFirst();
    if (!invite) return null;
    const memberName = name ?? invite.name ?? 'member';
    await trx
      .insertInto('members')
      .values({ id: memberId, team_id: invite.team_id, name: memberName, role: invite.role, daily_budget: null, monthly_budget: null })
      .execute();
    await trx.updateTable('invites').set({ used_by: memberId }).where('code_hash', '=', invite.code_hash).execute();
    const token = newToken();
    await trx.insertInto('tokens').values({ token_hash: hashSecret(token), member_id: memberId }).execute();
    await audit(trx, invite.team_id, memberId, 'invite.redeem', { role: invite.role, name: memberName });
    return { token, member: { id: memberId, teamId: invite.team_id, name: memberName, role: invite.role } };
  });
}

/** The member a token belongs to, or null (unknown token, or a revoked member: refused from the next request). */
export async function memberOfToken(db: HubDb, token: string): Promise<Member | null> {
  const row = await db
    .selectFrom('tokens')
    .innerJoin('members', 'members.id', 'tokens.member_id')
    .select(['members.id', 'members.team_id', 'members.name', 'members.role'])
    .where('tokens.token_hash', '=', hashSecret(token))
    .where('members.revoked_at', 'is', null)
    .executeTakeFirst();
  return row ? { id: row.id, teamId: row.team_id, name: row.name, role: row.role } : null;
}

export async function listMembers(db: HubDb, teamId: string) {
  return db
    .selectFrom('members')
    .select(['id', 'name', 'role', 'created_at', 'revoked_at', 'daily_budget', 'monthly_budget'])
    .where('team_id', '=', teamId)
    .orderBy('created_at')
    .execute();
}

export type RevokeOutcome = 'revoked' | 'not_found' | 'self' | 'last_admin';

/**
 * Revokes a member of the admin's own team; their tokens stop working at once. An admin cannot revoke themselves (they
 * would lock themselves out mid-click; another admin can), and the team always keeps one active admin: the team's row
 * is locked while counting, so two admins revoking each other at the same moment leave one of them.
 */
export async function revokeMember(db: HubDb, admin: Member, memberId: string): Promise<RevokeOutcome> {
  if (memberId === admin.id) return 'self';
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('teams').select('id').where('id', '=', admin.teamId).forUpdate().executeTakeFirst();
    const target = await trx.selectFrom('members').select(['role']).where('id', '=', memberId).where('team_id', '=', admin.teamId).where('revoked_at', 'is', null).executeTakeFirst();
    if (!target) return 'not_found';
    if (target.role === 'admin') {
      const others = await trx
        .selectFrom('members')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('team_id', '=', admin.teamId)
        .where('role', '=', 'admin')
        .where('revoked_at', 'is', null)
        .where('id', '!=', memberId)
        .executeTakeFirstOrThrow();
      if (others.n === 0) return 'last_admin';
    }
    await trx.updateTable('members').set({ revoked_at: sql<Date>`now()` }).where('id', '=', memberId).execute();
    await trx.deleteFrom('tokens').where('member_id', '=', memberId).execute();
    await audit(trx, admin.teamId, admin.id, 'member.revoke', { memberId });
    return 'revoked';
  });
}

/**
 * The team's settings as an admin may read them: whether the hub holds a key (proxy mode) and its last four
 * characters (as the extension shows a user's own key), never the key. `keyEnd` is null when this hub cannot open the
 * stored key (another HUB_KEY_SECRET sealed it).
 */
export async function teamSettings(db: HubDb, sealer: KeySealer, teamId: string) {
  const team = await db.selectFrom('teams').select(['name', 'api_key', 'upstream_url', 'rate_max', 'rate_window_ms', 'daily_budget', 'monthly_budget']).where('id', '=', teamId).executeTakeFirstOrThrow();
  let keyEnd: string | null = null;
  if (team.api_key !== null) {
    try {
      const key = sealer.open(team.api_key);
      keyEnd = key.length >= 8 ? key.slice(-4) : null;
    } catch {
      keyEnd = null;
    }
  }
  return {
    name: team.name,
    proxy: team.api_key !== null,
    keyEnd,
    upstreamUrl: team.upstream_url,
    rateMax: team.rate_max,
    rateWindowMs: team.rate_window_ms,
    dailyBudget: team.daily_budget,
    monthlyBudget: team.monthly_budget,
  };
}

/** Seals every team key still stored in the clear (written by a hub before keys were sealed). */
export async function sealStoredKeys(db: HubDb, sealer: KeySealer): Promise<number> {
  const teams = await db.selectFrom('teams').select(['id', 'api_key']).where('api_key', 'is not', null).execute();
  let sealed = 0;
  for (const team of teams) {
    if (!team.api_key || !sealer.isLegacy(team.api_key)) continue;
    await db.updateTable('teams').set({ api_key: sealer.seal(team.api_key) }).where('id', '=', team.id).where('api_key', '=', team.api_key).execute();
    sealed++;
  }
  return sealed;
}
