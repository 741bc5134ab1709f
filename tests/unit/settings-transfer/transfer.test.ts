import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/settings/schema';
import {
  addressChangeOf,
  describePatch,
  EXPORT_FORMAT,
  exportFileName,
  MAX_IMPORT_BYTES,
  parseSettingsFile,
  priceChangesOf,
  serialiseSettings,
  settingsToApply,
} from '@/lib/settings-transfer';
import { useCatalogue } from '@/lib/i18n/t';
import { readCatalogues } from '@/lib/i18n/catalogue';

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

describe('a refused file says why in plain sentences, one per field', () => {
  const refused = (settings: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const result = parseSettingsFile(file({ ...DEFAULT_SETTINGS, ...settings }, extra));
    if (result.ok) throw new Error('the file was accepted');
    return result;
  };

  it.each<[string, Record<string, unknown>, string]>([
    [
      'an unknown scan mode',
      { scanMode: 'x' },
      'Scanning: the file says “x”; expected one of: “on-request” (only when you ask), “sites” (automatically on chosen sites), “everywhere” (automatically everywhere).',
    ],
    ['a negative budget', { dailyBudget: -5 }, 'Daily budget: the file says -5; expected a whole number of credits (0 or more), or null for no limit.'],
    ['a budget in words', { dailyBudget: 'fifty' }, 'Daily budget: the file says “fifty”; expected a whole number of credits (0 or more), or null for no limit.'],
    [
      'a string where a boolean belongs',
      { lookupDefaults: { ...DEFAULT_SETTINGS.lookupDefaults, realtime: 'yes' } },
      'Lookup defaults › Fetch live data (realtime): the file says “yes”; expected true or false.',
    ],
    [
      'a cache lifetime of ten years',
      { cache: { hitTtlDays: 3650, missTtlDays: 3 } },
      'Cache › Keep found results for (days): the file says 3650; expected a number of days from 0 to 365.',
    ],
    [
      'a cache setting left out',
      { cache: { hitTtlDays: 30 } },
      'Cache › Keep “no match” answers for (days): missing from the file; expected a number of days from 0 to 365.',
    ],
    [
      'an unknown required field, second in the list',
      { lookupDefaults: { ...DEFAULT_SETTINGS.lookupDefaults, required: ['phone', 'ssn'] } },
      'Lookup defaults › Only count a match when it has, entry 2: the file says “ssn”; expected one of: “email” (Any email), ',
    ],
    [
      'an unknown field inside a setting',
      { lookupDefaults: { ...DEFAULT_SETTINGS.lookupDefaults, turbo: true } },
      'Lookup defaults: the file has entries this version does not know: “turbo”.',
    ],
    [
      'a site that is not a site pattern',
      { scanSites: ['https://example.com/*', '<all_urls>'] },
      'Sites, entry 2: the file says “<all_urls>”. Not a site pattern such as https://example.com/*.',
    ],
    [
      'a plain-http API address on another host',
      { apiBaseUrl: 'http://api.example.com' },
      'API address: the file says “http://api.example.com”. Use https:// for a remote API: over http:// your API key would travel unencrypted',
    ],
    [
      'a javascript: API address',
      { apiBaseUrl: 'javascript:alert(1)' },
      'API address: the file says “javascript:alert(1)”. Only https:// addresses can be used',
    ],
    ['an API address that is a number', { apiBaseUrl: 42 }, 'API address: the file says 42; expected a web address starting with https://'],
    ['sites given as text', { scanSites: 'example.com' }, 'Sites: the file says “example.com”; expected a list of at most 500 site patterns'],
  ])('%s', (_case, settings, sentence) => {
    const result = refused(settings);
    expect(result.reasons).toHaveLength(1);
    const [reason] = result.reasons;
    expect(reason!.slice(0, sentence.length)).toBe(sentence);
    // No validator jargon in the sentence; the validator's wording stays as the detail, with where it was.
    expect(reason).not.toMatch(/Invalid|expected (string|number|boolean|object|array)|\|/);
    expect(result.issues).toHaveLength(1);
    expect(result.issues[0]).toMatch(/^settings\.[\w.]+: .+/);
  });

  it('names every wrong field once, in German when the browser is German', () => {
    const catalogues = readCatalogues(`${process.cwd()}/locales`);
    useCatalogue(catalogues.de!, 'de');
    try {
      const result = refused({ scanMode: 'always', dailyBudget: -3 });
      expect(result.message).toBe('Einige Einstellungen in dieser Datei sind ungültig; es wurde nichts importiert.');
      expect(result.reasons).toEqual([
        'Scannen: In der Datei steht „always“; erwartet wird einer dieser Werte: „on-request“ (nur auf Ihren Wunsch), „sites“ (automatisch auf gewählten Websites), „everywhere“ (automatisch überall).',
        'Tagesbudget: In der Datei steht -3; erwartet wird eine ganze Zahl an Credits (0 oder mehr) oder null für kein Limit.',
      ]);
    } finally {
      useCatalogue(catalogues.en!, 'en');
    }
  });

  it('never repeats an API key from the file, even a bad one', () => {
    const result = parseSettingsFile(file(DEFAULT_SETTINGS, { apiKey: 'sk live secret' }));
    if (result.ok) throw new Error('the file was accepted');
    expect(result.reasons).toEqual(['API key: the key in this file cannot be used; expected a key of letters, digits and symbols, without spaces.']);
    expect(JSON.stringify(result)).not.toContain('secret');
  });

  it('shortens a long value and lists at most ten fields', () => {
    const long = refused({ scanMode: 'a'.repeat(5000) });
    expect(long.reasons[0]).toContain(`“${'a'.repeat(60)}…”`);
    expect(long.reasons[0]!.length).toBeLessThan(300);
    const many = refused({ scanSites: Array.from({ length: 40 }, (_, i) => `bad ${i}`) });
    expect(many.reasons).toHaveLength(10);
    expect(many.issues).toHaveLength(10);
    expect(many.reasons[9]).toMatch(/^Sites, entry 10: /);
    expect(many.issues[9]).toMatch(/^settings\.scanSites\.9: /);
  });
});

