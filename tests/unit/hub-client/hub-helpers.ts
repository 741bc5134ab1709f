/**
 * A team on a real hub (PGlite, HTTP on 127.0.0.1) whose members sign in through the extension's own membership
 * (lib/hub-client/membership.ts) over the background's real settings store and the key store's memory twins.
 */
import { randomBytes } from 'node:crypto';
import type { RunningHub } from '@/hub/server';
import { createTeam } from '@/hub/teams';
import { createMemoryKeyStore, createMemorySecretText } from '@/lib/keystore';
import { createMembership } from '@/lib/hub-client/membership';
import { createMemoryApiAddressStore } from '@/lib/settings/origin-store';
import { createSettingsStore } from '@/lib/settings/store';

export async function hubCall(hub: RunningHub, path: string, init: { token?: string; method?: string; body?: unknown } = {}): Promise<Record<string, unknown>> {
  const res = await fetch(`${hub.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return (await res.json()) as Record<string, unknown>;
}

export interface SignedInMember {
  name: string;
  token: string;
  keystore: ReturnType<typeof createMemoryKeyStore>;
  session: ReturnType<typeof createMemorySecretText>;
}

/**
 * A new team; `proxy`: the hub holds `proxyKey` for `upstreamUrl`. Returns the admin's token and a function that signs
 * a member in (with their own key, kept unless the team is in proxy mode) through the membership the options page uses.
 */
export async function newTeam(hub: RunningHub, proxy?: { apiKey: string; upstreamUrl: string }) {
  const { adminInvite } = await createTeam(hub.database.db, `team-${randomBytes(3).toString('hex')}`);
  const admin = (await hubCall(hub, '/hub/invites/redeem', { body: { code: adminInvite, name: 'Admin' } })).token as string;
  if (proxy) await hubCall(hub, '/hub/admin/team', { token: admin, method: 'PUT', body: { proxy } });
  async function member(name: string, ownKey = `test-standard-own-${randomBytes(4).toString('hex')}`, apiBaseUrl = 'http://127.0.0.1:9'): Promise<SignedInMember> {
    const code = (await hubCall(hub, '/hub/admin/invites', { token: admin, body: { role: 'member' } })).code as string;
    const keystore = createMemoryKeyStore(ownKey);
    const session = createMemorySecretText();
    const settings = createSettingsStore(createMemoryApiAddressStore(apiBaseUrl));
    await createMembership({ keystore, settings, session }).join({ hubUrl: hub.url, code, name });
    const token = (JSON.parse((await session.get())!) as { token: string }).token;
    return { name, token, keystore, session };
  }
  return { admin, member };
}

/** What the team's book holds for an email, as a member asks it. */
export async function bookHits(hub: RunningHub, token: string, email: string): Promise<Array<{ entryId: string; credits: number; firstBoughtAt: string; answeredAt: string; boughtBy: { name: string } }>> {
  return (await hubCall(hub, `/hub/book?email=${encodeURIComponent(email)}`, { token })).hits as never;
}
