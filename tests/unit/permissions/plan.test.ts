import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import {
  applyPermissionPlan,
  grantedOrigins,
  planApiOriginChange,
  planScanChange,
  planSettingsChange,
  originPattern,
  type AccessSettings,
  type ScanChoice,
  scanOrigins,
} from '@/lib/permissions';
import { installFakePermissions } from './fake-permissions';

// The manifest's host permissions (wxt.config.ts).
const REQUIRED = ['http://127.0.0.1/*', 'http://localhost/*'];
const OPTIONAL = ['https://*/*', 'http://*/*'];
const API = 'https://api.example.com/*';

const onRequest: ScanChoice = { scanMode: 'on-request', scanSites: [] };
const sites = (...s: string[]): ScanChoice => ({ scanMode: 'sites', scanSites: s });
const everywhere: ScanChoice = { scanMode: 'everywhere', scanSites: ['https://kept-but-unused.com/*'] };

describe('scanOrigins', () => {
  it.each([
    ['scanning on request needs no host permission (activeTab)', onRequest, []],
    ['chosen sites need exactly those sites', sites('https://a.com/*', 'https://b.com/*', 'https://a.com/*'), ['https://a.com/*', 'https://b.com/*']],
    ['everywhere needs every http(s) page; the site list is ignored', everywhere, ['https://*/*', 'http://*/*']],
  ])('%s', (_case, choice, origins) => {
    expect(scanOrigins(choice)).toEqual(origins);
  });
});

describe('planScanChange', () => {
  const keep = [...REQUIRED, API];
  it.each([
    ['on request → sites: ask for the sites', onRequest, sites('https://a.com/*'), ['https://a.com/*'], []],
    ['sites → on request: give the sites back', sites('https://a.com/*'), onRequest, [], ['https://a.com/*']],
    ['sites → everywhere: ask for all, give back the sites', sites('https://a.com/*'), everywhere, ['https://*/*', 'http://*/*'], ['https://a.com/*']],
    ['everywhere → on request: give everything back', everywhere, onRequest, [], ['https://*/*', 'http://*/*']],
    ['one site removed from the list', sites('https://a.com/*', 'https://b.com/*'), sites('https://a.com/*'), ['https://a.com/*'], ['https://b.com/*']],
    ['the API origin is never given back, even when it was a chosen site', sites(API, 'https://a.com/*'), onRequest, [], ['https://a.com/*']],
    ['required host permissions are neither asked for nor given back', sites('http://127.0.0.1/*'), onRequest, [], []],
  ])('%s', (_case, from, to, request, revoke) => {
    expect(planScanChange(from, to, keep)).toEqual({ request, revoke });
  });
});

describe('planApiOriginChange', () => {
  it.each([
    ['sandbox → remote API: ask for it; the sandbox origin is required, keep it', 'http://127.0.0.1/*', API, REQUIRED, [API], []],
    ['remote → another remote: ask for the new, give back the old', API, 'https://api2.example.com/*', REQUIRED, ['https://api2.example.com/*'], [API]],
    ['remote → sandbox: nothing to ask, give back the remote', API, 'http://127.0.0.1/*', REQUIRED, [], [API]],
    ['same origin, new path: nothing changes', API, API, REQUIRED, [API], []],
    ['old origin still a chosen scan site: kept', API, 'http://127.0.0.1/*', [...REQUIRED, API], [], []],
    ['no previous origin', null, API, REQUIRED, [API], []],
  ])('%s', (_case, from, to, keep, request, revoke) => {
    expect(planApiOriginChange(from, to, keep)).toEqual({ request, revoke });
  });
});

describe('planSettingsChange (address and privacy at once, e.g. an imported file)', () => {
  const sandbox = 'http://127.0.0.1:8787';
  const remote = 'https://api.example.com';
  const at = (apiBaseUrl: string, choice: ScanChoice): AccessSettings => ({ apiBaseUrl, ...choice });
  it.each([
    ['only the address changes', at(sandbox, onRequest), at(remote, onRequest), [API], [], [API]],
    // Asking again for the granted API origin costs no prompt and restores it if the user removed it.
    ['only the privacy choice changes', at(remote, onRequest), at(remote, sites('https://a.com/*')), [API, 'https://a.com/*'], [], [API]],
    ['both: one prompt for the API and the sites', at(sandbox, onRequest), at(remote, sites('https://a.com/*')), [API, 'https://a.com/*'], [], [API]],
    ['back to defaults: give everything back', at(remote, sites('https://a.com/*')), at(sandbox, onRequest), [], [API, 'https://a.com/*'], ['http://127.0.0.1/*']],
    ['the old API origin stays when it becomes a scanned site', at(remote, onRequest), at(sandbox, sites(API)), [API], [], ['http://127.0.0.1/*']],
    ['the new API origin is not revoked with the old sites', at(sandbox, sites(API)), at(remote, onRequest), [API], [], [API]],
  ])('%s', (_case, from, to, request, revoke, mustKeep) => {
    expect(planSettingsChange(from, to, REQUIRED, originPattern)).toEqual({ request, revoke, mustKeep });
  });
});

