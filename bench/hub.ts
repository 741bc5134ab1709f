/**
 * Team hub benchmark (`npm run bench -- --only hub`): how far one Postgres takes a team.
 *
 * A team of MEMBERS members whose book holds CONTACTS people (three identifiers each: email, phone, profile), seeded
 * in the database itself (generate_series: a million people in seconds rather than a million round trips), then,
 * over HTTP on loopback with CONCURRENCY clients at once:
 * - ask: GET /hub/book?email=… ("does the team have this person"), half hits, half misses;
 * - write: POST /hub/book, a purchase of a new person with two aliases;
 * - ask in process: the same question straight to the database (askBook), no HTTP: the database's share of "ask";
 * - limiter across two hub processes: two `npm run hub` processes on the same Postgres, proxy mode on, members
 *   sending lookups through both at once against the real sandbox's per-key limit. Every 429 the sandbox gives is the
 *   hubs' own fault (nothing else uses the key): `hub_limiter_self_429` must be 0. A 429 from a hub itself (a lookup
 *   that would wait longer than its maxQueueMs for a place) is waited out and asked again, as the extension does,
 *   and counted (`hub_limiter_asked_again`): how many there are depends on the machine's speed, not on the limiter.
 *
 * Full mode: 200 members, 1,000,000 people, and the limiter at the service's 200 requests per window with the
 * window shortened from 60 s to 6 s (the sliding log does not depend on the window's length; a real minute would
 * spend minutes of the bench's five on timers). Quick mode: 20 members, 5,000 people, 20 per 2 s.
 * On a Postgres server: DATABASE_URL, else scripts/ensure-postgres.sh (Debian's postgresql, a throwaway data dir).
 * `--pglite` runs the HTTP part on PGlite too (one process: no limiter across processes there).
 *
 *   npx tsx bench/hub.ts [--quick] [--members N] [--contacts M] [--requests R] [--concurrency C] [--pglite]
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'kysely';
import { migrate } from '../hub/db/migrations';
import { openPglite, openPostgres, type HubDatabase } from '../hub/db/open';
import { askBook } from '../hub/book';
import { identitiesOf } from '../hub/identity';
import { startHub } from '../hub/server';
import { createInvite, createTeam, redeemInvite } from '../hub/teams';
import { startSandbox } from '../sandbox/server';
import { percentile, round } from './stats';

interface Sizes {
  members: number;
  contacts: number;
  requests: number;
  concurrency: number;
  /** The sandbox's per-key limit the two hubs must keep under together, and how many lookups they send. */
  rate: { max: number; windowMs: number; lookups: number };
}

const FULL: Sizes = { members: 200, contacts: 1_000_000, requests: 2000, concurrency: 16, rate: { max: 200, windowMs: 6000, lookups: 700 } };
// Quick: 50 lookups are 2.5 windows of queue (5 s), half the hub's 10 s limit on a lookup's wait. On a slow machine
// beside the tests the hubs still refused some themselves (5 of 50 in one CI run): those are asked again after Retry-After.
const QUICK: Sizes = { members: 20, contacts: 5000, requests: 300, concurrency: 8, rate: { max: 20, windowMs: 2000, lookups: 50 } };

async function timed(n: number, concurrency: number, one: (i: number) => Promise<void>) {
  const samples: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const i = next++;
        const t = performance.now();
        await one(i);
        samples.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { p50: round(percentile(samples, 50)), p95: round(percentile(samples, 95)), p99: round(percentile(samples, 99)), perSecond: Math.round(n / seconds) };
}

/** The people the seed writes, as the extension would name them (identitiesOf normalises them the same way). */
const person = (i: number) => ({ email: `person${i}@company${i % 997}.example`, phone: `+1650${String(2_000_000 + i).padStart(7, '0')}`, social_profile: `https://www.linkedin.com/in/person-${i}` });

interface Seeded {
  teamId: string;
  tokens: string[];
  adminToken: string;
}

