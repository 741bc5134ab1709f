/**
 * Two members' engines in proxy mode (their hub tokens as the key, the hub as the address) against a real hub
 * (PGlite) in front of the real sandbox: their bulk jobs started together leave as one gathered request, and the
 * person both asked for, answered free to one of them (`hub_book`), is booked at 0 by that member's engine and shown
 * as bought by the team: the two engines' charges add up to the sandbox's ledger.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect, inject, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { RunningHub } from '@/hub/server';
import { startTestHub } from '@/tests/unit/hub/backends';
import { engineFor, samples, sandboxLedger, sandboxRequests } from '../engine/engine-helpers';
import { newTeam } from './hub-helpers';

const url = inject('sandboxUrl');
let hub: RunningHub;

beforeAll(async () => {
  // Long enough that two jobs started together always meet on a busy machine; the default is 200 ms.
  hub = await startTestHub({ port: 0, keySecret: randomBytes(32).toString('base64'), bulkBatchWindowMs: 3000 });
});
afterAll(async () => {
  await hub?.close();
});
beforeEach(() => fakeBrowser.reset());

it("a person both members' jobs asked for is charged once: the one answered free books 0 and says who bought it; the engines' charges equal the ledger", async () => {
  const key = `test-standard-proxy-bulk-${randomBytes(4).toString('hex')}`;
  const team = await newTeam(hub, { apiKey: key, upstreamUrl: url });
  const [ada, bea] = [await team.member('Ada'), await team.member('Bea')];
  const a = engineFor(hub.url, ada.token).engine;
  const b = engineFor(hub.url, bea.token).engine;
  await Promise.all([a.start(), b.start()]);
  const emails = (await samples(url)).emails.slice(20 - 5);
  const shared = emails[2]!;
  const asEntries = (list: string[]) => list.map((value) => ({ field_type: 'email' as const, value }));

  const [jobA, jobB] = await Promise.all([a.bulk.start(asEntries([emails[0]!, emails[1]!, shared])), b.bulk.start(asEntries([shared, emails[3]!, emails[4]!]))]);
  const done = async (engine: typeof a, id: string) => {
    for (let i = 0; i < 1200 && ['queued', 'running'].includes((await engine.bulk.get(id)).status); i++) await new Promise((r) => setTimeout(r, 25));
    return engine.bulk.get(id);
  };
  const [endA, endB] = [await done(a, jobA.id), await done(b, jobB.id)];
  expect(endA).toMatchObject({ status: 'done', enriched: 3 });
  expect(endB).toMatchObject({ status: 'done', enriched: 3 });

  // One gathered request; five people charged; one member charged 3, the other 2 with the shared person free.
  expect((await sandboxRequests(url, key)).filter((r) => r.path === '/v1/bulk-enrich')).toHaveLength(1);
  const charged = (await sandboxLedger(url, key)).reduce((sum, e) => sum + e.credits, 0);
  expect(charged).toBe(5);
  expect(endA.creditsCharged + endB.creditsCharged).toBe(charged);
  const [payer, free] = (endA.fromTeam ?? 0) === 1 ? [{ end: endB, engine: b, name: 'Bea' }, { end: endA, engine: a, id: jobA.id }] : [{ end: endA, engine: a, name: 'Ada' }, { end: endB, engine: b, id: jobB.id }];
  expect(payer.end.creditsCharged).toBe(3);
  expect(free.end).toMatchObject({ creditsCharged: 2, fromTeam: 1 });
  const rows = (await free.engine.bulk.rows(free.id, 0, 10)).rows;
  expect(rows.find((r) => r.value === shared)).toMatchObject({ status: 'enriched', team: { boughtBy: payer.name } });
  // Each engine's own ledger books what its job says, so the two add up to the service's charge too.
  expect((await a.ledger.summary()).today + (await b.ledger.summary()).today).toBe(charged);
});
