/**
 * One rule decides where the key may go and which sites may be scanned, and the options
 * form, a settings import, the stored settings and the background (SettingsPatchSchema, what 'settings/update'
 * and 'settings/import' parse with) all ask it. An import is validated whole and applied all or nothing.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createMemoryKeyStore, type KeyStore } from '@/lib/keystore';
import { requests } from '@/lib/messaging/protocol';
import { isLoopbackHost, isSitePattern, sitePattern, validateApiBaseUrl } from '@/lib/permissions';
import { DEFAULT_SETTINGS, readSettings, SettingsPatchSchema, type Settings } from '@/lib/settings/schema';
import { createMemoryApiAddressStore } from '@/lib/settings/origin-store';
import { createSettingsStore } from '@/lib/settings/store';
import { applySettingsImport, EXPORT_FORMAT, EXPORT_VERSION, parseSettingsFile } from '@/lib/settings-transfer';

const fileWith = (settings: Record<string, unknown>, extra: Record<string, unknown> = {}): string =>
  JSON.stringify({ format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: '2026-11-23T00:00:00.000Z', settings, ...extra });

/** What each part of the extension decides about one API base URL. */
function verdicts(url: string) {
  return {
    form: validateApiBaseUrl(url).ok,
    background: SettingsPatchSchema.safeParse({ apiBaseUrl: url }).success,
    import: parseSettingsFile(fileWith({ apiBaseUrl: url })).ok,
    // Stored settings fall back to the default for an address the rule refuses.
    stored: readSettings({ apiBaseUrl: url }).apiBaseUrl === url,
  };
}

