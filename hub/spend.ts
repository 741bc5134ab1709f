/**
 * Spend: per-member and per-team budgets (UTC day and month), checked before a request leaves the hub, and the
 * usage they are checked against. A request in flight reserves its most possible cost (a pending row), so members
 * racing each other cannot overspend a budget together; its real charge replaces the reservation afterwards.
 */
import Papa from 'papaparse';
import { sql, type Kysely } from 'kysely';
import { audit } from './audit';
import type { HubDb } from './db/open';
import type { HubSchema } from './db/schema';
import type { Member } from './teams';
import { newId } from './tokens';

export interface BudgetRefusal {
  scope: 'member' | 'team';
  period: 'day' | 'month';
  budget: number;
  spent: number;
  cost: number;
}

/**
 * A reservation still pending after this long belongs to a request whose hub process died (or lost its database)
 * before settling: far longer than the longest wait for a place under the rate limit (10 s by default) plus the wait for the
 * service's answer (60 s).
 */
export const ABANDONED_AFTER_MS = 10 * 60_000;

/**
 * Reserves `cost` credits for `member` or says which budget refuses it. Under the team's row lock it first marks the
 * team's abandoned reservations `unknown`: whether the service charged them cannot be known, so they keep counting
 * at their most possible cost (a budget is never passed on a guess) and the audit log lists them for an admin to
 * check against the service's own usage.
 */
export async function reserve(db: HubDb, member: Member, action: string, cost: number): Promise<{ usageId: string } | { refused: BudgetRefusal }> {
  return db.transaction().execute(async (trx) => {
    const team = await trx.selectFrom('teams').select(['daily_budget', 'monthly_budget']).where('id', '=', member.teamId).forUpdate().executeTakeFirstOrThrow();
    const abandoned = await trx
      .updateTable('usage')
      .set({ status: 'unknown' })
      .where('team_id', '=', member.teamId)
      .where('status', '=', 'pending')
      .where('at', '<', sql<Date>`clock_timestamp() - make_interval(secs => ${ABANDONED_AFTER_MS / 1000})`)
      .returning(['id', 'member_id', 'action', 'credits'])
      .execute();
    for (const row of abandoned) {
      await audit(trx, member.teamId, row.member_id, 'purchase.unknown', { usageId: row.id, action: row.action, creditsCounted: row.credits, reason: 'abandoned' });
    }
    const me = await trx.selectFrom('members').select(['daily_budget', 'monthly_budget']).where('id', '=', member.id).executeTakeFirstOrThrow();
    const spent = await spentSoFar(trx, member);
    const checks: Array<[BudgetRefusal['scope'], BudgetRefusal['period'], number | null, number]> = [
      ['member', 'day', me.daily_budget, spent.member_day],
      ['member', 'month', me.monthly_budget, spent.member_month],
      ['team', 'day', team.daily_budget, spent.team_day],
      ['team', 'month', team.monthly_budget, spent.team_month],
    ];
    for (const [scope, period, budget, used] of checks) {
      if (budget !== null && used + cost > budget) return { refused: { scope, period, budget, spent: used, cost } };
    }
    const usageId = newId();
    await trx.insertInto('usage').values({ id: usageId, team_id: member.teamId, member_id: member.id, action, credits: cost, status: 'pending', http_status: null }).execute();
    return { usageId };
  });
}

/**
 * Credits spent (and reserved) this UTC day and month by the member and by the whole team: what the budgets are
 * checked against, and what the usage view shows beside them. Failed requests cost nothing; pending and unknown
 * ones count at their most possible cost.
 */
export async function spentSoFar(db: Kysely<HubSchema>, member: Pick<Member, 'id' | 'teamId'>) {
  const day = sql`date_trunc('day', clock_timestamp(), 'UTC')`;
  const month = sql`date_trunc('month', clock_timestamp(), 'UTC')`;
  return db
    .selectFrom('usage')
    .select([
      sql<number>`coalesce(sum(credits) filter (where member_id = ${member.id} and at >= ${day}), 0)::int`.as('member_day'),
      sql<number>`coalesce(sum(credits) filter (where member_id = ${member.id}), 0)::int`.as('member_month'),
      sql<number>`coalesce(sum(credits) filter (where at >= ${day}), 0)::int`.as('team_day'),
      sql<number>`coalesce(sum(credits), 0)::int`.as('team_month'),
    ])
    .where('team_id', '=', member.teamId)
    .where('at', '>=', sql<Date>`${month}`)
    .where('status', '!=', 'failed')
    .executeTakeFirstOrThrow();
}