async function seed(database: HubDatabase, sizes: Sizes): Promise<Seeded> {
  const { teamId, adminInvite } = await createTeam(database.db, 'bench');
  const admin = await redeemInvite(database.db, adminInvite, 'admin');
  if (!admin) throw new Error('bootstrap invite refused');
  const tokens = [admin.token];
  for (let m = 1; m < sizes.members; m++) {
    const invite = await createInvite(database.db, { teamId, role: 'member', name: `m${m}`, createdBy: admin.member.id });
    const redeemed = await redeemInvite(database.db, invite.code, `m${m}`);
    if (redeemed) tokens.push(redeemed.token);
  }
  const memberIds = (await database.db.selectFrom('members').select('id').where('team_id', '=', teamId).orderBy('id').execute()).map((r) => r.id);
  const answer = JSON.stringify({ full_name: 'x'.repeat(20), employment: { name: 'y'.repeat(20) }, skills: Array.from({ length: 20 }, (_, k) => `skill${k}`) });
  // In slices of 100,000 so PGlite (one WebAssembly heap) never holds a whole million-row statement at once.
  const SLICE = 100_000;
  for (let start = 0; start < sizes.contacts; start += SLICE) {
    const end = Math.min(sizes.contacts, start + SLICE) - 1;
    await sql`
      insert into book_entries (id, team_id, bought_by, first_bought_at, answer, options, answered_at, answered_by, credits)
      select 'seed-' || i, ${teamId}, (${memberIds}::text[])[1 + i % ${memberIds.length}], now() - i * interval '1 minute',
             ${answer}::jsonb, '', now() - i * interval '1 minute', (${memberIds}::text[])[1 + i % ${memberIds.length}], 1
      from generate_series(${start}::int, ${end}::int) as i`.execute(database.db);
    await sql`
      insert into book_keys (team_id, identity, entry_id)
      select ${teamId}, k.identity, 'seed-' || i
      from generate_series(${start}::int, ${end}::int) as i,
           lateral (values ('email:person' || i || '@company' || (i % 997) || '.example'),
                           ('phone:+1650' || lpad((2000000 + i)::text, 7, '0')),
                           ('profile:https://www.linkedin.com/in/person-' || i)) as k(identity)
      on conflict do nothing`.execute(database.db);
  }
  await sql`analyze`.execute(database.db);
  // The SQL above must name people exactly as the extension's identity module does, or every "hit" would miss.
  const probe = await askBook(database.db, teamId, identitiesOf(person(sizes.contacts - 1)));
  if (probe.length !== 1 || probe[0]!.matched.length !== 3) throw new Error(`seed: the last person is not found by all three identifiers (${JSON.stringify(probe)})`);
  return { teamId, tokens, adminToken: admin.token };
}

interface BookFigures {
  seedSeconds: number;
  ask: Awaited<ReturnType<typeof timed>>;
  askDb: Awaited<ReturnType<typeof timed>>;
  write: Awaited<ReturnType<typeof timed>>;
}