describe('one loopback rule for the API address', () => {
  it.each<[string, string, boolean]>([
    ['the local sandbox', 'http://127.0.0.1:8787', true],
    ['localhost by name', 'http://localhost:8787', true],
    ['IPv6 loopback', 'http://[::1]:8787', true],
    ['a remote API over https', 'https://api.example.com', true],
    ['https with a base path', 'https://api.example.com/enrich', true],
    ['a registrable name that starts like loopback', 'http://127.0.0.1.evil.example', false],
    ['a name whose first label is 127', 'http://127.evil.example', false],
    ['another 127/8 address (outside the host permission)', 'http://127.0.0.2:8787', false],
    ['localhost as a subdomain', 'http://localhost.evil.example', false],
    ['a LAN address over http', 'http://192.168.1.10:8787', false],
    ['a remote API over http', 'http://api.example.com', false],
    ['user and password in the address', 'https://user:pass@api.example.com', false],
    ['user name only', 'https://user@api.example.com', false],
    ['a query string', 'https://api.example.com/?key=1', false],
    ['a javascript: URL', 'javascript:alert(1)', false],
    ['a file: URL', 'file:///etc/passwd', false],
  ])('%s: %s → allowed %s, the same everywhere', (_why, url, allowed) => {
    expect(verdicts(url)).toEqual({ form: allowed, background: allowed, import: allowed, stored: allowed });
  });

  it.each<[string, boolean]>([
    ['127.0.0.1', true],
    ['localhost', true],
    ['[::1]', true],
    ['127.0.0.2', false],
    ['127.evil.example', false],
    ['127.0.0.1.evil.example', false],
    ['localhost.', false],
  ])('isLoopbackHost(%s) → %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });

  it('shorthand spellings of 127.0.0.1 are judged as the address they are (URL normalises them)', () => {
    expect(validateApiBaseUrl('http://127.1:8787')).toEqual({ ok: true, url: 'http://127.0.0.1:8787' });
    expect(validateApiBaseUrl('http://0x7f000002:8787').ok).toBe(false);
  });
});

describe('scan sites: only patterns the form would make', () => {
  it.each<[string, string, boolean]>([
    ['a site from the form', 'https://example.com/*', true],
    ['a wildcard site from the form', 'https://*.example.com/*', true],
    ['an http site from the form', 'http://intranet.example/*', true],
    ['every URL', '<all_urls>', false],
    ['every https site', 'https://*/*', false],
    ['a javascript: URL', 'javascript:alert(1)', false],
    ['credentials in the pattern', 'https://user:pass@example.com/*', false],
    ['a path narrower than the site', 'https://example.com/team/*', false],
    ['upper case (the form lowercases)', 'https://EXAMPLE.com/*', false],
    ['a file: pattern', 'file:///*', false],
  ])('%s: %s → %s for the form, the background and an import', (_why, pattern, allowed) => {
    expect(isSitePattern(pattern)).toBe(allowed);
    expect(SettingsPatchSchema.safeParse({ scanSites: [pattern] }).success).toBe(allowed);
    expect(parseSettingsFile(fileWith({ scanSites: [pattern] })).ok).toBe(allowed);
    if (allowed) expect(sitePattern(pattern)).toMatchObject({ ok: true, pattern });
  });

  it('stored junk drops only the bad entries, not the good sites beside them', () => {
    const stored = { scanSites: ['https://example.com/*', '<all_urls>', 42, 'javascript:alert(1)', 'https://*.acme.test/*'] };
    expect(readSettings(stored).scanSites).toEqual(['https://example.com/*', 'https://*.acme.test/*']);
  });
});

describe('a settings file is validated whole', () => {
  it.each<[string, string]>([
    ['a key with a space inside', 'sk live 123'],
    ['a key with a zero-width space', 'sk-live\u200b123'],
    ['a key longer than any real one', 'k'.repeat(600)],
  ])('%s: the whole file is refused, the budget beside it is not imported', (_why, apiKey) => {
    const result = parseSettingsFile(fileWith({ dailyBudget: 5 }, { apiKey }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.join('\n')).toMatch(/apiKey/);
  });

  it('the import request parses settings and key with the same schemas as the form', () => {
    const input = requests['settings/import'].input;
    expect(input.safeParse({ settings: { dailyBudget: 5 }, apiKey: 'sk-live-123' }).success).toBe(true);
    expect(input.safeParse({ settings: { dailyBudget: 5 }, apiKey: 'sk live' }).success).toBe(false);
    expect(input.safeParse({ settings: { apiBaseUrl: 'http://127.evil.example' } }).success).toBe(false);
    expect(input.safeParse({ settings: { scanSites: ['<all_urls>'] } }).success).toBe(false);
  });
});

describe('applySettingsImport: all or nothing', () => {
  beforeEach(() => fakeBrowser.reset());

  /** A key store whose writes fail after `okWrites` successful ones (a full disk, a closed database). */
  function flakyKeyStore(initial: string | null, okWrites: number): KeyStore {
    const inner = createMemoryKeyStore(initial);
    let writes = 0;
    return {
      get: () => inner.get(),
      clear: () => inner.clear(),
      set: (key) => (writes++ < okWrites ? inner.set(key) : Promise.reject(new Error('QuotaExceededError'))),
    };
  }

  it('a key that cannot be written leaves the settings untouched', async () => {
    const settings = createSettingsStore(createMemoryApiAddressStore());
    const keystore = flakyKeyStore('sk-old-key-0000', 0);
    await expect(applySettingsImport({ settings, keystore }, { settings: { dailyBudget: 5 }, apiKey: 'sk-new-key-1111' })).rejects.toThrow();
    expect((await settings.get()).dailyBudget).toBe(DEFAULT_SETTINGS.dailyBudget);
    expect(await keystore.get()).toBe('sk-old-key-0000');
  });

  it('settings that cannot be written put the old key back', async () => {
    const settings = createSettingsStore(createMemoryApiAddressStore());
    const keystore = createMemoryKeyStore('sk-old-key-0000');
    const failing = { get: () => settings.get(), update: () => Promise.reject(new Error('storage full')) };
    await expect(
      applySettingsImport({ settings: failing, keystore }, { settings: { dailyBudget: 5 }, apiKey: 'sk-new-key-1111' }),
    ).rejects.toThrow('storage full');
    expect(await keystore.get()).toBe('sk-old-key-0000');
    expect((await settings.get()).dailyBudget).toBe(DEFAULT_SETTINGS.dailyBudget);
  });

  it('invalid merged settings write nothing at all', async () => {
    const settings = createSettingsStore(createMemoryApiAddressStore());
    const keystore = createMemoryKeyStore('sk-old-key-0000');
    const bad = { dailyBudget: 5, scanSites: ['<all_urls>'] } as unknown as Partial<Settings>;
    await expect(applySettingsImport({ settings, keystore }, { settings: bad, apiKey: 'sk-new-key-1111' })).rejects.toThrow();
    expect(await keystore.get()).toBe('sk-old-key-0000');
    expect((await settings.get()).dailyBudget).toBe(DEFAULT_SETTINGS.dailyBudget);
  });

  it('a good file changes both the settings and the key', async () => {
    const settings = createSettingsStore(createMemoryApiAddressStore());
    const keystore = createMemoryKeyStore('sk-old-key-0000');
    const next = await applySettingsImport({ settings, keystore }, { settings: { dailyBudget: 5 }, apiKey: 'sk-new-key-1111' });
    expect(next.dailyBudget).toBe(5);
    expect((await settings.get()).dailyBudget).toBe(5);
    expect(await keystore.get()).toBe('sk-new-key-1111');
  });
});
