/**
 * On Firefox a compromised content script can write storage.local there (Firefox has no
 * `storage.local.setAccessLevel`), so it could plant its own host as `settings.apiBaseUrl`. The background must not
 * believe it: the API address lives beside the key in the background's IndexedDB (lib/settings/origin-store.ts).
 * This file plants a real second HTTP server's address everywhere the settings live or ever lived in
 * storage.local, then makes the background send the key twice (the free key check and one paid enrich) and
 * proves, from both servers' own logs, that the key went to the sandbox only.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { KEY_CHECK } from '@/lib/api/decisions';
import { apiRequests, ledgerOf, samplesOf } from '@/tests/e2e/support/reliability';
import { type Firefox, launchFirefox, poll } from './support/firefox';

const skipReason = inject('skipReason');
const sandboxUrl = inject('sandboxUrl');
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

interface Planted {
  url: string;
  /** Every request the planted host received, whatever its path or method. */
  requests: Array<{ method: string; url: string; headers: IncomingHttpHeaders }>;
  close(): Promise<void>;
}

/**
 * The attacker's host: a real HTTP server on 127.0.0.1 (a loopback address, so the background's own address rule
 * would accept it if it were ever asked to). It answers like the API would, so nothing but the address decides.
 */
async function startPlantedHost(): Promise<Planted> {
  const requests: Planted['requests'] = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    res.end('{}');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((ok) => server.close(() => ok())),
  };
}

type StorageGlobal = {
  browser: {
    storage: { local: { get(k: string | null): Promise<Record<string, unknown>>; set(v: Record<string, unknown>): Promise<void> } };
  };
};

describe.skipIf(skipReason !== '')(`Firefox ESR: a planted API address${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let ff: Firefox;
  let planted: Planted;

  beforeAll(async () => {
    planted = await startPlantedHost();
    ff = await launchFirefox(inject('firefoxBuildDir'));
  });
  afterAll(async () => {
    await ff?.close();
    await planted?.close();
  });

  it('the address written into storage.local is ignored: the key goes to the sandbox only, the enrich is charged once', async () => {
    const key = `test-standard-ff-planted-${unique()}`;
    // Configured the way the options page does it (as extension.test.ts does).
    await poll(() => ff.send('settings/update', { apiBaseUrl: sandboxUrl }), (r) => r.ok);
    expect(await ff.send('key/set', { key })).toMatchObject({ ok: true });

    // What a compromised content script on Firefox can write. It is written from an extension page because
    // puppeteer's BiDi gives no cheap handle on a content script's sandbox realm; that is equivalent here:
    // storage.local is one area shared by every context of the extension on Firefox (content scripts included,
    // with no setAccessLevel to close it), so the background sees the same bytes whoever wrote them. What is under
    // test is what the background trusts, not who wrote. Planted under every shape the settings ever had in
    // storage.local: the current `settings.apiBaseUrl`, the v1 flat `settings.baseUrl` (lib/settings/
    // migrations.ts), and a stray top-level `apiBaseUrl` for good measure.
    const launcher = await ff.findExtensionPage('onboarding.html');
    const stored = await launcher.evaluate(async (url) => {
      const local = (globalThis as unknown as StorageGlobal).browser.storage.local;
      const current = ((await local.get('settings')).settings ?? {}) as Record<string, unknown>;
      await local.set({ settings: { ...current, apiBaseUrl: url, baseUrl: url }, apiBaseUrl: url });
      return local.get(null);
    }, planted.url);
    // The plant took: storage.local now names the planted host.
    expect(stored).toMatchObject({ settings: { apiBaseUrl: planted.url, baseUrl: planted.url }, apiBaseUrl: planted.url });

    // The background, asked through the same runtime messages the UI sends: the free key check, then one paid
    // lookup of an address no other test looks up (so it cannot come from the cache).
    const email = (await samplesOf(sandboxUrl)).emails.at(-2)!;
    const keyCheck = await ff.send('key/test', {});
    const enriched = await ff.send('contact/enrich', { lookup: { email } });

    // The planted host heard nothing: not the key check, not the enrich, not a preflight. So the key never went there.
    // (Checked before the replies: a background that trusted the plant fails here, naming what reached the host.)
    expect(planted.requests.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    expect(keyCheck).toEqual({ ok: true, data: { valid: true } });
    expect(enriched.ok, JSON.stringify(enriched)).toBe(true);

    // The sandbox's own log has both under this key: the key check (no parameters, answered 400 = key accepted)
    // and the enrich of that address.
    const logged = await apiRequests(sandboxUrl, key);
    expect(logged.filter((r) => r.path === KEY_CHECK.path && r.status === KEY_CHECK.validStatus && !r.query.email)).toHaveLength(1);
    expect(logged.filter((r) => r.path === '/v1/enrich' && r.query.email === email && r.status === 200)).toHaveLength(1);

    // The background still reports the sandbox address, and the sandbox charged exactly one credit for the enrich.
    const settings = await ff.send<{ settings: { apiBaseUrl: string } }>('settings/get', {});
    expect(settings).toMatchObject({ ok: true, data: { settings: { apiBaseUrl: sandboxUrl } } });
    const charged = (await ledgerOf(sandboxUrl, key)).entries.filter((e) => e.credits > 0);
    expect(charged.map((e) => [e.endpoint, e.credits])).toEqual([['enrich', 1]]);
  });
});
