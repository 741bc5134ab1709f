/**
 * The background's client of the hub's lists, usage and sign-out (lib/hub-client/lists.ts, usage.ts) against a real
 * hub (PGlite, over HTTP on 127.0.0.1): people of the contact book go into a team list through the team's book, once
 * however often they are added; a stored answer that does not read as a person is left out and counted; what a member
 * and an admin read of the usage; a refusal worded; signing out ends the token.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningHub } from '@/hub/server';
import { startTestHub } from './backends';
import { createTeam } from '@/hub/teams';
import type { BookRecord } from '@/lib/contacts/schema';
import { HandledError } from '@/lib/errors/handled-error';
import { addToTeamList, createTeamList, shareTeamList, teamListItems, teamLists, type HubConnection } from '@/lib/hub-client/lists';
import { revokeMember, setMemberBudget, signOut, usageCsv, usageOf } from '@/lib/hub-client/usage';

let hub: RunningHub;

beforeAll(async () => {
  hub = await startTestHub({ port: 0, keySecret: randomBytes(32).toString('base64') });
});
afterAll(async () => {
  await hub?.close();
});

async function redeem(code: string, name: string): Promise<HubConnection> {
  const res = await fetch(`${hub.url}/hub/invites/redeem`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code, name }) });
  const body = (await res.json()) as { token: string; member: { id: string } };
  return { hubUrl: hub.url, token: body.token, memberId: body.member.id };
}

/** A team with admin Ada and member Bea, signed in as the background keeps them. */
async function team(): Promise<{ ada: HubConnection; bea: HubConnection }> {
  const { adminInvite } = await createTeam(hub.database.db, `team-${randomBytes(3).toString('hex')}`);
  const ada = await redeem(adminInvite, 'Ada');
  const res = await fetch(`${hub.url}/hub/admin/invites`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${ada.token}` }, body: JSON.stringify({ role: 'member' }) });
  const bea = await redeem(((await res.json()) as { code: string }).code, 'Bea');
  return { ada, bea };
}

function person(id: string, value: unknown): BookRecord {
  return { id, kind: 'person', key: `k:${id}`, keys: [], value, firstBoughtAt: Date.parse('2026-03-01T10:00:00Z'), lastBoughtAt: Date.parse('2026-03-02T10:00:00Z'), creditsSpent: 1 };
}

const lee = { full_name: 'Lee Park', first_name: 'Lee', last_name: 'Park', current_work_email: 'lee@acme.example', personal_emails: [], phone_numbers: [], social_profiles: [], employment: { name: 'Acme', job: { title: 'CTO' } } };

describe('team lists and usage through the background client', () => {
  it('people of the contact book go into a shared list once; a teammate reads them as rows, with who bought and added them', async () => {
    const { ada, bea } = await team();
    const list = await createTeamList(ada, 'Q3 targets', true);
    const company: BookRecord = { ...person('c1', { overview: { name: 'Acme' } }), kind: 'company' };
    const nameless = person('p0', { full_name: 'No Handle', personal_emails: [], phone_numbers: [], social_profiles: [] });
    expect(await addToTeamList(ada, list.id, [person('p1', lee), company, nameless])).toEqual({ added: 1, skipped: 2 });
    // Added again (another click): the same book entry, no second one.
    await addToTeamList(ada, list.id, [person('p1', lee)]);

    const seen = await teamLists(bea);
    expect(seen).toEqual([{ id: list.id, name: 'Q3 targets', shared: true, mine: false, ownerName: 'Ada', count: 1 }]);
    const { list: opened, items, unreadable } = await teamListItems(bea, list.id);
    expect(opened).toEqual({ id: list.id, name: 'Q3 targets', shared: true, mine: false });
    expect(unreadable).toBe(0);
    expect(items).toEqual([expect.objectContaining({ boughtBy: 'Ada', addedBy: 'Ada', entry: expect.objectContaining({ name: 'Lee Park', line: 'Lee Park · CTO, Acme', handle: 'lee@acme.example' }) })]);
    // Written with 0 credits: sharing a person spends nothing.
    const hit = (await (await fetch(`${hub.url}/hub/book?email=lee%40acme.example`, { headers: { authorization: `Bearer ${bea.token}` } })).json()) as { hits: Array<{ credits: number }> };
    expect(hit.hits).toEqual([expect.objectContaining({ credits: 0 })]);
  });

  it("a private list is its maker's until shared; a stored answer that is not a person is counted, not shown", async () => {
    const { ada, bea } = await team();
    const list = await createTeamList(ada, 'Mine', false);
    expect(await teamLists(bea)).toEqual([]);
    await expect(shareTeamList(bea, list.id, true)).rejects.toBeInstanceOf(HandledError);
    await shareTeamList(ada, list.id, true);
    expect((await teamLists(bea)).map((l) => l.name)).toEqual(['Mine']);
    // Another client wrote an answer that is no person (hostile or damaged): left out, and said.
    const written = await fetch(`${hub.url}/hub/book`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ada.token}` },
      body: JSON.stringify({ writeId: 'odd', lookup: { email: 'odd@acme.example' }, answer: 'not a person', boughtAt: '2026-03-01T00:00:00Z', credits: 0 }),
    });
    const { entryId } = (await written.json()) as { entryId: string };
    await fetch(`${hub.url}/hub/lists/${list.id}/items`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${ada.token}` }, body: JSON.stringify({ entryIds: [entryId] }) });
    expect(await teamListItems(bea, list.id)).toMatchObject({ items: [], unreadable: 1 });
  });

  it('usage: an admin reads every member and sets budgets; a member reads their own; only an admin gets the CSV; revoking and signing out end tokens', async () => {
    const { ada, bea } = await team();
    await setMemberBudget(ada, { memberId: bea.memberId, dailyBudget: 4, monthlyBudget: null });
    const all = await usageOf(ada, 'admin');
    expect(all.members?.find((m) => m.id === bea.memberId)).toEqual({ id: bea.memberId, name: 'Bea', role: 'member', revoked: false, you: false, dailyBudget: 4, monthlyBudget: null, spentToday: 0, spentMonth: 0 });
    expect(all.me).toEqual({ dailyBudget: null, monthlyBudget: null, spentToday: 0, spentMonth: 0 });
    expect(all.members?.filter((m) => m.you).map((m) => m.id)).toEqual([ada.memberId]);
    const own = await usageOf(bea, 'member');
    expect(own).toEqual({ role: 'member', me: { dailyBudget: 4, monthlyBudget: null, spentToday: 0, spentMonth: 0 }, team: { dailyBudget: null, monthlyBudget: null, spentToday: 0, spentMonth: 0 }, rows: [] });
    expect((await usageCsv(ada)).trim()).toBe('day,member_id,member,action,requests,credits');
    await expect(usageCsv(bea)).rejects.toMatchObject({ data: { kind: 'server' } });

    await signOut(bea);
    await expect(usageOf(bea, 'member')).rejects.toMatchObject({ data: { hub: { code: 'token_refused' } } });
    await revokeMember(ada, bea.memberId);
    expect((await usageOf(ada, 'admin')).members?.find((m) => m.id === bea.memberId)?.revoked).toBe(true);
  });
});