describe('a file that changes the API address', () => {
  const current: Settings = { ...DEFAULT_SETTINGS, apiBaseUrl: 'https://api.example.com', dailyBudget: 5 };
  const lookalike = { ...current, apiBaseUrl: 'https://api.examp1e.com', dailyBudget: 20, scanMode: 'sites' as const };

  const loaded = () => {
    const result = parseSettingsFile(file(lookalike));
    if (!result.ok) throw new Error(result.message);
    return result.settings;
  };

  it('is found and named by its host, apart from the other changes', () => {
    const patch = loaded();
    expect(addressChangeOf(patch, current)).toEqual({ from: 'https://api.example.com', to: 'https://api.examp1e.com', host: 'api.examp1e.com' });
    // The preview's list leaves the address to its own step (a warning and an opt-in).
    expect(describePatch(patch, current)).toEqual(['Scanning → automatically on chosen sites']);
    // The budget is a spending limit: it has its own step too, old → new.
    expect(priceChangesOf(patch, current).map((c) => c.text)).toEqual(['Daily budget: 5 credits → 20 credits']);
  });

  it('names a lookalike host with non-Latin letters as the browser reads it (punycode)', () => {
    expect(addressChangeOf({ apiBaseUrl: 'https://аpi.example.com' }, current)?.host).toBe('xn--pi-6kc.example.com');
  });

  it('is held back unless the user opts in; everything else is applied either way', () => {
    const patch = loaded();
    const held = settingsToApply(patch, current, { changeAddress: false, changePrices: true });
    expect(held).not.toHaveProperty('apiBaseUrl');
    expect(held).toEqual({ lookupDefaults: lookalike.lookupDefaults, scanMode: 'sites', scanSites: [], cache: lookalike.cache, dailyBudget: 20, confirmAboveCredits: lookalike.confirmAboveCredits, country: lookalike.country });
    expect({ ...current, ...held }.apiBaseUrl).toBe('https://api.example.com');

    expect(settingsToApply(patch, current, { changeAddress: true, changePrices: true })).toEqual(patch);
    expect({ ...current, ...settingsToApply(patch, current, { changeAddress: true, changePrices: false }) }.apiBaseUrl).toBe('https://api.examp1e.com');
  });

  it('is no change when the file names the current address, however written', () => {
    expect(addressChangeOf({ apiBaseUrl: 'https://API.example.com/' }, current)).toBeNull();
    expect(addressChangeOf({ dailyBudget: 3 }, current)).toBeNull();
    expect(settingsToApply({ dailyBudget: 3 }, current, { changeAddress: false, changePrices: true })).toEqual({ dailyBudget: 3 });
  });
});