async function measureBook(database: HubDatabase, seeded: Seeded, sizes: Sizes, seedSeconds: number): Promise<BookFigures> {
  const hub = await startHub({ port: 0, database });
  try {
    const token = (i: number) => seeded.tokens[i % seeded.tokens.length] as string;
    const asked = (i: number) => (i % 2 === 0 ? person((i * 7919) % sizes.contacts).email : `stranger${i}@nowhere.example`);
    const ask = await timed(sizes.requests, sizes.concurrency, async (i) => {
      const res = await fetch(`${hub.url}/hub/book?email=${encodeURIComponent(asked(i))}`, { headers: { authorization: `Bearer ${token(i)}` } });
      const body = (await res.json()) as { hits: unknown[] };
      if (res.status !== 200 || body.hits.length !== (i % 2 === 0 ? 1 : 0)) throw new Error(`ask ${i}: ${res.status} ${JSON.stringify(body)}`);
    });
    const askDb = await timed(sizes.requests, sizes.concurrency, async (i) => {
      const hits = await askBook(database.db, seeded.teamId, identitiesOf({ email: asked(i) }));
      if (hits.length !== (i % 2 === 0 ? 1 : 0)) throw new Error(`askBook ${i}: ${hits.length} hits`);
    });
    const run = randomBytes(3).toString('hex');
    const write = await timed(sizes.requests, sizes.concurrency, async (i) => {
      const p = person(sizes.contacts + i);
      const res = await fetch(`${hub.url}/hub/book`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token(i)}`, 'content-type': 'application/json' },
        body: JSON.stringify({ writeId: `${run}-${i}`, lookup: { email: p.email }, aliases: [{ phone: p.phone }, { social_profile: p.social_profile }], answer: { i }, boughtAt: new Date().toISOString(), credits: 1 }),
      });
      if (res.status !== 201) throw new Error(`write ${i}: ${res.status} ${await res.text()}`);
    });
    return { seedSeconds, ask, askDb, write };
  } finally {
    await hub.close();
  }
}

/** One `npm run hub` process (hub/cli.ts) on the given Postgres: its URL once it listens, and how to stop it. */
async function hubProcess(databaseUrl: string, keySecret: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../hub/cli.ts', import.meta.url)), '--port', '0'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, HUB_KEY_SECRET: keySecret },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Team hub on (http:\/\/[^\s]+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`hub process exited (${code}) before listening: ${out}`)));
  });
  return { url, child };
}

interface LimiterFigures {
  sent: number;
  self429: number;
  utilisation: number;
  /** The most requests the sandbox received in any window of its length (must be ≤ its limit). */
  busiestWindow: number;
  /** Lookups the hubs refused themselves (their queue's wait cap) and the bench asked again after Retry-After. */
  askedAgain: number;
}

/** How many times one lookup is asked before the bench gives up on it (the extension keeps asking; a bench must end). */
const MAX_ASKS = 5;

/** Retry-After in seconds, as the hub sends it, in milliseconds; a missing or odd header waits one second. */
function retryAfterMs(header: string | null): number {
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 1000;
}

/**
 * Two hub processes forward lookups for many members at once; the sandbox logs every request with its time and
 * status. Utilisation is measured as bench/limiter.ts does: requests received in the first whole windows after the
 * first request, against what the limit allowed in them.
 */
async function measureLimiterAcrossProcesses(databaseUrl: string, database: HubDatabase, seeded: Seeded, sizes: Sizes): Promise<LimiterFigures> {
  const { max, windowMs, lookups } = sizes.rate;
  const sandbox = await startSandbox({ port: 0, quiet: true, rateLimit: { max, windowMs } });
  const key = `test-standard-hubbench${Date.now()}`;
  const secret = randomBytes(32).toString('base64');
  const hubs = await Promise.all([hubProcess(databaseUrl, secret), hubProcess(databaseUrl, secret)]);
  try {
    const set = await fetch(`${hubs[0].url}/hub/admin/team`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${seeded.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ proxy: { apiKey: key, upstreamUrl: sandbox.url, rateMax: max, rateWindowMs: windowMs } }),
    });
    if (!set.ok) throw new Error(`proxy mode refused: ${set.status} ${await set.text()}`);
    const run = randomBytes(3).toString('hex');
    let askedAgain = 0;
    const answers = await Promise.all(
      Array.from({ length: lookups }, async (_, i) => {
        const hub = hubs[i % 2]!;
        const token = seeded.tokens[i % seeded.tokens.length]!;
        // New people (not in the book), so every lookup goes to the service.
        const url = `${hub.url}/v1/enrich?email=${encodeURIComponent(`lim${run}.${i}@nowhere-${i % 13}.com`)}`;
        // As the extension's queue does: a 429 from the hub itself (its wait for a place passed maxQueueMs, which a
        // slow or busy machine reaches with fewer lookups) is waited out for its Retry-After and asked again. What the
        // bench measures is the service's side: its busiest window and its own 429s.
        for (let attempt = 1; ; attempt++) {
          const res = await fetch(url, { headers: { 'x-api-key': token } });
          await res.arrayBuffer();
          if (res.status !== 429 || attempt === MAX_ASKS) return res.status;
          askedAgain++;
          await new Promise((done) => setTimeout(done, retryAfterMs(res.headers.get('retry-after'))));
        }
      }),
    );
    const refusedByHub = answers.filter((s) => s === 429).length;
    if (refusedByHub > 0) throw new Error(`the hubs still answered 429 ${refusedByHub} times after ${MAX_ASKS} asks each: send fewer lookups`);
    const log = ((await (await fetch(`${sandbox.url}/_sandbox/requests?key=${encodeURIComponent(key)}`)).json()) as { requests: Array<{ time: string; path: string; status: number }> }).requests.filter(
      (r) => r.path === '/v1/enrich',
    );
    const times = log.map((r) => Date.parse(r.time)).sort((a, b) => a - b);
    const first = times[0] ?? 0;
    const windows = Math.max(1, Math.floor(((times.at(-1) ?? first) - first) / windowMs));
    const inWindows = times.filter((t) => t < first + windows * windowMs).length;
    let busiestWindow = 0;
    for (let a = 0, b = 0; b < times.length; b++) {
      while (times[b]! - times[a]! >= windowMs) a++;
      busiestWindow = Math.max(busiestWindow, b - a + 1);
    }
    return { sent: log.length, self429: log.filter((r) => r.status === 429).length, utilisation: round(inWindows / (windows * max), 3), busiestWindow, askedAgain };
  } finally {
    for (const { child } of hubs) child.kill('SIGTERM');
    await Promise.all(hubs.map(({ child }) => new Promise((done) => (child.exitCode !== null ? done(null) : child.once('exit', done)))));
    await sandbox.close();
    // The hubs' slots are the database's: the next run starts with none.
    await sql`delete from rate_slots where team_id = ${seeded.teamId}`.execute(database.db);
  }
}

function printBook(label: string, sizes: Sizes, f: BookFigures) {
  const seeded = f.seedSeconds > 0 ? `seeded in ${f.seedSeconds} s` : 'copied from the seeded template';
  console.log(
    `${label.padEnd(9)} members ${sizes.members}, contacts ${sizes.contacts} (${seeded}), ${sizes.requests} requests, ${sizes.concurrency} at once\n` +
      `  ask    p50 ${f.ask.p50} ms  p95 ${f.ask.p95} ms  p99 ${f.ask.p99} ms  ${f.ask.perSecond}/s\n` +
      `  ask db p50 ${f.askDb.p50} ms  p95 ${f.askDb.p95} ms  p99 ${f.askDb.p99} ms  ${f.askDb.perSecond}/s\n` +
      `  write  p50 ${f.write.p50} ms  p95 ${f.write.p95} ms  p99 ${f.write.p99} ms  ${f.write.perSecond}/s`,
  );
}

/**
 * A Postgres database for one run, copied from a seeded template (`create database … template …`: a file copy, a
 * few seconds) that the first run on this server seeds and later runs reuse: seeding a million people takes minutes
 * on the 2-core machine and is not what the bench measures. The template's name carries the sizes and a hash of the
 * schema and of this file, so a change to either seeds a new one. The members' tokens are kept in it (a bench table).
 */
async function postgresDatabase(sizes: Sizes): Promise<{ url: string; seeded: Seeded; seedSeconds: number; drop: () => Promise<void> }> {
  const server = process.env.DATABASE_URL ?? execFileSync('bash', ['scripts/ensure-postgres.sh'], { encoding: 'utf8' }).trim().split('\n').pop() ?? '';
  const at = (name: string) => {
    const url = new URL(server);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const recipe = createHash('sha256')
    .update(readFileSync(fileURLToPath(new URL('../hub/db/migrations.ts', import.meta.url))))
    .update(readFileSync(fileURLToPath(import.meta.url)))
    .digest('hex')
    .slice(0, 10);
  const template = `hub_bench_seed_${sizes.members}_${sizes.contacts}_${recipe}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  let seedSeconds = 0;
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [template])).rowCount === 1;
  if (!exists) {
    const t = performance.now();
    await admin.query(`create database ${template}`);
    const db = openPostgres(at(template), 4);
    try {
      await migrate(db.db);
      const seeded = await seed(db, sizes);
      await sql`create table bench_seed (team_id text not null, admin_token text not null, tokens text[] not null)`.execute(db.db);
      await sql`insert into bench_seed values (${seeded.teamId}, ${seeded.adminToken}, ${seeded.tokens}::text[])`.execute(db.db);
    } catch (e) {
      await db.close();
      await admin.query(`drop database if exists ${template} with (force)`);
      throw e;
    }
    await db.close();
    seedSeconds = round((performance.now() - t) / 1000, 1);
  }
  const name = `hub_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name} template ${template}`);
  const kept = new pg.Client({ connectionString: at(name) });
  await kept.connect();
  const row = (await kept.query('select team_id, admin_token, tokens from bench_seed')).rows[0] as { team_id: string; admin_token: string; tokens: string[] };
  await kept.end();
  return {
    url: at(name),
    seeded: { teamId: row.team_id, adminToken: row.admin_token, tokens: row.tokens },
    seedSeconds,
    drop: async () => {
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    },
  };
}

