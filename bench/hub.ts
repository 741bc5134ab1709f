/**
 * Team hub benchmark: how far one database takes a team. A team of MEMBERS members whose book holds CONTACTS
 * people (three identifiers each: email, phone, profile), then, over HTTP on loopback with CONCURRENCY clients:
 * - ask: GET /hub/book?email=… ("does the team have this person"), half hits, half misses;
 * - write: POST /hub/book, a purchase of a new person with two aliases;
 * - ask in process: the same question straight to the database (askBook), no HTTP: the database's share of "ask";
 * - limiter: one place under the shared rate limit taken and given back (acquireSlot + releaseSlot), in process.
 * On PGlite (embedded, one session) and, with --postgres, on a Postgres server (scripts/ensure-postgres.sh or
 * DATABASE_URL). Prints p50/p95/p99 in ms and requests per second.
 *
 *   npx tsx bench/hub.ts [--members 50] [--contacts 20000] [--requests 1000] [--concurrency 16] [--postgres]
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'kysely';
import { migrate } from '../hub/db/migrations';
import { openPglite, openPostgres, type HubDatabase } from '../hub/db/open';
import { askBook } from '../hub/book';
import { identitiesOf } from '../hub/identity';
import { acquireSlot, releaseSlot } from '../hub/limiter';
import { startHub } from '../hub/server';
import { createInvite, createTeam, redeemInvite } from '../hub/teams';
import { newId } from '../hub/tokens';
import { round } from './stats';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '50' },
    contacts: { type: 'string', default: '20000' },
    requests: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '16' },
    postgres: { type: 'boolean', default: false },
    'skip-pglite': { type: 'boolean', default: false },
  },
});
const MEMBERS = Number(values.members);
const CONTACTS = Number(values.contacts);
const REQUESTS = Number(values.requests);
const CONCURRENCY = Number(values.concurrency);

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};

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
  return { p50: round(quantile(samples, 0.5)), p95: round(quantile(samples, 0.95)), p99: round(quantile(samples, 0.99)), perSecond: Math.round(n / seconds) };
}

const person = (i: number) => ({ email: `person${i}@company${i % 997}.example`, phone: `+1650${String(2_000_000 + i).padStart(7, '0')}`, social_profile: `https://www.linkedin.com/in/person-${i}` });

async function seed(database: HubDatabase) {
  const { teamId, adminInvite } = await createTeam(database.db, 'bench');
  const admin = await redeemInvite(database.db, adminInvite, 'admin');
  if (!admin) throw new Error('bootstrap invite refused');
  const tokens = [admin.token];
  for (let m = 1; m < MEMBERS; m++) {
    const invite = await createInvite(database.db, { teamId, role: 'member', name: `m${m}`, createdBy: admin.member.id });
    const redeemed = await redeemInvite(database.db, invite.code, `m${m}`);
    if (redeemed) tokens.push(redeemed.token);
  }
  const memberIds = (await database.db.selectFrom('members').select('id').where('team_id', '=', teamId).execute()).map((r) => r.id);
  const answer = JSON.stringify({ full_name: 'x'.repeat(20), employment: { name: 'y'.repeat(20) }, skills: Array.from({ length: 20 }, (_, k) => `skill${k}`) });
  const BATCH = 1000;
  for (let start = 0; start < CONTACTS; start += BATCH) {
    const entries = Array.from({ length: Math.min(BATCH, CONTACTS - start) }, (_, k) => {
      const i = start + k;
      const by = memberIds[i % memberIds.length] as string;
      const at = new Date(Date.now() - i * 60_000);
      return { id: newId(), team_id: teamId, bought_by: by, first_bought_at: at, answer, options: '', answered_at: at, answered_by: by, credits: 1, i };
    });
    await database.db.insertInto('book_entries').values(entries.map(({ i: _i, ...e }) => e)).execute();
    await database.db
      .insertInto('book_keys')
      .values(entries.flatMap((e) => identitiesOf(person(e.i)).map((identity) => ({ team_id: teamId, identity, entry_id: e.id }))))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  await sql`analyze`.execute(database.db);
  return { teamId, tokens };
}

async function run(label: string, database: HubDatabase) {
  const seedStart = performance.now();
  await migrate(database.db);
  const { teamId, tokens } = await seed(database);
  const seedSeconds = round((performance.now() - seedStart) / 1000, 1);
  const hub = await startHub({ port: 0, database });
  try {
    const token = (i: number) => tokens[i % tokens.length] as string;
    const ask = await timed(REQUESTS, CONCURRENCY, async (i) => {
      // Even i: someone in the book; odd: nobody.
      const email = i % 2 === 0 ? person((i * 7919) % CONTACTS).email : `stranger${i}@nowhere.example`;
      const res = await fetch(`${hub.url}/hub/book?email=${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${token(i)}` } });
      const body = (await res.json()) as { hits: unknown[] };
      if (res.status !== 200 || body.hits.length !== (i % 2 === 0 ? 1 : 0)) throw new Error(`ask ${i}: ${res.status} ${JSON.stringify(body)}`);
    });
    const askDb = await timed(REQUESTS, CONCURRENCY, async (i) => {
      const email = i % 2 === 0 ? person((i * 7919) % CONTACTS).email : `stranger${i}@nowhere.example`;
      const hits = await askBook(database.db, teamId, identitiesOf({ email }));
      if (hits.length !== (i % 2 === 0 ? 1 : 0)) throw new Error(`askBook ${i}: ${hits.length} hits`);
    });
    const run = randomBytes(3).toString('hex');
    const write = await timed(REQUESTS, CONCURRENCY, async (i) => {
      const p = person(CONTACTS + i);
      const res = await fetch(`${hub.url}/hub/book`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token(i)}`, 'content-type': 'application/json' },
        body: JSON.stringify({ writeId: `${run}-${i}`, lookup: { email: p.email }, aliases: [{ phone: p.phone }, { social_profile: p.social_profile }], answer: { i }, boughtAt: new Date().toISOString(), credits: 1 }),
      });
      if (res.status !== 201) throw new Error(`write ${i}: ${res.status} ${await res.text()}`);
    });
    const limiter = await timed(Math.min(REQUESTS, 1000), CONCURRENCY, async () => {
      const place = await acquireSlot(database.db, teamId, { max: 1_000_000, windowMs: 1000 }, 10_000);
      if (!('slot' in place)) throw new Error('limiter refused');
      await releaseSlot(database.db, place.slot);
    });
    console.log(
      `${label.padEnd(9)} members ${MEMBERS}, contacts ${CONTACTS} (seeded in ${seedSeconds} s), ${REQUESTS} requests, ${CONCURRENCY} at once\n` +
        `  ask    p50 ${ask.p50} ms  p95 ${ask.p95} ms  p99 ${ask.p99} ms  ${ask.perSecond}/s\n` +
        `  ask db p50 ${askDb.p50} ms  p95 ${askDb.p95} ms  p99 ${askDb.p99} ms  ${askDb.perSecond}/s\n` +
        `  write  p50 ${write.p50} ms  p95 ${write.p95} ms  p99 ${write.p99} ms  ${write.perSecond}/s\n` +
        `  limiter p50 ${limiter.p50} ms  p95 ${limiter.p95} ms  p99 ${limiter.p99} ms  ${limiter.perSecond}/s`,
    );
    console.log(JSON.stringify({ bench: 'hub', backend: label, members: MEMBERS, contacts: CONTACTS, concurrency: CONCURRENCY, ask, askDb, write, limiter }));
  } finally {
    await hub.close();
  }
}

if (!values['skip-pglite']) {
  const db = await openPglite();
  try {
    await run('pglite', db);
  } finally {
    await db.close();
  }
}
if (values.postgres) {
  const server = process.env.DATABASE_URL ?? execFileSync('bash', ['scripts/ensure-postgres.sh'], { encoding: 'utf8' }).trim().split('\n').pop() ?? '';
  const name = `hub_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const db = openPostgres(url.toString(), 16);
  try {
    await run('postgres', db);
  } finally {
    await db.close();
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  }
}
