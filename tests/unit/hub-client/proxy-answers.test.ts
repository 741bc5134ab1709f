/**
 * The extension's real API client against a real hub in proxy mode (PGlite), in front of the real sandbox: a teammate's
 * purchase comes back as a book hit the one charge decision books at 0, and the hub's refusals arrive as error data
 * that names them (budget with its figures, proxy off, a revoked sign-in).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningHub } from '@/hub/server';
import { startTestHub } from '@/tests/unit/hub/backends';
import { createTeam } from '@/hub/teams';
import { startSandbox, type RunningSandbox } from '@/sandbox/server';
import { createEnrichmentClient, type EnrichmentClient } from '@/lib/api/client';
import { chargeOfAnswer, planLookup } from '@/lib/engine/plan';
import { toErrorData } from '@/lib/errors/to-error-data';

let hub: RunningHub;
let sandbox: RunningSandbox;

beforeAll(async () => {
  [hub, sandbox] = await Promise.all([startTestHub({ port: 0, keySecret: randomBytes(32).toString('base64') }), startSandbox({ port: 0, quiet: true })]);
});
afterAll(async () => {
  await hub?.close();
  await sandbox?.close();
});

async function hubCall(path: string, init: { token?: string; method?: string; body?: unknown } = {}) {
  const res = await fetch(`${hub.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return (await res.json()) as Record<string, unknown>;
}

/** A proxy team: the admin's token, and two members' clients talking to the hub with their tokens as the key. */
async function proxyTeam() {
  const { adminInvite } = await createTeam(hub.database.db, `team-${randomBytes(3).toString('hex')}`);
  const admin = (await hubCall('/hub/invites/redeem', { body: { code: adminInvite, name: 'Admin' } })).token as string;
  await hubCall('/hub/admin/team', { token: admin, method: 'PUT', body: { proxy: { apiKey: `test-standard-hubclient-${randomBytes(4).toString('hex')}`, upstreamUrl: sandbox.url } } });
  const member = async (name: string) => {
    const invite = (await hubCall('/hub/admin/invites', { token: admin, body: { role: 'member' } })).code as string;
    const redeemed = await hubCall('/hub/invites/redeem', { body: { code: invite, name } });
    const token = redeemed.token as string;
    const client: EnrichmentClient = createEnrichmentClient({ baseUrl: hub.url, getApiKey: () => Promise.resolve(token), retry: { maxRetries: 0 } });
    return { id: (redeemed.member as { id: string }).id, client };
  };
  return { admin, a: await member('Ada'), b: await member('Bea') };
}

const samples = async () => (await (await fetch(`${sandbox.url}/_sandbox/samples`)).json()) as { emails: string[] };
const failure = (promise: Promise<unknown>) => promise.then(() => null, (e: unknown) => toErrorData(e));

describe('proxy answers through the extension client', () => {
  it("a teammate's purchase, asked by another identifier, is a book hit that costs nothing", async () => {
    const { a, b } = await proxyTeam();
    const email = (await samples()).emails[7]!;
    const before = Date.now();
    const bought = await a.client.contacts.enrich({ email });
    expect(bought.found).toBe(true);
    expect(bought.found && bought.boughtByTeam).toBeFalsy();
    const profile = (bought.found ? (bought.result.social_profiles ?? []) : []).find((p) => p.network === 'linkedin')?.url;
    expect(profile).toBeTruthy();

    const hit = await b.client.contacts.enrich({ social_profile: profile! });
    expect(hit.found && hit.boughtByTeam?.boughtBy).toBe('Ada');
    // When A bought them (the hub's clock; a second of slack either side for the two clocks' rounding).
    expect(hit.found && hit.boughtByTeam!.boughtAt).toBeGreaterThanOrEqual(before - 1000);
    expect(hit.found && hit.boughtByTeam!.boughtAt).toBeLessThanOrEqual(Date.now() + 1000);

    const plan = planLookup({ op: 'contact/enrich', lookup: { social_profile: profile! } }, { lookupDefaults: {} }, { hit: null, last: null, now: Date.now() });
    expect(plan.maxCredits).toBe(1);
    expect(chargeOfAnswer(plan, { found: true, value: hit.found ? hit.result : null, ...(hit.found ? { boughtByTeam: hit.boughtByTeam } : {}) })).toBe(0);
    expect(chargeOfAnswer(plan, { found: true, value: bought.found ? bought.result : null })).toBe(1);
  });

  it("the hub's refusals arrive named: a member's budget with its figures, proxy off, a revoked sign-in", async () => {
    const { admin, a, b } = await proxyTeam();
    const [, second, third] = (await samples()).emails;
    await hubCall(`/hub/admin/members/${b.id}/budget`, { token: admin, method: 'PUT', body: { dailyBudget: 0 } });
    const budget = await failure(b.client.contacts.enrich({ email: second! }));
    expect(budget?.hub).toEqual({ code: 'budget_exceeded', budget: { scope: 'member', period: 'day', budget: 0, spent: 0, cost: 1 } });

    await hubCall(`/hub/admin/members/${a.id}/revoke`, { token: admin, method: 'POST' });
    const revoked = await failure(a.client.contacts.enrich({ email: third! }));
    expect(revoked).toMatchObject({ kind: 'invalid_key', status: 401, hub: { code: 'token_refused' } });

    await hubCall(`/hub/admin/members/${b.id}/budget`, { token: admin, method: 'PUT', body: { dailyBudget: null } });
    await hubCall('/hub/admin/team', { token: admin, method: 'PUT', body: { proxy: null } });
    const off = await failure(b.client.contacts.enrich({ email: third! }));
    expect(off).toMatchObject({ status: 409, hub: { code: 'proxy_off' } });
  });
});
