/**
 * Signing in to a real hub (PGlite, over HTTP on 127.0.0.1) and leaving it, over the background's real settings store
 * (WXT's fake storage) and the key store's memory twin: proxy mode swaps the key and address and puts them back;
 * every failure says what happened.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { RunningHub } from '@/hub/server';
import { startTestHub } from '@/tests/unit/hub/backends';
import { createTeam } from '@/hub/teams';
import { closedPort } from '../../e2e/support/reliability';
import { createMemoryKeyStore, createMemorySecretText } from '@/lib/keystore';
import { createMembership } from '@/lib/hub-client/membership';
import { describeError } from '@/lib/errors/catalogue';
import { HandledError } from '@/lib/errors/handled-error';
import { createMemoryApiAddressStore } from '@/lib/settings/origin-store';
import { createSettingsStore } from '@/lib/settings/store';

let hub: RunningHub;

beforeAll(async () => {
  hub = await startTestHub({ port: 0, keySecret: randomBytes(32).toString('base64') });
});
afterAll(async () => {
  await hub?.close();
});
beforeEach(() => fakeBrowser.reset());

async function post(path: string, body: unknown, token?: string, method = 'POST') {
  const res = await fetch(`${hub.url}${path}`, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  return (await res.json()) as Record<string, unknown>;
}

/** A team with an admin; `proxy`: the hub holds a key for it. Returns an invite for a member. */
async function teamInvite(proxy: boolean): Promise<{ code: string; teamName: string }> {
  const teamName = `Acme ${randomBytes(2).toString('hex')}`;
  const { adminInvite } = await createTeam(hub.database.db, teamName);
  const admin = await post('/hub/invites/redeem', { code: adminInvite, name: 'Ada' });
  if (proxy) await post('/hub/admin/team', { proxy: { apiKey: 'test-standard-team', upstreamUrl: 'http://127.0.0.1:9' } }, admin.token as string, 'PUT');
  const invite = await post('/hub/admin/invites', { role: 'member' }, admin.token as string);
  return { code: invite.code as string, teamName };
}

function setUp(ownKey: string | null = 'own-key-1234567890') {
  const keystore = createMemoryKeyStore(ownKey);
  const settings = createSettingsStore(createMemoryApiAddressStore('https://api.example.com'));
  const session = createMemorySecretText();
  return { keystore, settings, session, membership: createMembership({ keystore, settings, session }) };
}

async function refusal(promise: Promise<unknown>): Promise<HandledError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(HandledError);
  return error as HandledError;
}

describe('signing in to a team hub', () => {
  it('proxy mode: the token becomes the key and the hub the address; leaving puts the own key and address back', async () => {
    const { code, teamName } = await teamInvite(true);
    const { keystore, settings, session, membership } = setUp();
    const state = await membership.join({ hubUrl: hub.url, code, name: 'Bea' });
    expect(state).toMatchObject({ signedIn: true, teamName, memberName: 'Bea', role: 'member', proxy: true, inUse: true, previousApiBaseUrl: 'https://api.example.com' });
    expect(JSON.stringify(state)).not.toContain('hub_');
    expect(await keystore.get()).toMatch(/^hub_/);
    expect((await settings.get()).apiBaseUrl).toBe(hub.url);

    expect(await membership.leave()).toEqual({ signedIn: false });
    expect(await keystore.get()).toBe('own-key-1234567890');
    expect((await settings.get()).apiBaseUrl).toBe('https://api.example.com');
    expect(await session.get()).toBeNull();
  });

  it('a key the user saved while signed in stays theirs on leaving; the sign-in reads as no longer in use', async () => {
    const { code } = await teamInvite(true);
    const { keystore, membership } = setUp(null);
    await membership.join({ hubUrl: hub.url, code });
    await keystore.set('newer-own-key-123456');
    expect(await membership.state()).toMatchObject({ signedIn: true, inUse: false });
    await membership.leave();
    expect(await keystore.get()).toBe('newer-own-key-123456');
  });

  it('a team without proxy mode: signed in, and the own key and address stay', async () => {
    const { code } = await teamInvite(false);
    const { keystore, settings, membership } = setUp();
    expect(await membership.join({ hubUrl: hub.url, code })).toMatchObject({ signedIn: true, proxy: false, inUse: false });
    expect(await keystore.get()).toBe('own-key-1234567890');
    expect((await settings.get()).apiBaseUrl).toBe('https://api.example.com');
  });

  it('an invite used once is refused the second time, saying to ask for a new one; nothing changes', async () => {
    const { code } = await teamInvite(true);
    await setUp().membership.join({ hubUrl: hub.url, code });
    const { keystore, settings, membership } = setUp();
    const error = await refusal(membership.join({ hubUrl: hub.url, code }));
    expect(error.data.hub?.code).toBe('invalid_invite');
    expect(describeError(error.data).message).toMatch(/used or has expired\. Ask your team admin for a new invite/);
    expect(await keystore.get()).toBe('own-key-1234567890');
    expect((await settings.get()).apiBaseUrl).toBe('https://api.example.com');
    expect(await membership.state()).toEqual({ signedIn: false });
  });

  it('no hub at the address, something that is not a hub, and plain http off this machine', async () => {
    const { membership } = setUp();
    const down = await refusal(membership.join({ hubUrl: `http://127.0.0.1:${await closedPort()}`, code: 'inv_abcdefgh' }));
    expect(down.data).toMatchObject({ kind: 'network', hub: { code: 'unreachable' } });
    expect(describeError(down.data).message).toMatch(/^No team hub answered at 127\.0\.0\.1:\d+\. Check the address/);

    const other = await refusal(membership.join({ hubUrl: `${hub.url}/not-here`, code: 'inv_abcdefgh' }));
    expect(other.data.hub?.code).toBe('not_a_hub');

    const plain = await refusal(membership.join({ hubUrl: 'http://hub.example.com', code: 'inv_abcdefgh' }));
    expect(plain.data.message).toMatch(/Use the hub’s https:\/\/ address/);
  });

  it('signing in twice asks to leave first', async () => {
    const first = await teamInvite(true);
    const second = await teamInvite(true);
    const { membership } = setUp();
    await membership.join({ hubUrl: hub.url, code: first.code });
    const error = await refusal(membership.join({ hubUrl: hub.url, code: second.code }));
    expect(error.data.message).toMatch(/signed in to a team hub already\. Leave it first/);
  });
});
