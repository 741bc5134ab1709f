/**
 * Spend on the hub, from the background: an admin's view of every member (budgets, spend today and this month, usage
 * per day, member and action, the CSV), a member's view of their own, an admin's budget changes and revocations, and
 * signing out (the hub forgets this browser's token). Answers are validated; pages get them as they are here.
 */
import { z } from 'zod';
import { HubRoleSchema } from './session';
import { callHub, callHubText } from './sign-in';
import type { HubConnection } from './lists';

const Credits = z.number().int().nonnegative();
/** A budget in credits; null: none. */
const Budget = Credits.nullable();

export const UsageRowSchema = z.strictObject({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), memberId: z.string().max(100), member: z.string().max(100), action: z.string().max(100), requests: Credits, credits: Credits });
export type UsageRow = z.infer<typeof UsageRowSchema>;

export const SpendSchema = z.strictObject({ dailyBudget: Budget, monthlyBudget: Budget, spentToday: Credits, spentMonth: Credits });
export type Spend = z.infer<typeof SpendSchema>;

/** `you`: the admin reading it (no "Revoke" on their own row: the hub refuses it too). */
export const UsageMemberSchema = SpendSchema.extend({ id: z.string().max(100), name: z.string().max(100), role: HubRoleSchema, revoked: z.boolean(), you: z.boolean() });
export type UsageMember = z.infer<typeof UsageMemberSchema>;

/** What the options page shows: `members` only for an admin (every member, themselves included). */
export const HubUsageSchema = z.strictObject({
  role: HubRoleSchema,
  me: SpendSchema,
  team: SpendSchema,
  members: z.array(UsageMemberSchema).max(10_000).optional(),
  rows: z.array(UsageRowSchema).max(100_000),
});
export type HubUsage = z.infer<typeof HubUsageSchema>;

const pick = (s: Spend): Spend => ({ dailyBudget: s.dailyBudget, monthlyBudget: s.monthlyBudget, spentToday: s.spentToday, spentMonth: s.spentMonth });
const OwnSchema = z.looseObject({ member: z.looseObject(SpendSchema.shape), team: z.looseObject(SpendSchema.shape), rows: z.array(UsageRowSchema).max(100_000) });
const AdminSchema = z.looseObject({ members: z.array(z.looseObject(UsageMemberSchema.omit({ you: true }).shape)).max(10_000), team: z.looseObject(SpendSchema.shape), rows: z.array(UsageRowSchema).max(100_000) });
const OkSchema = z.looseObject({});

export async function usageOf(c: HubConnection, role: 'admin' | 'member'): Promise<HubUsage> {
  if (role === 'member') {
    const own = await callHub(c.hubUrl, '/hub/usage', { method: 'get', token: c.token }, OwnSchema, c.fetch);
    return { role, me: pick(own.member), team: pick(own.team), rows: own.rows };
  }
  const all = await callHub(c.hubUrl, '/hub/admin/usage', { method: 'get', token: c.token }, AdminSchema, c.fetch);
  const members = all.members.map((m) => ({ id: m.id, name: m.name, role: m.role, revoked: m.revoked, you: m.id === c.memberId, ...pick(m) }));
  const me = members.find((m) => m.you);
  return { role, me: me ? pick(me) : { dailyBudget: null, monthlyBudget: null, spentToday: 0, spentMonth: 0 }, team: pick(all.team), members, rows: all.rows };
}

/** The hub's usage CSV (day, member, action, requests, credits), as the hub wrote it. */
export function usageCsv(c: HubConnection): Promise<string> {
  return callHubText(c.hubUrl, '/hub/admin/usage.csv', { method: 'get', token: c.token }, c.fetch);
}

export const MemberBudgetSchema = z.strictObject({ memberId: z.string().min(1).max(100), dailyBudget: Budget, monthlyBudget: Budget });
export type MemberBudget = z.infer<typeof MemberBudgetSchema>;

export async function setMemberBudget(c: HubConnection, budget: MemberBudget): Promise<void> {
  await callHub(c.hubUrl, `/hub/admin/members/${encodeURIComponent(budget.memberId)}/budget`, { method: 'put', json: { dailyBudget: budget.dailyBudget, monthlyBudget: budget.monthlyBudget }, token: c.token }, OkSchema, c.fetch);
}

export async function revokeMember(c: HubConnection, memberId: string): Promise<void> {
  await callHub(c.hubUrl, `/hub/admin/members/${encodeURIComponent(memberId)}/revoke`, { method: 'post', token: c.token }, OkSchema, c.fetch);
}

/** The hub forgets this token (POST /hub/session/sign-out); throws the refusal when it cannot be told. */
export async function signOut(c: HubConnection): Promise<void> {
  await callHub(c.hubUrl, '/hub/session/sign-out', { method: 'post', token: c.token }, OkSchema, c.fetch);
}
