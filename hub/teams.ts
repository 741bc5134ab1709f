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
): Promise<{ code: string; expiresAt: Date }> {
  const code = newInviteCode();
  const expiresAt = new Date(Date.now() + (opts.hours ?? DEFAULT_INVITE_HOURS) * 3_600_000);
  await db
    .insertInto('invites')
    .values({ code_hash: hashSecret(code), team_id: opts.teamId, role: opts.role, name: opts.name, created_by: opts.createdBy, expires_at: expiresAt })
    .execute();
  if (opts.createdBy) await audit(db, opts.teamId, opts.createdBy, 'invite.create', { role: opts.role, name: opts.name, expiresAt });
  return { code, expiresAt };
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

/** Revokes a member of the admin's own team; their tokens stop working at once. False when no such member. */
export async function revokeMember(db: HubDb, admin: Member, memberId: string): Promise<boolean> {
  const done = await db
    .updateTable('members')
    .set({ revoked_at: sql<Date>`now()` })
    .where('id', '=', memberId)
    .where('team_id', '=', admin.teamId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) return false;
  await db.deleteFrom('tokens').where('member_id', '=', memberId).execute();
  await audit(db, admin.teamId, admin.id, 'member.revoke', { memberId });
  return true;
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
