/**
 * A team admin's work on the hub, from the background: invites (made, listed while open, withdrawn), the team's
 * settings (proxy mode and its key, which goes to the hub and never comes back: the hub says only that one is set and
 * its last four characters) and the audit log's latest entries. Answers are validated; pages get them as they are
 * here. The hub's own names and details are hostile text: pages show them as text, never as markup.
 */
import { z } from 'zod';
import { HubRoleSchema } from './session';
import { callHub } from './sign-in';
import type { HubConnection } from './lists';

const Id = z.string().min(1).max(200);
const When = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const at = new Date(v).getTime();
  if (Number.isFinite(at)) return at;
  ctx.addIssue({ code: 'custom', message: 'not a date' });
  return z.NEVER;
});
const Budget = z.number().int().nonnegative().nullable();

/** An open invite as the options page lists it: never its code (shown once, when made). Times are epoch ms. */
export const OpenInviteSchema = z.strictObject({ id: Id, role: HubRoleSchema, name: z.string().max(100).nullable(), createdBy: z.string().max(100).nullable(), expiresAt: z.number() });
export type OpenInvite = z.infer<typeof OpenInviteSchema>;

/** A new invite: its code is shown once to the admin who made it, to hand on. */
export const NewInviteSchema = z.strictObject({ id: Id, code: z.string().min(8).max(200), expiresAt: z.number() });
export type NewInvite = z.infer<typeof NewInviteSchema>;

export const InviteRequestSchema = z.strictObject({ role: HubRoleSchema, name: z.string().trim().min(1).max(100).optional() });
export type InviteRequest = z.infer<typeof InviteRequestSchema>;

/** The team's settings without the key: `keyEnd` its last four characters (null when the hub cannot say). */
export const TeamSettingsSchema = z.strictObject({
  proxy: z.boolean(),
  keyEnd: z.string().max(4).nullable(),
  upstreamUrl: z.string().max(2048).nullable(),
  dailyBudget: Budget,
  monthlyBudget: Budget,
});
export type TeamSettings = z.infer<typeof TeamSettingsSchema>;

/** Proxy mode on with a (new) key for the service at `upstreamUrl`, or off (`null`: the hub forgets the key). */
export const TeamProxySchema = z.strictObject({
  proxy: z.strictObject({ apiKey: z.string().trim().min(8).max(500), upstreamUrl: z.url({ protocol: /^https?$/ }).max(2048) }).nullable(),
});
export type TeamProxy = z.infer<typeof TeamProxySchema>;

/** One line of the audit log: when, who (null: the hub itself, e.g. the team's creation), what, and its details. */
export const AuditEntrySchema = z.strictObject({ id: z.number().int(), at: z.number(), who: z.string().max(100).nullable(), action: z.string().max(100), detail: z.string().max(2000) });
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** How many audit entries the options page shows. */
export const AUDIT_SHOWN = 50;

const HubInviteSchema = z.looseObject({ id: Id, role: HubRoleSchema, name: z.string().max(100).nullable(), createdBy: z.string().max(100).nullable(), expiresAt: When });
const HubInvitesSchema = z.looseObject({ invites: z.array(HubInviteSchema).max(10_000) });
const HubNewInviteSchema = z.looseObject({ id: Id, code: z.string().min(8).max(200), expiresAt: When });
const HubTeamSchema = z.looseObject({ proxy: z.boolean(), keyEnd: z.string().max(4).nullable(), upstreamUrl: z.string().max(2048).nullable(), dailyBudget: Budget, monthlyBudget: Budget });
const HubAuditSchema = z.looseObject({
  entries: z.array(z.looseObject({ id: z.number().int(), at: When, action: z.string().max(100), detail: z.unknown(), member_name: z.string().max(100).nullable() })).max(500),
});
const OkSchema = z.looseObject({});

const path = (...parts: string[]) => parts.map(encodeURIComponent).join('/');

export async function openInvites(c: HubConnection): Promise<OpenInvite[]> {
  const { invites } = await callHub(c.hubUrl, '/hub/admin/invites', { method: 'get', token: c.token }, HubInvitesSchema, c.fetch);
  return invites.map((i) => ({ id: i.id, role: i.role, name: i.name, createdBy: i.createdBy, expiresAt: i.expiresAt }));
}

export async function createInvite(c: HubConnection, invite: InviteRequest): Promise<NewInvite> {
  const made = await callHub(c.hubUrl, '/hub/admin/invites', { method: 'post', json: invite, token: c.token }, HubNewInviteSchema, c.fetch);
  return { id: made.id, code: made.code, expiresAt: made.expiresAt };
}

export async function withdrawInvite(c: HubConnection, id: string): Promise<void> {
  await callHub(c.hubUrl, `/hub/admin/invites/${path(id)}`, { method: 'delete', token: c.token }, OkSchema, c.fetch);
}

export async function teamSettings(c: HubConnection): Promise<TeamSettings> {
  const team = await callHub(c.hubUrl, '/hub/admin/team', { method: 'get', token: c.token }, HubTeamSchema, c.fetch);
  return { proxy: team.proxy, keyEnd: team.keyEnd, upstreamUrl: team.upstreamUrl, dailyBudget: team.dailyBudget, monthlyBudget: team.monthlyBudget };
}

/** Sends the key to the hub (or turns proxy mode off) and reads the settings back: the key itself never returns. */
export async function setTeamProxy(c: HubConnection, change: TeamProxy): Promise<TeamSettings> {
  await callHub(c.hubUrl, '/hub/admin/team', { method: 'put', json: change, token: c.token }, OkSchema, c.fetch);
  return teamSettings(c);
}

/**
 * An entry's details as one line of text: `key: value` pairs, nested values as JSON, cut at 300 characters. Ids mean
 * nothing to a reader and are left out, except a member's, which is named (`member: Bea`) from `names`.
 */
export function detailText(detail: unknown, names: ReadonlyMap<string, string> = new Map()): string {
  if (detail === null || typeof detail !== 'object' || Array.isArray(detail)) return detail === undefined ? '' : JSON.stringify(detail).slice(0, 300);
  return Object.entries(detail)
    .filter(([k, v]) => v !== undefined && v !== null && (k === 'memberId' || !/Id$/.test(k)))
    .map(([k, v]) => (k === 'memberId' ? `member: ${typeof v === 'string' ? (names.get(v) ?? v) : JSON.stringify(v)}` : `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`))
    .join(' · ')
    .slice(0, 300);
}

const HubMembersSchema = z.looseObject({ members: z.array(z.looseObject({ id: Id, name: z.string().max(100) })).max(10_000) });

export async function auditEntries(c: HubConnection, limit = AUDIT_SHOWN): Promise<AuditEntry[]> {
  const [{ entries }, { members }] = await Promise.all([
    callHub(c.hubUrl, `/hub/admin/audit?limit=${limit}`, { method: 'get', token: c.token }, HubAuditSchema, c.fetch),
    callHub(c.hubUrl, '/hub/admin/members', { method: 'get', token: c.token }, HubMembersSchema, c.fetch),
  ]);
  const names = new Map(members.map((m) => [m.id, m.name]));
  return entries.map((e) => ({ id: e.id, at: e.at, who: e.member_name, action: e.action, detail: detailText(e.detail, names) }));
}