/** Replaces a reservation by what the request did cost. */
export async function settle(db: HubDb, usageId: string, credits: number, httpStatus: number | null): Promise<void> {
  await db
    .updateTable('usage')
    .set({ credits, status: httpStatus === null ? 'failed' : 'done', http_status: httpStatus })
    .where('id', '=', usageId)
    .execute();
}

/** The request left but its answer never came: it keeps counting at its reserved (most possible) cost. */
export async function settleUnknown(db: HubDb, usageId: string): Promise<void> {
  await db.updateTable('usage').set({ status: 'unknown' }).where('id', '=', usageId).execute();
}

/** A free request (answered from the book) still shows in the usage. */
export async function recordFree(db: HubDb, member: Member, action: string): Promise<void> {
  await db.insertInto('usage').values({ id: newId(), team_id: member.teamId, member_id: member.id, action, credits: 0, status: 'done', http_status: 200 }).execute();
}

/** What a refusal says to the member: which budget, how much is left, and what to do. */
export function describeRefusal(r: BudgetRefusal): string {
  const whose = r.scope === 'member' ? 'Your' : "Your team's";
  const period = r.period === 'day' ? 'daily' : 'monthly';
  const resets = r.period === 'day' ? 'at 00:00 UTC' : 'on the 1st of the month (UTC)';
  return `${whose} ${period} budget of ${r.budget} credits would be passed: ${r.spent} spent, this request may cost ${r.cost}. Ask a team admin to raise it, or wait until it resets ${resets}.`;
}

export interface MemberSpend {
  memberId: string;
  today: number;
  month: number;
}

/** Every member's spend this UTC day and month (members who spent nothing are absent). */
export async function spendByMember(db: HubDb, teamId: string): Promise<MemberSpend[]> {
  const day = sql`date_trunc('day', clock_timestamp(), 'UTC')`;
  const month = sql`date_trunc('month', clock_timestamp(), 'UTC')`;
  return db
    .selectFrom('usage')
    .select([
      'member_id as memberId',
      sql<number>`coalesce(sum(credits) filter (where at >= ${day}), 0)::int`.as('today'),
      sql<number>`coalesce(sum(credits), 0)::int`.as('month'),
    ])
    .where('team_id', '=', teamId)
    .where('at', '>=', sql<Date>`${month}`)
    .where('status', '!=', 'failed')
    .groupBy('member_id')
    .execute();
}

export interface UsageRow {
  day: string;
  memberId: string;
  member: string;
  action: string;
  requests: number;
  credits: number;
}

/** Usage per UTC day, member and action between two dates (`to` excluded); one member's only when `memberId` is given. */
export async function usageRows(db: HubDb, teamId: string, from: Date, to: Date, memberId?: string): Promise<UsageRow[]> {
  let query = db
    .selectFrom('usage')
    .innerJoin('members', 'members.id', 'usage.member_id')
    .select([
      sql<string>`to_char(usage.at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'),
      'members.id as memberId',
      'members.name as member',
      'usage.action',
      sql<number>`count(*)::int`.as('requests'),
      sql<number>`coalesce(sum(usage.credits), 0)::int`.as('credits'),
    ])
    .where('usage.team_id', '=', teamId)
    .where('usage.at', '>=', from)
    .where('usage.at', '<', to)
    .where('usage.status', '!=', 'failed');
  if (memberId !== undefined) query = query.where('usage.member_id', '=', memberId);
  return query.groupBy(['day', 'members.id', 'members.name', 'usage.action']).orderBy('day').orderBy('members.name').orderBy('usage.action').execute();
}

/** The same rows as CSV (names are user text: formulae escaped). */
export async function usageCsv(db: HubDb, teamId: string, from: Date, to: Date): Promise<string> {
  const rows = await usageRows(db, teamId, from, to);
  return Papa.unparse(
    { fields: ['day', 'member_id', 'member', 'action', 'requests', 'credits'], data: rows.map((r) => [r.day, r.memberId, r.member, r.action, r.requests, r.credits]) },
    { escapeFormulae: true },
  );
}