describe('a file that changes prices or spending limits', () => {
  const current: Settings = { ...DEFAULT_SETTINGS, dailyBudget: null, confirmAboveCredits: 100 };
  // The "team settings" file that triples every contact lookup: realtime and waterfall on, no threshold to ask again.
  const tripling: Settings = {
    ...current,
    lookupDefaults: { realtime: true, waterfall: true, includeAllExperiences: true, required: ['phone'] },
    dailyBudget: 5000,
    confirmAboveCredits: 100_000,
    scanMode: 'sites',
  };
  const loaded = () => {
    const result = parseSettingsFile(file(tripling));
    if (!result.ok) throw new Error(result.message);
    return result.settings;
  };

  it('shows each price change with its old and new value and what it costs per contact', () => {
    expect(priceChangesOf(loaded(), current)).toEqual([
      { field: 'lookupDefaults.realtime', label: 'Fetch live data (realtime)', text: 'Fetch live data (realtime): off → on (+1 credit per contact found)' },
      {
        field: 'lookupDefaults.waterfall',
        label: 'Search more sources for emails and phones (waterfall)',
        text: 'Search more sources for emails and phones (waterfall): off → on (+1 credit per contact found)',
      },
      { field: 'dailyBudget', label: 'Daily budget', text: 'Daily budget: no limit → 5,000 credits' },
      { field: 'confirmAboveCredits', label: 'Ask again above (credits)', text: 'Ask again above (credits): 100 credits → 100,000 credits' },
    ]);
    // Switching an option off saves a credit, and says so.
    const back = priceChangesOf({ lookupDefaults: { ...tripling.lookupDefaults, realtime: false } }, tripling);
    expect(back.map((c) => c.text)).toEqual(['Fetch live data (realtime): on → off (−1 credit per contact found)']);
  });

  it('lists the free lookup defaults with values in the ordinary list, not as a bare "Lookup defaults"', () => {
    const lines = describePatch(loaded(), current);
    expect(lines).toContain('Lookup defaults › Include the full employment history: off → on');
    expect(lines.some((l) => /Lookup defaults › .*: none → /.test(l))).toBe(true);
    expect(lines).not.toContain('Lookup defaults');
    expect(lines.join('\n')).not.toMatch(/realtime|waterfall|budget/i);
  });

  it('leaves every price unchanged without the tick and applies the rest of the file', () => {
    const patch = loaded();
    const after = { ...current, ...settingsToApply(patch, current, { changeAddress: false, changePrices: false }) };
    expect(after.lookupDefaults.realtime).toBe(false);
    expect(after.lookupDefaults.waterfall).toBe(false);
    expect(after.dailyBudget).toBeNull();
    expect(after.confirmAboveCredits).toBe(100);
    // The rest of the file is applied: the free defaults and the scan mode.
    expect(after.lookupDefaults.includeAllExperiences).toBe(true);
    expect(after.lookupDefaults.required).toEqual(['phone']);
    expect(after.scanMode).toBe('sites');
    // Nothing price-related is left to describe once applied unticked.
    expect(priceChangesOf(settingsToApply(patch, current, { changeAddress: false, changePrices: false }), current)).toEqual([]);
  });

  it('applies the prices with the tick', () => {
    const after = { ...current, ...settingsToApply(loaded(), current, { changeAddress: false, changePrices: true }) };
    expect(after.lookupDefaults).toEqual(tripling.lookupDefaults);
    expect(after.dailyBudget).toBe(5000);
    expect(after.confirmAboveCredits).toBe(100_000);
  });

  it('words the changes in German when the browser is German', () => {
    const catalogues = readCatalogues(`${process.cwd()}/locales`);
    useCatalogue(catalogues.de!, 'de');
    try {
      expect(priceChangesOf(loaded(), current)[0]?.text).toMatch(/: aus → an \(\+1 Credit pro gefundenem Kontakt\)$/);
    } finally {
      useCatalogue(catalogues.en!, 'en');
    }
  });
});
