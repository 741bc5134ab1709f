/** The audit log: purchases and admin actions, per team, append-only. */
import type { Kysely } from 'kysely';
import type { HubSchema } from './db/schema';

export async function audit(db: Kysely<HubSchema>, teamId: string, memberId: string | null, action: string, detail: Record<string, unknown> = {}) {
  await db.insertInto('audit').values({ team_id: teamId, member_id: memberId, action, detail: JSON.stringify(detail) }).execute();
}

export async function auditLog(db: Kysely<HubSchema>, teamId: string, limit = 500) {
  return db
    .selectFrom('audit')
    .leftJoin('members', 'members.id', 'audit.member_id')
    .select(['audit.id', 'audit.at', 'audit.action', 'audit.detail', 'audit.member_id', 'members.name as member_name'])
    .where('audit.team_id', '=', teamId)
    .orderBy('audit.id', 'desc')
    .limit(limit)
    .execute();
}
