import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/settings/schema';
import {
  EXPORT_FORMAT,
  exportFileName,
  MAX_IMPORT_BYTES,
  parseSettingsFile,
  serialiseSettings,
} from '@/lib/settings-transfer';

const now = new Date('2026-11-21T10:00:00Z');
const custom: Settings = {
  ...DEFAULT_SETTINGS,
  apiBaseUrl: 'https://api.example.com',
  lookupDefaults: { realtime: true, waterfall: false, includeAllExperiences: true, required: ['work_email', 'phone'] },
  scanMode: 'sites',
  scanSites: ['https://example.com/*'],
  dailyBudget: 50,
};

const file = (settings: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ format: EXPORT_FORMAT, version: 1, exportedAt: now.toISOString(), settings, ...extra });

describe('serialiseSettings', () => {
  it.each([
    ['no key asked for', undefined, false],
    ['empty key field', '   ', false],
    ['key asked for', 'sk-live-123', true],
  ])('%s → key in file: %s', (_case, apiKey, included) => {
    const text = serialiseSettings(custom, { apiKey, now });
    expect(text.includes('apiKey')).toBe(included);
    if (apiKey && included) expect(JSON.parse(text).apiKey).toBe(apiKey.trim());
  });

  it('round-trips every setting', () => {
    const result = parseSettingsFile(serialiseSettings(custom, { now }));
    expect(result).toEqual({ ok: true, settings: custom, apiKey: undefined, ignored: [] });
  });

  it('round-trips the key when it was included', () => {
    const result = parseSettingsFile(serialiseSettings(custom, { apiKey: 'sk-live-123', now }));
    expect(result).toMatchObject({ ok: true, apiKey: 'sk-live-123' });
  });

  it('names the file by date', () => {
    expect(exportFileName(now)).toBe('in-page-enrich-settings-2026-11-21.json');
  });
});

describe('parseSettingsFile', () => {
  it.each([
    ['not JSON', 'hello', /not valid JSON/],
    ['JSON but not ours', JSON.stringify({ apiBaseUrl: 'https://x.com' }), /not an In-Page Enrich settings file/],
    ['a JSON array', '[1,2]', /not an In-Page Enrich settings file/],
    ['null', 'null', /not an In-Page Enrich settings file/],
    ['from a newer version', JSON.stringify({ format: EXPORT_FORMAT, version: 99, settings: {} }), /newer version/],
    ['settings missing', JSON.stringify({ format: EXPORT_FORMAT, version: 1 }), /damaged/],
    ['too large', `${' '.repeat(MAX_IMPORT_BYTES + 1)}{}`, /too large/],
  ])('rejects %s', (_case, text, message) => {
    const result = parseSettingsFile(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });

  it.each([
    ['a javascript: base URL', { apiBaseUrl: 'javascript:alert(1)' }, 'apiBaseUrl'],
    ['an unknown scan mode', { scanMode: 'always' }, 'scanMode'],
    ['a negative budget', { dailyBudget: -5 }, 'dailyBudget'],
    ['a string where a boolean belongs', { lookupDefaults: { ...DEFAULT_SETTINGS.lookupDefaults, realtime: 'yes' } }, 'lookupDefaults.realtime'],
    ['an unknown required field', { lookupDefaults: { ...DEFAULT_SETTINGS.lookupDefaults, required: ['ssn'] } }, 'lookupDefaults.required.0'],
    ['a cache lifetime of ten years', { cache: { hitTtlDays: 3650, missTtlDays: 3 } }, 'cache.hitTtlDays'],
  ])('rejects the whole file for %s, naming the field', (_case, settings, path) => {
    const result = parseSettingsFile(file({ ...DEFAULT_SETTINGS, ...settings }));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toMatch(/nothing was imported/);
      expect(result.issues.join('\n')).toContain(path);
    }
  });

  it('accepts a file from an older version that lacks newer fields, and imports only what it has', () => {
    const result = parseSettingsFile(file({ apiBaseUrl: 'https://api.example.com', dailyBudget: 10 }));
    expect(result).toEqual({
      ok: true,
      settings: { apiBaseUrl: 'https://api.example.com', dailyBudget: 10 },
      apiKey: undefined,
      ignored: [],
    });
  });

  it('ignores settings it does not know, and says which', () => {
    const result = parseSettingsFile(file({ ...DEFAULT_SETTINGS, theme: 'dark' }));
    expect(result).toMatchObject({ ok: true, ignored: ['theme'] });
    if (result.ok) expect(result.settings).not.toHaveProperty('theme');
  });

  it('rejects an empty key instead of clearing the stored one', () => {
    expect(parseSettingsFile(file(DEFAULT_SETTINGS, { apiKey: '  ' })).ok).toBe(false);
  });
});
