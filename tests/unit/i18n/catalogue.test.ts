import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileCatalogues, readCatalogues } from '@/lib/i18n/catalogue';
import { t, tn, useCatalogue } from '@/lib/i18n/t';

const LOCALES = join(process.cwd(), 'locales');

function fixture(files: Record<string, Record<string, unknown>>): string {
  const dir = mkdtempSync(join(tmpdir(), 'locales-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), JSON.stringify(content));
  }
  return dir;
}

describe('the shipped catalogues', () => {
  it('English and German are complete and agree on every placeholder', () => {
    const compiled = compileCatalogues(LOCALES);
    expect(Object.keys(compiled).sort()).toEqual(['de', 'en']);
    expect(Object.keys(compiled.de!).sort()).toEqual(Object.keys(compiled.en!).sort());
  });

  it('German is translated, not copied (at most brand names and symbols equal the English)', () => {
    const all = readCatalogues(LOCALES);
    const same = Object.entries(all.en!).filter(([key, text]) => all.de![key] === text && /[a-z]{4,}/i.test(text));
    // Words that read the same in German (names, "Status", "Name", "E-Mail"…) are allowed in small numbers.
    expect(same.length).toBeLessThanOrEqual(Math.max(3, Object.keys(all.en!).length * 0.1));
  });
});

describe('the compiler refuses what would break at run time', () => {
  it.each<[string, Record<string, Record<string, unknown>>, RegExp]>([
    ['a key missing in German', { 'en/a.json': { x: 'X', y: 'Y' }, 'de/a.json': { x: 'X' } }, /missing "y"/],
    ['a placeholder dropped', { 'en/a.json': { x: 'Hi $1' }, 'de/a.json': { x: 'Hallo' } }, /placeholders differ/],
    ['a key in two area files', { 'en/a.json': { x: 'X' }, 'en/b.json': { x: 'X' }, 'de/a.json': { x: 'X' } }, /both/],
    ['a key the browser rejects', { 'en/a.json': { 'Bad-Key': 'X' }, 'de/a.json': { 'Bad-Key': 'X' } }, /lower_snake_case/],
    ['a German key English lacks', { 'en/a.json': { x: 'X' }, 'de/a.json': { x: 'X', z: 'Z' } }, /not in en/],
  ])('%s', (_why, files, error) => {
    expect(() => compileCatalogues(fixture(files))).toThrow(error);
  });
});

describe('t and tn', () => {
  it('substitute, pluralise by the language and format numbers in it', () => {
    const dir = fixture({
      'en/a.json': { credits_one: '$1 credit', credits_other: '$1 credits', hello: 'Hello $1' },
      'de/a.json': { credits_one: '$1 Credit', credits_other: '$1 Credits', hello: 'Hallo $1' },
    });
    const all = readCatalogues(dir);
    try {
      useCatalogue(all.de!, 'de');
      expect(tn('credits', 1)).toBe('1 Credit');
      expect(tn('credits', 1234)).toBe('1.234 Credits');
      expect(t('hello' as never, 'Welt')).toBe('Hallo Welt');
      useCatalogue(all.en!, 'en');
      expect(tn('credits', 1234)).toBe('1,234 credits');
    } finally {
      useCatalogue(readCatalogues(LOCALES).en!, 'en');
    }
  });
});
