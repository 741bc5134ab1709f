/**
 * The team key's rate limit holds across browsers and hub processes: two hub processes of their own (`npm run hub`,
 * each its own Node process and connection pool) on one real Postgres, in proxy mode in front of the real sandbox
 * (200 requests per 60 s per key, as the service), and two Chromium profiles with the built extension, one member
 * signed in to each hub. Each browser sends 150 lookups at once: each is under its own limiter's 198 a minute, so
 * without the hub's shared limiter the key would get 300 in a few seconds. The sandbox's own request log for the
 * team's key must show every lookup, at most 200 in any 60 s, and no 429.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createTeam } from '@/hub/teams';
import { testDatabases, type TestDatabases } from '../unit/hub/backends';
import { expect, test, uniqueKey } from './fixtures';
import { hubCall, pageOf, secondBrowser, signedIn } from './support/hub';
import { apiRequests, closedPort, send } from './support/reliability';

const PER_BROWSER = 150;
const LIMIT = { max: 200, windowMs: 60_000 };

/** A hub process of its own (as `npm run hub` starts it) on the database at `databaseUrl`; resolves once it listens. */
async function hubProcess(databaseUrl: string, keySecret: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await closedPort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'hub/cli.ts', '--port', String(port)], {
    env: { ...process.env, DATABASE_URL: databaseUrl, HUB_KEY_SECRET: keySecret },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`hub process did not start in 60 s: ${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Team hub on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`hub process exited (${code}): ${output}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

/** The most requests of `times` (ms) inside any window of `windowMs`: the sliding count the service enforces. */
function busiestWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let first = 0;
  for (let last = 0; last < sorted.length; last++) {
    while (sorted[last]! - sorted[first]! >= windowMs) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

/** `count` lookups sent at once from an extension page, as the panel sends them; the failures' kinds. */
async function lookUpMany(page: Page, emails: string[]): Promise<string[]> {
  const replies = await Promise.all(emails.map((email) => send(page, 'contact/enrich', { lookup: { email } })));
  return replies.flatMap((r) => (r.ok ? [] : [`${r.error.kind}: ${r.error.message}`]));
}

test.describe('the team key under 200 a minute across two browsers and two hub processes, on Postgres', () => {
  let dbs: TestDatabases;
  const hubs: Array<{ url: string; child: ChildProcess }> = [];
  const keySecret = randomBytes(32).toString('base64');

  test.beforeAll(async () => {
    test.setTimeout(300_000); // Postgres may be installed and started by scripts/ensure-postgres.sh the first time
    dbs = await testDatabases('postgres');
    if (!dbs.url) throw new Error('the Postgres test database has no address');
    // Started one after the other: both migrate under the same advisory lock anyway.
    hubs.push(await hubProcess(dbs.url, keySecret));
    hubs.push(await hubProcess(dbs.url, keySecret));
  });
  test.afterAll(async () => {
    for (const hub of hubs) hub.child.kill('SIGTERM');
    await dbs?.dispose();
  });

  test(`two members send ${PER_BROWSER} lookups each at once: the sandbox sees at most ${LIMIT.max} in any ${LIMIT.windowMs / 1000} s and no 429`, async ({ openExtensionPage, configure, sandbox }) => {
    // 300 lookups where 200 fit a minute: about 65 s of waiting by design, plus two browsers, sign-ins and load.
    test.setTimeout(300_000);
    const [one, two] = hubs;
    if (!one || !two) throw new Error('the two hub processes did not start');
    const teamKey = uniqueKey('test-standard-hub-limit');
    const teamName = `Limit team ${randomBytes(2).toString('hex')}`;

    const invites = await test.step('the admin makes the team on hub 1 and hands it the key; members are invited', async () => {
      const db = await dbs.open();
      const { adminInvite } = await createTeam(db.db, teamName);
      const admin = await hubCall(one, '/hub/invites/redeem', { body: { code: adminInvite, name: 'Admin' } });
      const token = admin.token as string;
      await hubCall(one, '/hub/admin/team', { token, method: 'PUT', body: { proxy: { apiKey: teamKey, upstreamUrl: sandbox.url } } });
      const a = (await hubCall(one, '/hub/admin/invites', { token, body: { role: 'member' } })).code as string;
      const b = (await hubCall(two, '/hub/admin/invites', { token, body: { role: 'member' } })).code as string;
      return { a, b, token };
    });

    await configure({ apiKey: uniqueKey('test-standard-hub-limit-own') });
    const b = await secondBrowser();
    try {
      const optionsA = await openExtensionPage('options.html');
      const optionsB = await pageOf(b, 'options.html');
      await test.step('A signs in to hub 1, B to hub 2 (two processes, one database)', async () => {
        await signedIn(optionsA, one.url, invites.a, 'Ada', teamName);
        await signedIn(optionsB, two.url, invites.b, 'Bea', teamName);
        // Lookups without a spending question in between, as A's are (the fixture's `configure`).
        expect(await send(optionsB, 'settings/update', { confirmAboveCredits: 1_000_000 })).toMatchObject({ ok: true });
      });

      await test.step(`each browser sends ${PER_BROWSER} lookups at once; every one is answered`, async () => {
        const emails = (who: string) => Array.from({ length: PER_BROWSER }, (_, i) => `${who}.${i}.${randomBytes(2).toString('hex')}@limit.example`);
        const failures = await Promise.all([lookUpMany(optionsA, emails('ada')), lookUpMany(optionsB, emails('bea'))]);
        expect(failures.flat()).toEqual([]);
      });

      await test.step(`the sandbox's log for the team key: all ${2 * PER_BROWSER}, at most ${LIMIT.max} in any window, no 429`, async () => {
        const logged = await apiRequests(sandbox.url, teamKey);
        const lookups = logged.filter((r) => r.path === '/v1/enrich');
        expect(lookups).toHaveLength(2 * PER_BROWSER);
        expect(logged.filter((r) => r.status === 429)).toEqual([]);
        const times = (logged as Array<{ time?: string }>).map((r) => Date.parse(r.time ?? ''));
        expect(times.every(Number.isFinite)).toBe(true);
        const busiest = busiestWindow(times, LIMIT.windowMs);
        test.info().annotations.push({ type: 'measured', description: `busiest ${LIMIT.windowMs / 1000} s window: ${busiest} requests; first to last: ${Math.round((Math.max(...times) - Math.min(...times)) / 1000)} s` });
        expect(busiest).toBeLessThanOrEqual(LIMIT.max);
        // Both members did send more than half the limit each: either browser's own limiter would have let its
        // share through at once, so it was the hubs' shared limit that spread them.
        const usage = (await hubCall(one, '/hub/admin/usage', { token: invites.token })) as { rows: Array<{ member: string; requests: number }> };
        const sent = (name: string) => usage.rows.filter((r) => r.member === name).reduce((n, r) => n + r.requests, 0);
        expect(sent('Ada')).toBe(PER_BROWSER);
        expect(sent('Bea')).toBe(PER_BROWSER);
      });
    } finally {
      await b.close();
    }
  });
});