describe('applyPermissionPlan with fakeBrowser.permissions', () => {
  let fake: ReturnType<typeof installFakePermissions>;
  beforeEach(() => {
    fakeBrowser.reset();
    fake = installFakePermissions({ required: REQUIRED, optional: OPTIONAL });
  });

  it('grants the new sites, then revokes the old ones', async () => {
    await applyPermissionPlan(fakeBrowser.permissions, { request: ['https://a.com/*'], revoke: [] });
    const outcome = await applyPermissionPlan(fakeBrowser.permissions, { request: ['https://b.com/*'], revoke: ['https://a.com/*'] });
    expect(outcome).toEqual({ ok: true, revoked: ['https://a.com/*'], notRevoked: [], missing: [] });
    expect([...fake.granted]).toEqual(['https://b.com/*']);
    expect(fake.state.prompts).toEqual([['https://a.com/*'], ['https://b.com/*']]);
  });

  it('declined prompt: nothing is revoked, so the previous choice keeps working', async () => {
    await applyPermissionPlan(fakeBrowser.permissions, { request: ['https://a.com/*'], revoke: [] });
    fake.state.userAccepts = false;
    const outcome = await applyPermissionPlan(fakeBrowser.permissions, { request: ['https://*/*', 'http://*/*'], revoke: ['https://a.com/*'] });
    expect(outcome).toMatchObject({ ok: false, reason: 'declined' });
    expect([...fake.granted]).toEqual(['https://a.com/*']);
    expect(fake.state.removeCalls).toEqual([]);
  });

  it('an already granted origin does not prompt again', async () => {
    const outcome = await applyPermissionPlan(fakeBrowser.permissions, { request: ['http://127.0.0.1/*'], revoke: [] });
    expect(outcome.ok).toBe(true);
    expect(fake.state.prompts).toEqual([]);
  });

  it('an origin outside the manifest fails with the browser’s message instead of throwing', async () => {
    const outcome = await applyPermissionPlan(fakeBrowser.permissions, { request: ['ftp://x.com/*'], revoke: [] });
    expect(outcome).toMatchObject({ ok: false, reason: 'failed', message: expect.stringMatching(/manifest/) });
  });

  it('a removal the browser refuses is reported, and the others still happen', async () => {
    await applyPermissionPlan(fakeBrowser.permissions, { request: ['https://a.com/*'], revoke: [] });
    const outcome = await applyPermissionPlan(fakeBrowser.permissions, {
      request: [],
      revoke: ['http://127.0.0.1/*', 'https://a.com/*', 'https://never-granted.com/*'],
    });
    expect(outcome).toEqual({
      ok: true,
      revoked: ['https://a.com/*'],
      notRevoked: ['http://127.0.0.1/*', 'https://never-granted.com/*'],
      missing: [],
    });
  });

  it('planned change end to end: everywhere → one site → on request', async () => {
    const keep = [...REQUIRED];
    let current: ScanChoice = onRequest;
    for (const next of [everywhere, sites('https://a.com/*'), onRequest]) {
      const outcome = await applyPermissionPlan(fakeBrowser.permissions, planScanChange(current, next, keep));
      expect(outcome.ok).toBe(true);
      current = next;
      const needed = scanOrigins(current);
      expect(await grantedOrigins(fakeBrowser.permissions, needed)).toEqual(new Set(needed));
    }
    expect([...fake.granted]).toEqual([]);
  });

  it('everywhere → a site: the site, covered by the broad grant, is asked for again once the broad grant goes', async () => {
    const keep = [...REQUIRED];
    await applyPermissionPlan(fakeBrowser.permissions, planScanChange(onRequest, everywhere, keep));
    const outcome = await applyPermissionPlan(fakeBrowser.permissions, planScanChange(everywhere, sites('https://a.com/*'), keep));
    expect(outcome).toMatchObject({ ok: true, missing: [] });
    expect(fake.state.prompts).toEqual([['https://*/*', 'http://*/*'], ['https://a.com/*']]);
  });

  it('…and when the browser refuses the second prompt (gesture used up), the site is reported missing', async () => {
    const keep = [...REQUIRED];
    await applyPermissionPlan(fakeBrowser.permissions, planScanChange(onRequest, everywhere, keep));
    fake.state.gestureRequests = 1;
    const outcome = await applyPermissionPlan(fakeBrowser.permissions, planScanChange(everywhere, sites('https://a.com/*'), keep));
    expect(outcome).toMatchObject({ ok: true, missing: ['https://a.com/*'] });
  });

  it('the API origin, granted while "everywhere" covered it, survives going back to "on request"', async () => {
    const keep = [...REQUIRED, API];
    await applyPermissionPlan(fakeBrowser.permissions, planScanChange(onRequest, everywhere, keep));
    // Saving the API address now: already covered, so the browser grants it without recording anything.
    await applyPermissionPlan(fakeBrowser.permissions, planApiOriginChange('http://127.0.0.1/*', API, REQUIRED));
    expect(fake.granted.has(API)).toBe(false);
    const outcome = await applyPermissionPlan(fakeBrowser.permissions, planScanChange(everywhere, onRequest, keep), [API]);
    expect(outcome).toMatchObject({ ok: true, missing: [] });
    expect(await fakeBrowser.permissions.contains({ origins: [API] })).toBe(true);
  });

  it('grantedOrigins reports which sites still have access (e.g. revoked in the browser’s settings)', async () => {
    await applyPermissionPlan(fakeBrowser.permissions, { request: ['https://a.com/*', 'https://b.com/*'], revoke: [] });
    fake.granted.delete('https://b.com/*');
    expect(await grantedOrigins(fakeBrowser.permissions, ['https://a.com/*', 'https://b.com/*', 'http://127.0.0.1/*'])).toEqual(
      new Set(['https://a.com/*', 'http://127.0.0.1/*']),
    );
  });
});
