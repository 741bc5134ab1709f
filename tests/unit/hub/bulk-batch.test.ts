/**
 * Bulk enrich requests gathered across members in proxy mode, over real HTTP on 127.0.0.1, on PGlite and on a real
 * Postgres server, in front of the real sandbox: two members' requests sent together leave as one upstream request,
 * each member gets exactly their rows (as the service answers them alone), a person both asked for is bought once,
 * per-member usage adds up to the sandbox's ledger, and a failed upstream request fails both parts alike.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHub, type RunningHub } from '@/hub/server';
import type { HubDatabase } from '@/hub/db/open';
import { createTeam } from '@/hub/teams';
import { startSandbox, type RunningSandbox } from '@/sandbox/server';
import { BACKENDS, testDatabases, type TestDatabases } from './backends';

// Long enough that two requests sent together always meet on a busy machine; the default is 200 ms.
const WINDOW_MS = 3000;

interface BulkAnswer {
  records_enriched: number;
  contacts: Array<{ enriched_contact: unknown; value: string; hub_book?: { bought_by: string; bought_at: string } }>;
}

interface Answer {
  status: number;
  text: string;
}

async function bulk(base: string, key: string, emails: string[], required: string[] = []): Promise<Answer> {
  const form = new FormData();
  form.set('required_fields', JSON.stringify(required.map((field_type) => ({ field_type }))));
  form.set('query_list', JSON.stringify(emails.map((value) => ({ field_type: 'email', value }))));
  const res = await fetch(`${base}/v1/bulk-enrich`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
  return { status: res.status, text: await res.text() };
}

async function hubJson(hub: RunningHub, path: string, token: string, body?: unknown) {
  const res = await fetch(`${hub.url}${path}`, {
    method: body === undefined ? 'GET' : 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>;
}

describe.each(BACKENDS)('bulk requests gathered across members on %s', (backend) => {
  let dbs: TestDatabases;
  let database: HubDatabase;
  let hub: RunningHub;
  let sandbox: RunningSandbox;
  let emails: string[];

  beforeAll(async () => {
    [dbs, sandbox] = await Promise.all([testDatabases(backend), startSandbox({ port: 0, quiet: true })]);
    database = await dbs.open();
    hub = await startHub({ port: 0, database, keySecret: randomBytes(32).toString('base64'), bulkBatchWindowMs: WINDOW_MS });
    emails = ((await (await fetch(`${sandbox.url}/_sandbox/samples`)).json()) as { emails: string[] }).emails;
  });
  afterAll(async () => {
    await hub?.close();
    await sandbox?.close();
    await dbs?.dispose();
  });

  /** A proxy team with two members, Ada and Bea; the team's key is the sandbox key whose ledger and log are read. */
  async function team() {
    const key = `test-standard-gather-${randomBytes(4).toString('hex')}`;
    const { adminInvite } = await createTeam(database.db, `team-${randomBytes(3).toString('hex')}`);
    const redeem = async (code: string, name: string) => {
      const res = await fetch(`${hub.url}/hub/invites/redeem`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code, name }) });
      return ((await res.json()) as { token: string }).token;
    };
    const admin = await redeem(adminInvite, 'Admin');
    await hubJson(hub, '/hub/admin/team', admin, { proxy: { apiKey: key, upstreamUrl: sandbox.url } });
    const invite = async () => {
      const res = await fetch(`${hub.url}/hub/admin/invites`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, body: JSON.stringify({ role: 'member' }) });
      return ((await res.json()) as { code: string }).code;
    };
    return { key, ada: await redeem(await invite(), 'Ada'), bea: await redeem(await invite(), 'Bea') };
  }

  const bulkRequests = async (key: string) =>
    ((await (await fetch(`${sandbox.url}/_sandbox/requests?key=${key}`)).json()) as { requests: Array<{ path: string; status: number; body?: string; fault?: string }> }).requests.filter(
      (r) => r.path === '/v1/bulk-enrich',
    );
  const ledgerTotal = async (key: string) =>
    ((await (await fetch(`${sandbox.url}/_sandbox/ledger?key=${key}`)).json()) as { entries: Array<{ credits: number }> }).entries.reduce((sum, e) => sum + e.credits, 0);
  /** A member's credits and requests for bulk enrich, as the hub's usage tells them. */
  const usageOf = async (token: string) => {
    const rows = (await hubJson(hub, '/hub/usage', token)).rows as Array<{ action: string; requests: number; credits: number }>;
    const bulkRows = rows.filter((r) => r.action === 'bulk-enrich');
    return { requests: bulkRows.reduce((s, r) => s + r.requests, 0), credits: bulkRows.reduce((s, r) => s + r.credits, 0) };
  };

  it('two members sending together: ONE upstream request; each gets exactly their rows; a person both asked for is bought once; usage adds up to the ledger', async () => {
    const { key, ada, bea } = await team();
    const shared = emails[2] as string;
    const adaAsks = [emails[0] as string, emails[1] as string, shared, 'nobody@nowhere.example'];
    const beaAsks = [emails[3] as string, shared, emails[4] as string];

    const [adaAnswer, beaAnswer] = await Promise.all([bulk(hub.url, ada, adaAsks), bulk(hub.url, bea, beaAsks)]);
    expect(adaAnswer.status).toBe(200);
    expect(beaAnswer.status).toBe(200);

    // One upstream bulk request, with the person both asked for in it once.
    const sent = await bulkRequests(key);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body?.split(shared).length).toBe(2);

    // Each member's rows are what the service answers them alone (asked here with another key).
    const ref = `test-standard-alone-${randomBytes(4).toString('hex')}`;
    const alone = async (asks: string[]) => JSON.parse((await bulk(sandbox.url, ref, asks)).text) as BulkAnswer;
    const withoutMarks = (a: BulkAnswer) => ({ ...a, contacts: a.contacts.map(({ hub_book: _mark, ...row }) => row) });
    const ours = { ada: JSON.parse(adaAnswer.text) as BulkAnswer, bea: JSON.parse(beaAnswer.text) as BulkAnswer };
    expect(withoutMarks(ours.ada)).toEqual(await alone(adaAsks));
    expect(withoutMarks(ours.bea)).toEqual(await alone(beaAsks));
    expect(ours.ada.records_enriched).toBe(3);
    expect(ours.bea.records_enriched).toBe(3);

    // Whoever joined first bought the shared person; the other got it free, told who bought it.
    const marks = [...ours.ada.contacts, ...ours.bea.contacts].filter((c) => c.hub_book);
    expect(marks).toHaveLength(1);
    expect(marks[0]?.value).toBe(shared);
    const freeFor = ours.ada.contacts.some((c) => c.hub_book) ? 'ada' : 'bea';
    const buyer = freeFor === 'ada' ? 'bea' : 'ada';
    expect(marks[0]?.hub_book?.bought_by).toBe(buyer === 'ada' ? 'Ada' : 'Bea');

    // Money: the sandbox charged 5 (five different people enriched); Ada and Bea's usage add up to it.
    const charged = await ledgerTotal(key);
    expect(charged).toBe(5);
    const [adaUsage, beaUsage] = [await usageOf(ada), await usageOf(bea)];
    expect(adaUsage.requests).toBe(1);
    expect(beaUsage.requests).toBe(1);
    expect(adaUsage.credits + beaUsage.credits).toBe(charged);
    expect(buyer === 'ada' ? [adaUsage.credits, beaUsage.credits] : [beaUsage.credits, adaUsage.credits]).toEqual([3, 2]);

    // Both purchases are in the team book: asking again is answered from it, free, with no request upstream.
    const again = await bulk(hub.url, ada, beaAsks);
    expect((JSON.parse(again.text) as BulkAnswer).contacts.every((c) => c.hub_book)).toBe(true);
    expect(await bulkRequests(key)).toHaveLength(1);
    expect(await ledgerTotal(key)).toBe(5);
  });

  it('a failed upstream request fails each member\'s part with the same error; nothing is charged or booked', async () => {
    const { key, ada, bea } = await team();
    const injected = await fetch(`${sandbox.url}/_sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sandbox-admin': '1' },
      body: JSON.stringify({ mode: '500', count: 1, paths: ['/v1/bulk-enrich'] }),
    });
    expect(injected.status).toBeLessThan(300);
    const [adaAnswer, beaAnswer] = await Promise.all([bulk(hub.url, ada, [emails[10] as string, emails[11] as string]), bulk(hub.url, bea, [emails[12] as string])]);
    const sent = await bulkRequests(key);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.fault).toBe('500');
    expect(adaAnswer.status).toBe(500);
    expect(beaAnswer.status).toBe(500);
    expect(beaAnswer.text).toBe(adaAnswer.text);
    expect(JSON.parse(adaAnswer.text)).toMatchObject({ errorText: expect.stringContaining('Injected fault') });
    expect(await ledgerTotal(key)).toBe(0);
    expect((await usageOf(ada)).credits + (await usageOf(bea)).credits).toBe(0);
    // Nothing went into the book: the same people asked again are bought (one more upstream request), not answered free.
    const again = JSON.parse((await bulk(hub.url, bea, [emails[10] as string])).text) as BulkAnswer;
    expect(again.contacts[0]?.hub_book).toBeUndefined();
    expect(again.records_enriched).toBe(1);
    expect(await ledgerTotal(key)).toBe(1);
  });
});