export async function run(opts: { json: boolean; quick: boolean }, overrides: Partial<Sizes> = {}, withPglite = false): Promise<Record<string, number>> {
  const sizes: Sizes = { ...(opts.quick ? QUICK : FULL), ...overrides };
  const results: Record<string, number> = { hub_members: sizes.members, hub_contacts: sizes.contacts };
  if (withPglite) {
    const db = await openPglite();
    try {
      const t = performance.now();
      await migrate(db.db);
      const seeded = await seed(db, sizes);
      const book = await measureBook(db, seeded, sizes, round((performance.now() - t) / 1000, 1));
      printBook('pglite', sizes, book);
      Object.assign(results, { hub_pglite_ask_p95_ms: book.ask.p95, hub_pglite_write_p95_ms: book.write.p95 });
    } finally {
      await db.close();
    }
  }
  const server = await postgresDatabase(sizes);
  const db = openPostgres(server.url, 16);
  try {
    const seeded = server.seeded;
    const book = await measureBook(db, seeded, sizes, server.seedSeconds);
    printBook('postgres', sizes, book);
    const limiter = await measureLimiterAcrossProcesses(server.url, db, seeded, sizes);
    const { max, windowMs } = sizes.rate;
    console.log(
      `  limiter, two hub processes: ${limiter.sent} lookups under ${max} per ${windowMs / 1000} s, busiest window ${limiter.busiestWindow}, ` +
        `utilisation ${limiter.utilisation}, 429 from the service ${limiter.self429}, asked again after the hubs' own 429 ${limiter.askedAgain}`,
    );
    Object.assign(results, {
      hub_seed_s: book.seedSeconds,
      hub_ask_p50_ms: book.ask.p50,
      hub_ask_p95_ms: book.ask.p95,
      hub_ask_db_p95_ms: book.askDb.p95,
      hub_write_p50_ms: book.write.p50,
      hub_write_p95_ms: book.write.p95,
      hub_limiter_sent: limiter.sent,
      hub_limiter_busiest_window: limiter.busiestWindow,
      hub_limiter_max: max,
      hub_limiter_utilisation: limiter.utilisation,
      hub_limiter_self_429: limiter.self429,
      hub_limiter_asked_again: limiter.askedAgain,
    });
  } finally {
    await db.close();
    await server.drop();
  }
  return results;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      members: { type: 'string' },
      contacts: { type: 'string' },
      requests: { type: 'string' },
      concurrency: { type: 'string' },
      pglite: { type: 'boolean', default: false },
    },
  });
  const n = (v: string | undefined) => (v === undefined ? undefined : Number(v));
  const overrides = Object.fromEntries(
    Object.entries({ members: n(values.members), contacts: n(values.contacts), requests: n(values.requests), concurrency: n(values.concurrency) }).filter(([, v]) => v !== undefined),
  ) as Partial<Sizes>;
  console.log(JSON.stringify(await run({ json: true, quick: values.quick }, overrides, values.pglite)));
}
