/**
 * The hub's admin routes the options page uses and removing a person from a list, over real HTTP on 127.0.0.1, on the
 * embedded PGlite and on a real Postgres server: open invites listed and withdrawn (the code then signs nobody in),
 * revocation refused for oneself and for the team's last admin, the team's settings read without the key, the audit
 * log's latest entries, and the list rule (owner or admin on a shared list). Every route is checked across teams.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHub, type RunningHub } from '@/hub/server';
import { createTeam, revokeMember } from '@/hub/teams';
import type { HubDatabase } from '@/hub/db/open';
import { BACKENDS, testDatabases, type TestDatabases } from './backends';

async function call(hub: RunningHub, path: string, init: { token: string; method?: string; body?: unknown }) {
  const res = await fetch(`${hub.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { authorization: `Bearer ${init.token}`, ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function redeem(hub: RunningHub, code: string, name: string) {
  const res = await fetch(`${hub.url}/hub/invites/redeem`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code, name }) });
  return { status: res.status, json: (await res.json()) as { token: string; member: { id: string } } };
}

describe.each(BACKENDS)('hub admin routes and list removal on %s', (backend) => {
  let dbs: TestDatabases;
  let database: HubDatabase;
  let hub: RunningHub;

  beforeAll(async () => {
    dbs = await testDatabases(backend);
    database = await dbs.open();
    hub = await startHub({ port: 0, database, keySecret: randomBytes(32).toString('base64') });
  });
  afterAll(async () => {
    await hub?.close();
    await dbs?.dispose();
  });

  /** A team with admin Ada and member Bea, both signed in. */
  async function team() {
    const { adminInvite } = await createTeam(database.db, `team-${randomBytes(3).toString('hex')}`);
    const ada = (await redeem(hub, adminInvite, 'Ada')).json;
    const invite = await call(hub, '/hub/admin/invites', { token: ada.token, body: { role: 'member' } });
    const bea = (await redeem(hub, invite.json.code as string, 'Bea')).json;
    return { ada: { token: ada.token, id: ada.member.id }, bea: { token: bea.token, id: bea.member.id } };
  }

  it('open invites: listed with role, name and expiry (never the code); withdrawn, the code signs nobody in; another team sees and withdraws none', async () => {
    const a = await team();
    const b = await team();
    const made = await call(hub, '/hub/admin/invites', { token: a.ada.token, body: { role: 'admin', name: 'Cy', hours: 2 } });
    expect(made.status).toBe(201);
    const { id, code, expiresAt } = made.json as { id: string; code: string; expiresAt: string };
    const other = (await call(hub, '/hub/admin/invites', { token: a.ada.token, body: { role: 'member' } })).json as { id: string; code: string };

    const open = (await call(hub, '/hub/admin/invites', { token: a.ada.token })).json.invites as Array<Record<string, unknown>>;
    // Bea's invite was redeemed: not open. The two new ones are, newest first.
    expect(open.map((i) => i.id)).toEqual([other.id, id]);
    expect(open[1]).toEqual({ id, role: 'admin', name: 'Cy', createdBy: 'Ada', createdAt: expect.any(String), expiresAt });
    expect(JSON.stringify(open)).not.toContain(code);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(3_600_000);

    // Team B's admin neither sees nor withdraws team A's invites; a member cannot list them.
    expect((await call(hub, '/hub/admin/invites', { token: b.ada.token })).json.invites).toEqual([]);
    const foreign = await call(hub, `/hub/admin/invites/${id}`, { token: b.ada.token, method: 'DELETE' });
    expect(foreign).toMatchObject({ status: 404, json: { errorCode: 'invite_not_open' } });
    expect((await call(hub, '/hub/admin/invites', { token: a.bea.token })).status).toBe(403);
    expect((await call(hub, `/hub/admin/invites/${id}`, { token: a.bea.token, method: 'DELETE' })).status).toBe(403);

    const withdrawn = await call(hub, `/hub/admin/invites/${id}`, { token: a.ada.token, method: 'DELETE' });
    expect(withdrawn).toEqual({ status: 200, json: { withdrawn: true } });
    expect((await redeem(hub, code, 'Cy')).status).toBe(403);
    expect(((await call(hub, '/hub/admin/invites', { token: a.ada.token })).json.invites as Array<{ id: string }>).map((i) => i.id)).toEqual([other.id]);
    expect(await call(hub, `/hub/admin/invites/${id}`, { token: a.ada.token, method: 'DELETE' })).toMatchObject({ status: 404, json: { errorCode: 'invite_not_open' } });

    // A redeemed invite leaves the list and cannot be withdrawn (it names its member).
    expect((await redeem(hub, other.code, 'Dee')).status).toBe(201);
    expect((await call(hub, '/hub/admin/invites', { token: a.ada.token })).json.invites).toEqual([]);
    expect((await call(hub, `/hub/admin/invites/${other.id}`, { token: a.ada.token, method: 'DELETE' })).status).toBe(404);

    const audit = (await call(hub, '/hub/admin/audit', { token: a.ada.token })).json.entries as Array<{ action: string; detail: { inviteId?: string } }>;
    expect(audit.filter((e) => e.action === 'invite.withdraw')).toEqual([expect.objectContaining({ detail: { inviteId: id } })]);
  });

  it('revoking: an admin cannot revoke themselves; the last admin stays; two admins revoking each other at once leave one', async () => {
    const { ada, bea } = await team();
    const self = await call(hub, `/hub/admin/members/${ada.id}/revoke`, { token: ada.token, method: 'POST' });
    expect(self).toMatchObject({ status: 409, json: { errorCode: 'cannot_revoke_self', errorText: expect.stringMatching(/another team admin/) } });
    expect((await call(hub, '/hub/me', { token: ada.token })).status).toBe(200);

    // A second admin, Cy: each revokes the other at the same moment; exactly one succeeds and an admin is left.
    const cyInvite = await call(hub, '/hub/admin/invites', { token: ada.token, body: { role: 'admin' } });
    const cy = (await redeem(hub, cyInvite.json.code as string, 'Cy')).json;
    const [byAda, byCy] = await Promise.all([
      call(hub, `/hub/admin/members/${cy.member.id}/revoke`, { token: ada.token, method: 'POST' }),
      call(hub, `/hub/admin/members/${ada.id}/revoke`, { token: cy.token, method: 'POST' }),
    ]);
    expect([byAda.status, byCy.status].filter((s) => s === 200)).toHaveLength(1);
    const loser = byAda.status === 200 ? byCy : byAda;
    // The loser's request either lost its admin before it ran (401), or found its target to be the last admin (409).
    expect([401, 409]).toContain(loser.status);
    if (loser.status === 409) expect(loser.json.errorCode).toBe('last_admin');
    const survivor = byAda.status === 200 ? ada.token : cy.token;
    const members = (await call(hub, '/hub/admin/members', { token: survivor })).json.members as Array<{ role: string; revoked_at: string | null }>;
    expect(members.filter((m) => m.role === 'admin' && m.revoked_at === null)).toHaveLength(1);

    // A member is revoked as before; revoking them again finds no active member.
    expect((await call(hub, `/hub/admin/members/${bea.id}/revoke`, { token: survivor, method: 'POST' })).status).toBe(200);
    expect((await call(hub, `/hub/admin/members/${bea.id}/revoke`, { token: survivor, method: 'POST' })).status).toBe(404);
  });

  it("the last admin is never revoked: a request that passed its sign-in check before its own admin was revoked is refused; other teams' admins revoke nobody here", async () => {
    const a = await team();
    const b = await team();
    expect((await call(hub, `/hub/admin/members/${a.bea.id}/revoke`, { token: b.ada.token, method: 'POST' })).status).toBe(404);
    expect((await call(hub, `/hub/admin/members/${a.ada.id}/revoke`, { token: b.ada.token, method: 'POST' })).status).toBe(404);
    expect((await call(hub, '/hub/me', { token: a.bea.token })).status).toBe(200);

    const cyInvite = await call(hub, '/hub/admin/invites', { token: a.ada.token, body: { role: 'admin' } });
    const cy = (await redeem(hub, cyInvite.json.code as string, 'Cy')).json;
    const teamId = (await call(hub, '/hub/me', { token: a.ada.token })).json.team as { id: string };
    // Cy revokes Ada; Ada's request, already past its token check (the race above, made certain), then tries Cy.
    expect((await call(hub, `/hub/admin/members/${a.ada.id}/revoke`, { token: cy.token, method: 'POST' })).status).toBe(200);
    const ada = { id: a.ada.id, teamId: teamId.id, name: 'Ada', role: 'admin' as const };
    expect(await revokeMember(database.db, ada, cy.member.id)).toBe('last_admin');
    expect((await call(hub, '/hub/me', { token: cy.token })).status).toBe(200);
  });

  it('team settings: proxy mode and the key set, shown only as set and its last four characters; proxy off forgets it; team-isolated', async () => {
    const a = await team();
    const b = await team();
    const before = await call(hub, '/hub/admin/team', { token: a.ada.token });
    expect(before.json).toMatchObject({ proxy: false, keyEnd: null, upstreamUrl: null });
    const key = `test-standard-settings-${randomBytes(6).toString('hex')}WXYZ`;
    expect((await call(hub, '/hub/admin/team', { token: a.ada.token, method: 'PUT', body: { proxy: { apiKey: key, upstreamUrl: 'http://127.0.0.1:9' } } })).status).toBe(200);
    const after = await call(hub, '/hub/admin/team', { token: a.ada.token });
    expect(after.json).toMatchObject({ proxy: true, keyEnd: 'WXYZ', upstreamUrl: 'http://127.0.0.1:9', rateMax: 200 });
    expect(JSON.stringify(after.json)).not.toContain(key.slice(0, -4));
    expect((await call(hub, '/hub/admin/team', { token: b.ada.token })).json).toMatchObject({ proxy: false, keyEnd: null });
    expect((await call(hub, '/hub/admin/team', { token: a.bea.token })).status).toBe(403);
    const audit = JSON.stringify((await call(hub, '/hub/admin/audit', { token: a.ada.token })).json);
    expect(audit).toContain('team.settings');
    expect(audit).not.toContain(key.slice(0, -4));
    await call(hub, '/hub/admin/team', { token: a.ada.token, method: 'PUT', body: { proxy: null } });
    expect((await call(hub, '/hub/admin/team', { token: a.ada.token })).json).toMatchObject({ proxy: false, keyEnd: null, upstreamUrl: null });
  });

  it('the audit log: the latest entries first, as many as asked, with who did them; a bad limit is refused', async () => {
    const { ada } = await team();
    for (let i = 0; i < 3; i++) await call(hub, '/hub/admin/invites', { token: ada.token, body: { role: 'member', name: `n${i}` } });
    const latest = (await call(hub, '/hub/admin/audit?limit=2', { token: ada.token })).json.entries as Array<{ action: string; member_name: string; detail: { name: string } }>;
    expect(latest.map((e) => [e.action, e.member_name, e.detail.name])).toEqual([
      ['invite.create', 'Ada', 'n2'],
      ['invite.create', 'Ada', 'n1'],
    ]);
    expect((await call(hub, '/hub/admin/audit?limit=0', { token: ada.token })).status).toBe(400);
  });

  it('removing a person from a list: the owner and an admin from a shared list, not another member; a private list only by its owner; never across teams', async () => {
    const a = await team();
    const b = await team();
    const beaInvite = await call(hub, '/hub/admin/invites', { token: a.ada.token, body: { role: 'member' } });
    const dee = (await redeem(hub, beaInvite.json.code as string, 'Dee')).json;
    const write = async (token: string, email: string) =>
      (await call(hub, '/hub/book', { token, body: { writeId: email, lookup: { email }, answer: { email }, boughtAt: '2026-03-01T00:00:00Z', credits: 0 } })).json.entryId as string;
    const [p1, p2, p3] = [await write(a.bea.token, 'p1@acme.example'), await write(a.bea.token, 'p2@acme.example'), await write(a.bea.token, 'p3@acme.example')];
    const shared = (await call(hub, '/hub/lists', { token: a.bea.token, body: { name: 'Shared by Bea', shared: true } })).json.id as string;
    const priv = (await call(hub, '/hub/lists', { token: a.bea.token, body: { name: 'Bea only', shared: false } })).json.id as string;
    await call(hub, `/hub/lists/${shared}/items`, { token: a.bea.token, body: { entryIds: [p1, p2, p3] } });
    await call(hub, `/hub/lists/${priv}/items`, { token: a.bea.token, body: { entryIds: [p1] } });
    const ids = async (list: string, token = a.bea.token) => ((await call(hub, `/hub/lists/${list}/items`, { token })).json.items as Array<{ id: string }>).map((i) => i.id).sort();

    // Another member of the team (Dee) sees the shared list but may not remove from it.
    const byDee = await call(hub, `/hub/lists/${shared}/items/${p1}`, { token: dee.token, method: 'DELETE' });
    expect(byDee).toMatchObject({ status: 403, json: { errorCode: 'list_owner_required' } });
    // Team B's admin cannot touch team A's list: it does not exist for them.
    expect(await call(hub, `/hub/lists/${shared}/items/${p1}`, { token: b.ada.token, method: 'DELETE' })).toMatchObject({ status: 404, json: { errorCode: 'list_not_found' } });
    expect(await ids(shared)).toEqual([p1, p2, p3].sort());

    // The owner removes one; team A's admin removes another; removing it again says it is gone.
    expect(await call(hub, `/hub/lists/${shared}/items/${p1}`, { token: a.bea.token, method: 'DELETE' })).toEqual({ status: 200, json: { removed: true } });
    expect((await call(hub, `/hub/lists/${shared}/items/${p2}`, { token: a.ada.token, method: 'DELETE' })).status).toBe(200);
    expect(await call(hub, `/hub/lists/${shared}/items/${p2}`, { token: a.ada.token, method: 'DELETE' })).toMatchObject({ status: 404, json: { errorCode: 'list_item_not_found' } });
    expect(await ids(shared, dee.token)).toEqual([p3]);
    const lists = (await call(hub, '/hub/lists', { token: dee.token })).json.lists as Array<{ id: string; count: number }>;
    expect(lists.find((l) => l.id === shared)?.count).toBe(1);

    // A private list is its owner's alone: the admin does not see it, so cannot remove from it.
    expect((await call(hub, `/hub/lists/${priv}/items/${p1}`, { token: a.ada.token, method: 'DELETE' })).json.errorCode).toBe('list_not_found');
    expect(await ids(priv)).toEqual([p1]);
    expect((await call(hub, `/hub/lists/${priv}/items/${p1}`, { token: a.bea.token, method: 'DELETE' })).status).toBe(200);
    // The person stays in the team's book (removed from a list, not forgotten).
    expect(((await call(hub, '/hub/book?email=p1%40acme.example', { token: dee.token })).json.hits as unknown[]).length).toBe(1);

    const audit = (await call(hub, '/hub/admin/audit', { token: a.ada.token })).json.entries as Array<{ action: string; member_name: string }>;
    expect(audit.filter((e) => e.action === 'list.remove').map((e) => e.member_name)).toEqual(['Bea', 'Ada', 'Bea']);
  });
});
