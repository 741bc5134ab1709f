/** How a typed filter matches text in every filterable list (lib/model/text-query.ts). */
import { describe, expect, it } from 'vitest';
import { filterByText, foldText, textQuery } from '@/lib/model/text-query';

/** Does `query` match the texts taken together (as a list row's text is)? True for an empty query. */
const matchesText = (query: string, ...texts: Array<string | null | undefined>): boolean =>
  filterByText([texts], query, (row) => foldText(row.filter((s) => s).join('\n'))).length === 1;

describe('foldText: the form both sides are compared in', () => {
  it.each<[string, string]>([
    ['Jane DOE', 'jane doe'],
    ['Müller', 'muller'],
    ['Zoë Ångström', 'zoe angstrom'],
    ['François Lefèvre', 'francois lefevre'],
    ['Straße', 'strasse'],
    ['José Ñúñez', 'jose nunez'],
    ['Ｆｕｌｌｗｉｄｔｈ', 'fullwidth'],
    ['ﬁnance', 'finance'],
    ['Søren Kierkegaard', 'soren kierkegaard'],
    ['Łódź Wiśniewski', 'lodz wisniewski'],
    ['Işık Ğüneş', 'isik gunes'],
    ['Đorđe Þórsson', 'dorde thorsson'],
    ['Æsa Œuvre', 'aesa oeuvre'],
    ['Ελένη Παπαδοπούλου', 'ελενη παπαδοπουλου'],
    ['Фёдор Йорк', 'федор иорк'],
  ])('%s → %s', (text, folded) => {
    expect(foldText(text)).toBe(folded);
  });
});

describe('foldText: marks that are part of a letter in other scripts stay', () => {
  it.each<[string, string]>([
    ['ガ (dakuten) is not カ', 'ガ'],
    ['パ (handakuten) is not ハ', 'パ'],
    ['हिंदी keeps its vowel signs', 'हिंदी'],
    ['ภาษาไทย keeps its vowel signs', 'ภาษาไทย'],
  ])('%s', (_why, text) => {
    expect(foldText(text)).toBe(text.normalize('NFKD'));
    expect(matchesText(text.normalize('NFC'), text)).toBe(true);
  });

  it('a kana filter does not match its voiced neighbour', () => {
    expect(matchesText('ガ', 'カタカナ')).toBe(false);
  });
});

describe('textQuery: every word somewhere, any case and accents', () => {
  const text = foldText('Jürgen Müller\nSenior Software Engineer\nAcme GmbH\njmueller@acme.de\n+12125550100\n12125550100');
  it.each<[string, boolean]>([
    ['muller', true],
    ['MÜLLER', true],
    ['jurgen muller', true],
    ['muller jurgen', true],
    ['engineer acme', true],
    ['  engineer   ', true],
    ['jmueller@acme.de', true],
    ['555 0100', true],
    ['(212) 555-0100', true],
    ['+1 212-555-0100', true],
    ['212.555.0100', true],
    ['engineer globex', false],
    ['müllerin', false],
    ['555 0199', false],
    ['sales', false],
    ['+1', true],
    ['+44', false],
    ['+44 20 7946 0455', false],
    ['(0', false],
    ['1-', false],
  ])('%s → %s', (query, expected) => {
    const test = textQuery(query);
    expect(test).not.toBeNull();
    expect(test!(text)).toBe(expected);
  });

  it('a query of nothing or spaces filters nothing out', () => {
    expect(textQuery('')).toBeNull();
    expect(textQuery('   ')).toBeNull();
    expect(textQuery(undefined)).toBeNull();
    const rows = ['a', 'b'];
    expect(filterByText(rows, '  ', () => '')).toBe(rows);
    expect(matchesText('  ', 'anything')).toBe(true);
  });

  it('a country code matches the start of a number, never digits inside it', () => {
    const uk = foldText('+442079460455');
    expect(textQuery('+44')!(uk)).toBe(true);
    expect(textQuery('+44 20 7946 0455')!(uk)).toBe(true);
    expect(textQuery('+44')!(foldText('+12125554400'))).toBe(false);
    expect(textQuery('+442')!(foldText('+12125554420'))).toBe(false);
  });

  it('a date-like word still matches as typed (its digits alone are a second chance, not the only one)', () => {
    expect(matchesText('2024-05', 'Joined 2024-05')).toBe(true);
    expect(matchesText('2024-05', 'Joined 202405')).toBe(true);
    expect(matchesText('2024-05', 'Joined 2024')).toBe(false);
  });

  it('takes several texts together and skips missing ones', () => {
    expect(matchesText('ada acme', 'Ada Lovelace', null, undefined, 'Acme')).toBe(true);
    expect(matchesText('ada globex', 'Ada Lovelace', null, 'Acme')).toBe(false);
  });
});
