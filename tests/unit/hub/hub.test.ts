/**
 * The team hub over real HTTP on 127.0.0.1, on the embedded PGlite and on a real Postgres server, with the real
 * sandbox as the enrichment service behind proxy mode.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startHub, type RunningHub } from '@/hub/server';
import { createTeam } from '@/hub/teams';
import { hashSecret } from '@/hub/tokens';
import type { HubDatabase } from '@/hub/db/open';
import { startSandbox, type RunningSandbox } from '@/sandbox/server';
import { BACKENDS, testDatabases, type TestDatabases } from './backends';
import { budget } from '../../time-budget';

// The sandbox's per-key limit, made short so the shared-limiter test takes seconds: 10 requests per second.
const RATE = { max: 10, windowMs: 1000 };

interface Samples {
  emails: string[];
  phones: string[];
  socialProfiles: string[];
}

async function call(hub: RunningHub, path: string, init: { token?: string; method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${hub.url}${path}`, { method: init.method ?? (init.body === undefined ? 'GET' : 'POST'), headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, headers: res.headers, text, json: json as Record<string, unknown> };
}

/** The service's interface through the hub: the member's token in X-API-Key, where the key went. */
async function enrichVia(hub: RunningHub, token: string, query: Record<string, string>) {
  const res = await fetch(`${hub.url}/v1/enrich?${new URLSearchParams(query)}`, { headers: { 'x-api-key': token } });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

async function ledger(sandbox: RunningSandbox, key: string) {
  const res = await fetch(`${sandbox.url}/_sandbox/ledger?key=${encodeURIComponent(key)}`);
  return (await res.json()) as { balance: number; entries: Array<{ endpoint: string; credits: number }> };
}

describe.each(BACKENDS)('team hub on %s', (backend) => {
  // Every hub process of one database seals the team key with the same secret, as HUB_KEY_SECRET does in production.
  const keySecret = randomBytes(32).toString('base64');
  let dbs: TestDatabases;
  let database: HubDatabase;
  let hub: RunningHub;
  let sandbox: RunningSandbox;
  let samples: Samples;

  beforeAll(async () => {
    [dbs, sandbox] = await Promise.all([testDatabases(backend), startSandbox({ port: 0, quiet: true, rateLimit: RATE, realtimeDelayMs: 0 })]);
    database = await dbs.open();
    hub = await startHub({ port: 0, database, maxQueueMs: 60_000, keySecret });
    samples = (await (await fetch(`${sandbox.url}/_sandbox/samples`)).json()) as Samples;
  });
  afterAll(async () => {
    await hub?.close();
    await sandbox?.close();
    await dbs?.dispose();
  });

  /** A new team with its admin and `members` more members, all signed in over HTTP. */
  async function team(members = 1, via: RunningHub = hub) {
    const { teamId, adminInvite } = await createTeam(database.db, `team-${randomBytes(3).toString('hex')}`);
    const admin = await call(via, '/hub/invites/redeem', { body: { code: adminInvite, name: 'Ada' } });
    expect(admin.status).toBe(201);
    const adminToken = admin.json.token as string;
    const tokens: string[] = [];
    const ids: string[] = [];
    for (let i = 0; i < members; i++) {
      const invite = await call(via, '/hub/admin/invites', { token: adminToken, body: { role: 'member', name: `m${i}` } });
      const redeemed = await call(via, '/hub/invites/redeem', { body: { code: invite.json.code } });
      expect(redeemed.status).toBe(201);
      tokens.push(redeemed.json.token as string);
      ids.push((redeemed.json.member as { id: string }).id);
    }
    return { teamId, adminToken, tokens, ids };
  }

  async function proxyTeam(adminToken: string) {
    const key = `test-standard-hub-${randomBytes(4).toString('hex')}`;
    const set = await call(hub, '/hub/admin/team', { token: adminToken, method: 'PUT', body: { proxy: { apiKey: key, upstreamUrl: sandbox.url, rateMax: RATE.max, rateWindowMs: RATE.windowMs } } });
    expect(set.status).toBe(200);
    return key;
  }

  it('an invite signs in once: a second redemption, an expired invite and a made-up code are refused', async () => {
    const { teamId, adminInvite } = await createTeam(database.db, 'single-use');
    const first = await call(hub, '/hub/invites/redeem', { body: { code: adminInvite, name: 'Ada' } });
    expect(first.status).toBe(201);
    expect((first.json.member as { teamId: string; role: string }).role).toBe('admin');
    const again = await call(hub, '/hub/invites/redeem', { body: { code: adminInvite, name: 'Eve' } });
    expect(again.status).toBe(403);
    expect(again.json.errorText).toMatch(/unknown, used or expired/);

    const invite = await call(hub, '/hub/admin/invites', { token: first.json.token as string, body: { role: 'member' } });
    await database.db.updateTable('invites').set({ expires_at: new Date(Date.now() - 1000) }).where('team_id', '=', teamId).where('used_at', 'is', null).execute();
    expect((await call(hub, '/hub/invites/redeem', { body: { code: invite.json.code } })).status).toBe(403);
    expect((await call(hub, '/hub/invites/redeem', { body: { code: 'inv_not-a-real-code' } })).status).toBe(403);
  });

  it('a revoked member is refused on their next request; only an admin can revoke', async () => {
    const { adminToken, tokens, ids } = await team(2);
    expect((await call(hub, '/hub/me', { token: tokens[0] })).status).toBe(200);
    expect((await call(hub, `/hub/admin/members/${ids[0]}/revoke`, { token: tokens[1], method: 'POST' })).status).toBe(403);
    expect((await call(hub, `/hub/admin/members/${ids[0]}/revoke`, { token: adminToken, method: 'POST' })).status).toBe(200);
    const refused = await call(hub, '/hub/me', { token: tokens[0] });
    expect(refused.status).toBe(401);
    expect(refused.json.errorText).toMatch(/revoked/);
    expect((await call(hub, '/hub/me', { token: tokens[1] })).status).toBe(200);
  });

  it('the book: a write is found by any identifier of the person, applied once per write id; first purchase kept, newest answer wins', async () => {
    const { tokens } = await team(2);
    const [a, b] = tokens as [string, string];
    const write = { writeId: 'w1', lookup: { email: 'Bob.Smith@ACME.com' }, aliases: [{ phone: '+1 (650) 253-0000' }], answer: { v: 1 }, boughtAt: '2026-01-02T10:00:00Z', credits: 1 };
    const first = await call(hub, '/hub/book', { token: a, body: write });
    expect(first.status).toBe(201);
    const replay = await call(hub, '/hub/book', { token: a, body: write });
    expect(replay.status).toBe(200);
    expect(replay.json).toEqual({ entryId: first.json.entryId, replayed: true });

    const byPhone = await call(hub, `/hub/book?phone=${encodeURIComponent('+1 650.253.0000')}`, { token: b });
    const hits = byPhone.json.hits as Array<{ entryId: string; credits: number; boughtBy: { name: string }; firstBoughtAt: string }>;
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ entryId: first.json.entryId, credits: 1, boughtBy: { name: 'm0' }, firstBoughtAt: '2026-01-02T10:00:00.000Z' });

    // B bought the same person later by email (another browser): the answer is B's, the first purchase stays A's.
    await call(hub, '/hub/book', { token: b, body: { writeId: 'w1', lookup: { email: 'bob.smith@acme.com' }, answer: { v: 2 }, boughtAt: '2026-01-05T10:00:00Z', credits: 1 } });
    // An older answer written late does not replace the newer one.
    await call(hub, '/hub/book', { token: b, body: { writeId: 'w2', lookup: { email: 'bob.smith@acme.com' }, answer: { v: 0 }, boughtAt: '2026-01-03T10:00:00Z', credits: 0 } });
    const after = await call(hub, '/hub/book/ask', { token: a, body: { lookups: [{ email: 'BOB.SMITH@acme.com' }, { email: 'nobody@acme.com' }] } });
    const results = after.json.results as Array<{ hits: Array<{ entryId: string; credits: number; boughtBy: { name: string }; firstBoughtAt: string }> }>;
    expect(results[0]?.hits[0]).toMatchObject({ entryId: first.json.entryId, credits: 2, boughtBy: { name: 'm0' }, firstBoughtAt: '2026-01-02T10:00:00.000Z' });
    expect(results[1]?.hits).toEqual([]);
    expect((await call(hub, `/hub/book/${first.json.entryId}`, { token: a })).json.answer).toEqual({ v: 2 });
  });

  it('the book: members writing one new person at the same moment land in one entry', async () => {
    const { tokens } = await team(2);
    const writes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(hub, '/hub/book', {
          token: tokens[i % 2],
          body: { writeId: `race-${i}`, lookup: { email: 'race@acme.com' }, aliases: [{ phone: `+1650253${String(1000 + i)}` }], boughtAt: `2026-03-01T10:00:0${i}Z`, credits: 1 },
        }),
      ),
    );
    expect(new Set(writes.map((w) => w.json.entryId)).size).toBe(1);
    const hit = (await call(hub, '/hub/book?phone=%2B16502531007', { token: tokens[0] })).json.hits as Array<{ credits: number; firstBoughtAt: string }>;
    expect(hit).toEqual([expect.objectContaining({ entryId: writes[0]?.json.entryId, credits: 8, firstBoughtAt: '2026-03-01T10:00:00.000Z' })]);
  });

  it('teams are isolated: another team sees none of the book, lists, members or usage', async () => {
    const one = await team(1);
    const other = await team(1);
    const written = await call(hub, '/hub/book', { token: one.tokens[0], body: { writeId: 'x', lookup: { email: 'secret@one.com' }, answer: { secret: true }, boughtAt: '2026-02-01T00:00:00Z', credits: 1 } });
    const list = await call(hub, '/hub/lists', { token: one.tokens[0], body: { name: 'Targets', shared: true } });
    await call(hub, `/hub/lists/${list.json.id}/items`, { token: one.tokens[0], body: { entryIds: [written.json.entryId] } });

    expect((await call(hub, '/hub/book?email=secret@one.com', { token: other.tokens[0] })).json.hits).toEqual([]);
    expect((await call(hub, `/hub/book/${written.json.entryId}`, { token: other.tokens[0] })).status).toBe(404);
    // Asked many at once, one's own team's answer comes back and the other team's entry is null.
    expect((await call(hub, '/hub/book/answers', { token: one.tokens[0], body: { entryIds: [written.json.entryId, 'no-such-entry'] } })).json.answers).toEqual([{ answer: { secret: true }, options: '' }, null]);
    expect((await call(hub, '/hub/book/answers', { token: other.tokens[0], body: { entryIds: [written.json.entryId] } })).json.answers).toEqual([null]);
    expect((await call(hub, '/hub/lists', { token: other.tokens[0] })).json.lists).toEqual([]);
    expect((await call(hub, `/hub/lists/${list.json.id}/items`, { token: other.tokens[0] })).status).toBe(404);
    // Adding the other team's entry to one's own list adds nothing.
    const own = await call(hub, '/hub/lists', { token: other.tokens[0], body: { name: 'Mine', shared: false } });
    expect((await call(hub, `/hub/lists/${own.json.id}/items`, { token: other.tokens[0], body: { entryIds: [written.json.entryId] } })).json.added).toBe(0);
    expect((await call(hub, `/hub/admin/members/${one.ids[0]}/revoke`, { token: other.adminToken, method: 'POST' })).status).toBe(404);
    const members = (await call(hub, '/hub/admin/members', { token: other.adminToken })).json.members as Array<{ id: string }>;
    expect(members.map((m) => m.id)).not.toContain(one.ids[0]);
    // The owner's team sees its shared list; a private list stays its owner's.
    expect(((await call(hub, `/hub/lists/${list.json.id}/items`, { token: one.adminToken })).json.items as unknown[]).length).toBe(1);
    expect((await call(hub, `/hub/lists/${own.json.id}/items`, { token: other.adminToken })).status).toBe(404);
  });

  it("proxy: an upstream error that echoes the team's key reaches the member with the key scrubbed", async () => {
    // A real upstream on 127.0.0.1 that answers 400 quoting the request's key, as a careless gateway's error page does.
    const echo = createServer((req, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ errorCode: 'bad_request', errorText: `bad request for key ${String(req.headers['x-api-key'])}` }));
    });
    await new Promise<void>((ok) => echo.listen(0, '127.0.0.1', ok));
    try {
      const { adminToken, tokens } = await team(1);
      const key = `test-standard-hub-${randomBytes(4).toString('hex')}`;
      const upstreamUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
      const set = await call(hub, '/hub/admin/team', { token: adminToken, method: 'PUT', body: { proxy: { apiKey: key, upstreamUrl, rateMax: RATE.max, rateWindowMs: RATE.windowMs } } });
      expect(set.status).toBe(200);
      const answer = await enrichVia(hub, tokens[0] as string, { email: 'jane@example.com' });
      expect(answer.status).toBe(400);
      expect(answer.text).toContain('[redacted]');
      expect(answer.text).not.toContain(key);
    } finally {
      await new Promise((ok) => echo.close(ok));
    }
  });

  it('proxy: A buys, B asks by another identifier of the same person and gets it free; the sandbox charged once; the key never shows', async () => {
    const { adminToken, tokens } = await team(2);
    const [a, b] = tokens as [string, string];
    const key = await proxyTeam(adminToken);

    const bought = await enrichVia(hub, a, { email: samples.emails[0] as string });
    expect(bought.status).toBe(200);
    const contact = (JSON.parse(bought.text) as { result: { social_profiles: Array<{ url: string }>; phone_numbers: Array<{ E164: string }> } }).result;
    const other = contact.social_profiles[0]?.url ?? contact.phone_numbers[0]?.E164;
    expect(other).toBeTruthy();
    const query: Record<string, string> = contact.social_profiles[0] ? { social_profile: other as string } : { phone: other as string };

    const free = await enrichVia(hub, b, query);
    expect(free.status).toBe(200);
    expect(free.headers.get('x-hub-book')).toBe('hit');
    expect(decodeURIComponent(free.headers.get('x-hub-bought-by') ?? '')).toBe('m0');
    expect(JSON.parse(free.text)).toEqual(JSON.parse(bought.text));
    const asked = await call(hub, `/hub/book?${new URLSearchParams(query)}`, { token: b });
    expect((asked.json.hits as Array<{ boughtBy: { name: string } }>)[0]?.boughtBy.name).toBe('m0');

    const charged = await ledger(sandbox, key);
    expect(charged.entries.filter((e) => e.credits > 0)).toEqual([expect.objectContaining({ endpoint: expect.stringContaining('enrich'), credits: 1 })]);

    const csv = await call(hub, '/hub/admin/usage.csv', { token: adminToken });
    expect(csv.text).toMatch(/,m0,enrich,1,1/);
    expect(csv.text).toMatch(/,m1,enrich:book,1,0/);
    const auditLog = await call(hub, '/hub/admin/audit', { token: adminToken });
    expect((auditLog.json.entries as Array<{ action: string }>).map((e) => e.action)).toEqual(expect.arrayContaining(['purchase', 'team.settings', 'invite.create']));
    for (const text of [bought.text, free.text, asked.text, csv.text, auditLog.text, (await call(hub, '/hub/me', { token: adminToken })).text, (await call(hub, '/hub/admin/members', { token: adminToken })).text]) {
      expect(text).not.toContain(key);
    }
  });

  it('proxy: contacts bought in bulk go into the book, so a later single lookup by their phone or profile is free', async () => {
    const { adminToken, tokens } = await team(1);
    const key = await proxyTeam(adminToken);
    const form = new FormData();
    form.set('required_fields', '[]');
    form.set('query_list', JSON.stringify([{ field_type: 'email', value: samples.emails[5] }, { field_type: 'email', value: 'nobody@nowhere.example' }]));
    const res = await fetch(`${hub.url}/v1/bulk-enrich`, { method: 'POST', headers: { 'x-api-key': tokens[0] as string }, body: form });
    expect(res.status).toBe(200);
    const bulk = (await res.json()) as { records_enriched: number; contacts: Array<{ enriched_contact: { social_profiles: Array<{ url: string }>; phone_numbers: Array<{ E164: string }> } | null }> };
    expect(bulk.records_enriched).toBe(1);
    const contact = bulk.contacts[0]?.enriched_contact;
    const query: Record<string, string> = contact?.social_profiles[0] ? { social_profile: contact.social_profiles[0].url } : { phone: contact?.phone_numbers[0]?.E164 ?? '' };
    const again = await enrichVia(hub, adminToken, query);
    expect(again.status).toBe(200);
    expect(again.headers.get('x-hub-book')).toBe('hit');
    const charged = await ledger(sandbox, key);
    expect(charged.entries.filter((e) => e.credits > 0).map((e) => [e.endpoint, e.credits])).toEqual([[expect.stringContaining('bulk'), 1]]);
  });

  it("proxy: a member's budget refuses a purchase before it leaves the hub; the team budget too", async () => {
    const { adminToken, tokens, ids } = await team(2);
    const key = await proxyTeam(adminToken);
    expect((await call(hub, `/hub/admin/members/${ids[1]}/budget`, { token: adminToken, method: 'PUT', body: { dailyBudget: 1 } })).status).toBe(200);
    expect((await enrichVia(hub, tokens[1] as string, { email: samples.emails[1] as string })).status).toBe(200);
    const refused = await enrichVia(hub, tokens[1] as string, { email: samples.emails[2] as string });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text)).toMatchObject({ errorCode: 'budget_exceeded', budget: { scope: 'member', period: 'day', budget: 1, spent: 1, cost: 1 } });
    expect(JSON.parse(refused.text).errorText).toMatch(/Your daily budget of 1 credits/);
    // A member without a budget of their own still buys, until the team's monthly budget is spent.
    await call(hub, '/hub/admin/team', { token: adminToken, method: 'PUT', body: { monthlyBudget: 2 } });
    expect((await enrichVia(hub, tokens[0] as string, { email: samples.emails[3] as string })).status).toBe(200);
    const teamRefused = await enrichVia(hub, tokens[0] as string, { email: samples.emails[4] as string });
    expect(JSON.parse(teamRefused.text)).toMatchObject({ errorCode: 'budget_exceeded', budget: { scope: 'team', period: 'month' } });
    const charged = await ledger(sandbox, key);
    expect(charged.entries.reduce((s, e) => s + e.credits, 0)).toBe(2);
  });

  it('proxy: purchases racing each other cannot pass a budget together', async () => {
    const { adminToken, tokens, ids } = await team(1);
    const key = await proxyTeam(adminToken);
    await call(hub, `/hub/admin/members/${ids[0]}/budget`, { token: adminToken, method: 'PUT', body: { dailyBudget: 3 } });
    const answers = await Promise.all(samples.emails.slice(6, 12).map((email) => enrichVia(hub, tokens[0] as string, { email })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 403 && a.text.includes('budget_exceeded'))).toHaveLength(3);
    expect((await ledger(sandbox, key)).entries.reduce((sum, e) => sum + e.credits, 0)).toBe(3);
  });

  it('the key at rest: sealed in the database, opened only with the same secret; a key stored in the clear is sealed at the next start', async () => {
    const { teamId, adminToken, tokens } = await team(1);
    const key = await proxyTeam(adminToken);
    const stored = async () => (await database.db.selectFrom('teams').select('api_key').where('id', '=', teamId).executeTakeFirstOrThrow()).api_key ?? '';
    expect(await stored()).not.toContain(key);
    expect(await stored()).toMatch(/^v1\./);
    expect((await enrichVia(hub, tokens[0] as string, { email: 'nobody@nowhere.example' })).status).toBe(404);

    const otherSecret = await startHub({ port: 0, database, keySecret: randomBytes(32).toString('base64') });
    try {
      const refused = await enrichVia(otherSecret, tokens[0] as string, { email: 'nobody@nowhere.example' });
      expect(refused.status).toBe(502);
      expect(JSON.parse(refused.text).errorText).toMatch(/same secret/);
    } finally {
      await otherSecret.close();
    }

    // A database written by a hub from before keys were sealed.
    await database.db.updateTable('teams').set({ api_key: key }).where('id', '=', teamId).execute();
    const restarted = await startHub({ port: 0, database, keySecret });
    try {
      expect(await stored()).toMatch(/^v1\./);
      expect(await stored()).not.toContain(key);
      expect((await enrichVia(restarted, tokens[0] as string, { email: 'nobody@nowhere.example' })).status).toBe(404);
    } finally {
      await restarted.close();
    }
  });

  it('proxy: a service that never answers ends in 504 after the hub\'s timeout; the purchase counts at its most possible cost against the budget', async () => {
    const { adminToken, tokens, ids } = await team(1);
    // A service that takes the request and never answers.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const impatient = await startHub({ port: 0, database, keySecret, upstreamTimeoutMs: 1_000 });
    try {
      const upstreamUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      expect((await call(hub, '/hub/admin/team', { token: adminToken, method: 'PUT', body: { proxy: { apiKey: 'test-standard-silent', upstreamUrl } } })).status).toBe(200);
      expect((await call(hub, `/hub/admin/members/${ids[0]}/budget`, { token: adminToken, method: 'PUT', body: { dailyBudget: 1 } })).status).toBe(200);
      const timedOut = await enrichVia(impatient, tokens[0] as string, { email: samples.emails[6] as string });
      expect(timedOut.status).toBe(504);
      expect(JSON.parse(timedOut.text).errorText).toMatch(/did not answer within 1 s\. It may still have charged: the hub counts up to 1 credits/);
      const usage = await database.db.selectFrom('usage').select(['status', 'credits']).where('member_id', '=', ids[0] as string).execute();
      expect(usage).toEqual([{ status: 'unknown', credits: 1 }]);
      // The unknown purchase uses the member's whole daily budget of 1: the next one is refused before it leaves.
      const refused = await enrichVia(impatient, tokens[0] as string, { email: samples.emails[7] as string });
      expect(JSON.parse(refused.text)).toMatchObject({ errorCode: 'budget_exceeded', budget: { spent: 1 } });
      const auditLog = await call(hub, '/hub/admin/audit', { token: adminToken });
      expect(auditLog.json.entries).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'purchase.unknown', detail: expect.objectContaining({ reason: 'timeout', creditsCounted: 1 }) })]));
    } finally {
      await impatient.close();
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('a reservation left pending by a hub that stopped is marked unknown at the next purchase, still counted, and listed in the audit log', async () => {
    const { teamId, adminToken, tokens, ids } = await team(1);
    await proxyTeam(adminToken);
    await database.db
      .insertInto('usage')
      .values({ id: `abandoned-${randomBytes(4).toString('hex')}`, team_id: teamId, member_id: ids[0] as string, action: 'enrich', credits: 1, status: 'pending', http_status: null, at: sql<Date>`now() - interval '11 minutes'` })
      .execute();
    expect((await enrichVia(hub, tokens[0] as string, { email: samples.emails[8] as string })).status).toBe(200);
    const usage = await database.db.selectFrom('usage').select(['status', 'credits']).where('member_id', '=', ids[0] as string).orderBy('at').execute();
    expect(usage).toEqual([{ status: 'unknown', credits: 1 }, { status: 'done', credits: 1 }]);
    const auditLog = await call(hub, '/hub/admin/audit', { token: adminToken });
    expect(auditLog.json.entries).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'purchase.unknown', detail: expect.objectContaining({ reason: 'abandoned' }) })]));
    const csv = await call(hub, '/hub/admin/usage.csv', { token: adminToken });
    expect(csv.text).toMatch(/,m0,enrich,2,2/);
  });

  it('proxy: when the book cannot be written after a paid answer, the member still gets the answer and the charge is recorded', async () => {
    const { teamId, adminToken, tokens, ids } = await team(1);
    const key = await proxyTeam(adminToken);
    // A real database failure, for this team only: every insert into its book keys is refused.
    await sql.raw(`create or replace function hub_test_refuse() returns trigger language plpgsql as $$ begin raise exception 'book refused (test)'; end $$`).execute(database.db);
    await sql.raw(`create trigger hub_test_refuse_${teamId.replace(/\W/g, '')} before insert on book_keys for each row when (new.team_id = '${teamId}') execute function hub_test_refuse()`).execute(database.db);
    try {
      const bought = await enrichVia(hub, tokens[0] as string, { email: samples.emails[9] as string });
      expect(bought.status).toBe(200);
      expect(bought.headers.get('x-hub-book')).toBe('not-saved');
      expect((JSON.parse(bought.text) as { result: unknown }).result).toBeTruthy();
      expect((await ledger(sandbox, key)).entries.filter((e) => e.credits > 0)).toHaveLength(1);
      const usage = await database.db.selectFrom('usage').select(['status', 'credits']).where('member_id', '=', ids[0] as string).execute();
      expect(usage).toEqual([{ status: 'done', credits: 1 }]);
    } finally {
      await sql.raw(`drop trigger hub_test_refuse_${teamId.replace(/\W/g, '')} on book_keys`).execute(database.db);
    }
  });

  it('two hubs on one database share the key limit: every request served, none refused with 429 by the service', async () => {
    const second = await startHub({ port: 0, database: await dbs.open(), maxQueueMs: 60_000, keySecret });
    try {
      const { adminToken, tokens } = await team(4);
      const key = await proxyTeam(adminToken);
      // 48 lookups at once, half through each hub, by four members: 4.8 times the per-second limit.
      const N = 48;
      const answers = await Promise.all(
        Array.from({ length: N }, (_, i) => enrichVia(i % 2 === 0 ? hub : second, tokens[i % 4] as string, { email: `nobody-${i}@nowhere-${i}.example` })),
      );
      expect(answers.map((a) => a.status)).toEqual(Array.from({ length: N }, () => 404));
      const log = (await (await fetch(`${sandbox.url}/_sandbox/requests?key=${key}`)).json()) as { requests: Array<{ status: number }> };
      expect(log.requests).toHaveLength(N);
      expect(log.requests.filter((r) => r.status === 429)).toHaveLength(0);
    } finally {
      await second.close();
    }
  });

  it('a lookup whose member stopped waiting for a place under the limit is never sent (nor counted)', async () => {
    const { adminToken, tokens, ids } = await team(1);
    const member = tokens[0] as string;
    const key = `test-standard-hub-${randomBytes(4).toString('hex')}`;
    // One request per 3 s: the second lookup has to wait for the first one's window.
    await call(hub, '/hub/admin/team', { token: adminToken, method: 'PUT', body: { proxy: { apiKey: key, upstreamUrl: sandbox.url, rateMax: 1, rateWindowMs: 3000 } } });
    expect((await enrichVia(hub, member, { email: 'first@gone.example' })).status).toBe(404);
    const gone = new AbortController();
    const waiting = fetch(`${hub.url}/v1/enrich?email=second%40gone.example`, { headers: { 'x-api-key': member }, signal: gone.signal }).catch((e: unknown) => e);
    // The hub has it queued (its reservation is pending) before the member gives up.
    const pending = async () => (await database.db.selectFrom('usage').select('id').where('member_id', '=', ids[0] as string).where('status', '=', 'pending').execute()).length;
    await expect.poll(pending, { timeout: budget(10_000) }).toBe(1);
    gone.abort();
    expect(await waiting).toBeInstanceOf(Error);
    // A third lookup gets the next place; had the second been sent, it would have had that place first.
    expect((await enrichVia(hub, member, { email: 'third@gone.example' })).status).toBe(404);
    const log = (await (await fetch(`${sandbox.url}/_sandbox/requests?key=${key}`)).json()) as { requests: Array<{ query: Record<string, string> }> };
    expect(log.requests.map((r) => r.query.email)).toEqual(['first@gone.example', 'third@gone.example']);
    // Its reservation is given back (it counts against no budget) once the hub sees the member gone, which on a busy
    // machine may come after the third lookup's answer: the hub learns of the abort from the closed connection.
    const statuses = async () => (await database.db.selectFrom('usage').select(['status']).where('member_id', '=', ids[0] as string).orderBy('at').execute()).map((u) => u.status);
    await expect.poll(statuses, { timeout: budget(10_000) }).toEqual(['done', 'failed', 'done']);
  });

  it('sign-in is rate limited per address: after 20 bad attempts even a good invite waits', async () => {
    // A hub that believes X-Forwarded-For (behind a TLS proxy), so this test's client has an address of its own.
    const behindProxy = await startHub({ port: 0, database, trustProxy: true, keySecret });
    try {
      const from = { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' };
      const { adminInvite } = await createTeam(database.db, 'brute');
      for (let i = 0; i < 20; i++) expect((await call(behindProxy, '/hub/invites/redeem', { body: { code: `inv_guess_${i}` }, headers: from })).status).toBe(403);
      const blocked = await call(behindProxy, '/hub/invites/redeem', { body: { code: adminInvite }, headers: from });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      // Guessing tokens counts against the same address; a member's valid token is never slowed.
      const guessed = await call(behindProxy, '/hub/me', { token: 'hub_guess', headers: from });
      expect(guessed.status).toBe(429);
      const elsewhere = await call(behindProxy, '/hub/invites/redeem', { body: { code: adminInvite }, headers: { ...from, 'x-forwarded-for': '198.51.100.7' } });
      expect(elsewhere.status).toBe(201);
      // Behind the proxy, a request the proxy did not mark as HTTPS is refused.
      const plain = await call(behindProxy, '/hub/health', { headers: { 'x-forwarded-for': '198.51.100.7', 'x-forwarded-proto': 'http' } });
      expect(plain.status).toBe(403);
      expect(plain.json.errorCode).toBe('https_required');
    } finally {
      await behindProxy.close();
    }
  });
  it('lists: a shared list and its items reach a teammate with names; a private one stays its owner\'s until the owner shares it', async () => {
    const { tokens } = await team(2);
    const [a, b] = tokens as [string, string];
    const written = await call(hub, '/hub/book', { token: a, body: { writeId: 'l1', lookup: { email: 'lee@acme.com' }, answer: { full_name: 'Lee Park' }, boughtAt: '2026-02-01T00:00:00Z', credits: 1 } });
    const shared = await call(hub, '/hub/lists', { token: a, body: { name: 'Q3 targets', shared: true } });
    const mine = await call(hub, '/hub/lists', { token: a, body: { name: 'Maybe later', shared: false } });
    expect((await call(hub, `/hub/lists/${shared.json.id}/items`, { token: a, body: { entryIds: [written.json.entryId] } })).json.added).toBe(1);

    const seenByB = (await call(hub, '/hub/lists', { token: b })).json.lists as Array<{ id: string; name: string; owner_name: string; count: number; shared: boolean }>;
    expect(seenByB).toEqual([expect.objectContaining({ id: shared.json.id, name: 'Q3 targets', owner_name: 'm0', count: 1, shared: true })]);
    const items = await call(hub, `/hub/lists/${shared.json.id}/items`, { token: b });
    expect(items.json.list).toMatchObject({ name: 'Q3 targets', shared: true });
    expect(items.json.items).toEqual([expect.objectContaining({ id: written.json.entryId, answer: { full_name: 'Lee Park' }, added_by_name: 'm0', bought_by_name: 'm0' })]);

    // Only the owner shares: B cannot share A's private list (nor see it), A can.
    expect((await call(hub, `/hub/lists/${mine.json.id}/shared`, { token: b, method: 'PUT', body: { shared: true } })).status).toBe(404);
    expect((await call(hub, `/hub/lists/${mine.json.id}/items`, { token: b })).status).toBe(404);
    expect((await call(hub, `/hub/lists/${mine.json.id}/shared`, { token: a, method: 'PUT', body: { shared: true } })).json).toEqual({ id: mine.json.id, name: 'Maybe later', shared: true });
    expect(((await call(hub, '/hub/lists', { token: b })).json.lists as unknown[]).length).toBe(2);
    // B adds a person to A's shared list.
    const byB = await call(hub, '/hub/book', { token: b, body: { writeId: 'l2', lookup: { email: 'kim@acme.com' }, answer: { full_name: 'Kim Lo' }, boughtAt: '2026-02-02T00:00:00Z', credits: 1 } });
    expect((await call(hub, `/hub/lists/${shared.json.id}/items`, { token: b, body: { entryIds: [byB.json.entryId] } })).json.added).toBe(1);
    const after = (await call(hub, `/hub/lists/${shared.json.id}/items`, { token: a })).json.items as Array<{ added_by_name: string }>;
    expect(after.map((i) => i.added_by_name)).toEqual(['m0', 'm1']);
  });

  it('signing out revokes that token only: its next request is refused, the member\'s other sign-in and the team go on', async () => {
    const { adminToken, tokens, ids } = await team(1);
    const member = tokens[0] as string;
    // The same member signed in a second time (another browser): a second token of theirs.
    const second = 'hub_second-browser-token-for-this-test';
    await database.db.insertInto('tokens').values({ token_hash: hashSecret(second), member_id: ids[0] as string }).execute();
    const out = await call(hub, '/hub/session/sign-out', { token: member, method: 'POST' });
    expect(out.status).toBe(200);
    expect(out.json).toEqual({ signedOut: true });
    const refused = await call(hub, '/hub/me', { token: member });
    expect(refused.status).toBe(401);
    expect(refused.json.errorCode).toBe('hub_token_refused');
    expect((await call(hub, '/hub/me', { token: second })).status).toBe(200);
    expect((await call(hub, '/hub/session/sign-out', { token: member, method: 'POST' })).status).toBe(401);
    const log = (await call(hub, '/hub/admin/audit', { token: adminToken })).json.entries as Array<{ action: string; member_id: string }>;
    expect(log).toContainEqual(expect.objectContaining({ action: 'member.sign_out', member_id: ids[0] }));
  });

  it('usage as JSON: an admin sees every member\'s spend and budgets per day and action, a member only their own; the CSV has the same rows', async () => {
    const { adminToken, tokens, ids } = await team(2);
    const [a, b] = tokens as [string, string];
    await proxyTeam(adminToken);
    await call(hub, `/hub/admin/members/${ids[1]}/budget`, { token: adminToken, method: 'PUT', body: { dailyBudget: 5, monthlyBudget: 40 } });
    expect((await enrichVia(hub, a, { email: samples.emails[10] as string })).status).toBe(200);
    expect((await enrichVia(hub, a, { email: samples.emails[11] as string })).status).toBe(200);
    expect((await enrichVia(hub, b, { email: samples.emails[12] as string })).status).toBe(200);

    const all = await call(hub, '/hub/admin/usage', { token: adminToken });
    expect(all.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(all.json.rows).toEqual([
      { day: today, memberId: ids[0], member: 'm0', action: 'enrich', requests: 2, credits: 2 },
      { day: today, memberId: ids[1], member: 'm1', action: 'enrich', requests: 1, credits: 1 },
    ]);
    const members = all.json.members as Array<{ id: string; dailyBudget: number | null; monthlyBudget: number | null; spentToday: number; spentMonth: number; revoked: boolean }>;
    expect(members.find((m) => m.id === ids[1])).toMatchObject({ dailyBudget: 5, monthlyBudget: 40, spentToday: 1, spentMonth: 1, revoked: false });
    expect(members.find((m) => m.id === ids[0])).toMatchObject({ dailyBudget: null, spentToday: 2 });
    expect(all.json.team).toMatchObject({ spentToday: 3, spentMonth: 3, dailyBudget: null });
    const csv = (await call(hub, '/hub/admin/usage.csv', { token: adminToken })).text.trim().split(/\r?\n/);
    expect(csv).toEqual(['day,member_id,member,action,requests,credits', `${today},${ids[0]},m0,enrich,2,2`, `${today},${ids[1]},m1,enrich,1,1`]);

    const own = await call(hub, '/hub/usage', { token: b });
    expect(own.json.member).toMatchObject({ id: ids[1], dailyBudget: 5, monthlyBudget: 40, spentToday: 1, spentMonth: 1 });
    expect(own.json.rows).toEqual([{ day: today, memberId: ids[1], member: 'm1', action: 'enrich', requests: 1, credits: 1 }]);
    expect((await call(hub, '/hub/admin/usage', { token: b })).status).toBe(403);
    expect((await call(hub, '/hub/usage?from=not-a-date', { token: b })).status).toBe(400);
  });
});
