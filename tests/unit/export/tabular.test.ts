import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { contactsTable, flattenContact, isFormulaRisk, neutraliseFormula, toCsv, toJson, toTsv } from '@/lib/export';
import { contact } from './contact';

const one = (value: string) => ({ columns: ['v'], rows: [{ v: value }] });

describe('CSV', () => {
  it.each([
    ['plain text stays bare', 'Acme', 'v\r\nAcme'],
    ['a comma forces quotes', 'Acme, Inc.', 'v\r\n"Acme, Inc."'],
    ['quotes are doubled', 'The "Best" Co', 'v\r\n"The ""Best"" Co"'],
    ['a line break is kept inside quotes', 'line 1\nline 2', 'v\r\n"line 1\nline 2"'],
    ['a formula is neutralised (CSV injection)', '=HYPERLINK("http://evil.example","x")', 'v\r\n"\'=HYPERLINK(""http://evil.example"",""x"")"'],
    ['a phone with a leading plus is kept as it is (CRMs import it as a phone)', '+1 555', 'v\r\n+1 555'],
    ['a phone in E.164 is kept as it is', '+14155550142', 'v\r\n+14155550142'],
    ['a formatted phone is kept as it is', '+44 (20) 7946-0958', 'v\r\n+44 (20) 7946-0958'],
    ['a negative number is kept', '-42.5', 'v\r\n-42.5'],
    ['a leading minus with an operator is neutralised', '-2+3', `v\r\n"'-2+3"`],
    ['a leading plus with a function is neutralised', '+HYPERLINK("http://evil.example")', `v\r\n"'+HYPERLINK(""http://evil.example"")"`],
    ['a leading at-sign is neutralised', '@SUM(A1)', `v\r\n"'@SUM(A1)"`],
    ['a cell starting with a line feed is neutralised and quoted', '\n=1+1', `v\r\n"'\n=1+1"`],
    ['a cell starting with a tab is neutralised', '\t=1+1', `v\r\n"'\t=1+1"`],
    ['an apostrophe of its own is left alone', "'Tis", "v\r\n'Tis"],
    ['unicode passes through', 'Zoë Ñúñez 李', 'v\r\nZoë Ñúñez 李'],
  ])('%s', (_why, input, expected) => {
    expect(toCsv(one(input))).toBe(expected);
  });

  it('round-trips through a CSV parser with the header labels', () => {
    const csv = toCsv(contactsTable([contact(), contact({ full_name: 'Grace, "Amazing" Hopper\nRDML' })]));
    const parsed = Papa.parse<Record<string, string>>(csv, { header: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data.map((r) => r['Full name'])).toEqual(['Ada Lovelace', 'Grace, "Amazing" Hopper\nRDML']);
    expect(parsed.data[0]?.['Phones']).toBe('+14155550142');
  });

  it('writes empty cells for missing values', () => {
    expect(toCsv({ columns: ['a', 'b', 'c'], rows: [{ a: null, b: undefined, c: 0 }] })).toBe('a,b,c\r\n,,0');
  });
});

describe('TSV for spreadsheets', () => {
  it.each([
    ['plain', 'Acme', 'Acme'],
    ['a tab inside a cell becomes a space', 'a\tb', 'a b'],
    ['line breaks become a space', 'line 1\r\nline 2', 'line 1 line 2'],
    ['quotes force quoting, doubled', 'The "Best"', '"The ""Best"""'],
    ['formula neutralised', '=1+1', "'=1+1"],
    ['commas need no quoting', 'a, b', 'a, b'],
  ])('%s', (_why, input, expected) => {
    expect(toTsv(one(input))).toBe(`v\r\n${expected}`);
  });

  // Audit r11: Sheets and Excel read a pasted +447700900123 as the number 447700900123 (the + lost). A paste goes to a
  // spreadsheet only, so a cell starting with + carries the apostrophe that marks it as text there (hidden in the
  // cell); the CSV path leaves phones bare for CRMs (see the CSV table above).
  it.each([
    ['an E.164 phone is marked as text', '+447700900123', "'+447700900123"],
    ['a formatted phone too', '+44 (20) 7946-0958', "'+44 (20) 7946-0958"],
    ['a signed formula is neutralised once, not twice', '+HYPERLINK("x")', '"\'+HYPERLINK(""x"")"'],
    ['a negative number stays a number', '-42.5', '-42.5'],
    ['a national number has no sign to lose', '(415) 555-0142', '(415) 555-0142'],
  ])('phones: %s', (_why, input, expected) => {
    expect(toTsv(one(input))).toBe(`v\r\n${expected}`);
  });

  it('"Copy for spreadsheet" keeps the + of every phone, while the CSV of the same table does not add an apostrophe', () => {
    const table = contactsTable([contact({ phone_numbers: [{ E164: '+447700900123', type: 'mobile', national_number: null, NXX_use_type: null }] })]);
    const [head, row] = toTsv(table).split('\r\n').map((line) => line.split('\t'));
    expect(row?.[head!.indexOf('Phones')]).toBe("'+447700900123");
    expect(Papa.parse<Record<string, string>>(toCsv(table), { header: true }).data[0]?.['Phones']).toBe('+447700900123');
  });

  it('keeps one line per row and one column per key', () => {
    const tsv = toTsv(contactsTable([contact({ headline: 'multi\nline\theadline' })]));
    const lines = tsv.split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]?.split('\t')).toHaveLength(lines[1]?.split('\t').length ?? -1);
    expect(lines[1]).toContain('multi line headline');
  });
});

describe('flattenContact', () => {
  it('flattens the fields people put in a sheet', () => {
    expect(flattenContact(contact())).toMatchObject({
      full_name: 'Ada Lovelace',
      job_title: 'Analyst',
      seniority: 'senior',
      company: 'Analytical Engines Ltd',
      work_email: 'ada@engines.example',
      personal_emails: 'ada@home.example',
      phones: '+14155550142',
      profile_url: 'https://www.linkedin.com/in/ada',
      skills: 'Mathematics; Poetry',
      location: 'London, England',
    });
  });

  it.each([
    ['all fields missing', {}],
    ['employment missing', { employment: null }],
    ['lists of the wrong type', { skills: 'not-a-list', phone_numbers: 7 }],
  ])('never throws and gives strings: %s', (_why, fields) => {
    const base = Object.fromEntries(Object.keys(contact()).map((k) => [k, null]));
    const row = flattenContact(contact({ ...base, ...fields }));
    for (const value of Object.values(row)) expect(typeof value).toBe('string');
  });

  it('builds the full name from parts when full_name is empty', () => {
    expect(flattenContact(contact({ full_name: '' })).full_name).toBe('Ada Lovelace');
  });
});

describe('formula neutralising', () => {
  it.each([
    ['=cmd', "'=cmd"],
    ['\tx', "'\tx"],
    ['safe', 'safe'],
    ['a=b', 'a=b'],
  ])('%j → %j', (input, expected) => {
    expect(neutraliseFormula(input)).toBe(expected);
  });
});

describe('phones and signed numbers against formulas (linear check)', () => {
  /** The single pattern the check used before: same answers, but quadratic on a cell that fails it late. */
  const OLD_PHONE_OR_NUMBER = /^[+-][\d\s().\-/]*\d[\d\s().\-/]*$/;
  const oldIsFormulaRisk = (text: string) => /^[=@\t\r\n]/.test(text) || (/^[+-]/.test(text) && !OLD_PHONE_OR_NUMBER.test(text));

  it.each([
    // Phones and signed numbers: left as they are.
    ['+14155550142', false],
    ['+1 555', false],
    ['+44 (20) 7946-0958', false],
    ['+49 89/123.456-78', false],
    ['-42.5', false],
    ['-1', false],
    ['+1\n', false],
    ['- 7', false],
    ['+(0)', false],
    ['+\u00a01', false],
    // A sign with no digit, or with anything but digits and separators: a possible formula.
    ['+', true],
    ['-', true],
    ['+ ', true],
    ['-()./-', true],
    ['+1x', true],
    ['-2+3', true],
    ['+1 555 ext 2', true],
    ['+HYPERLINK("http://evil.example")', true],
    ['-SUM(A1:A9)', true],
    ['+1e5', true],
    ['+１２３', true],
    ['=1+1', true],
    ['@SUM(A1)', true],
    ['\t=1', true],
    // Not signed: never a risk by this rule.
    ['1-2', false],
    ['Acme', false],
    ['', false],
  ])('%j → risk %s, as the old pattern said', (input, risk) => {
    expect(oldIsFormulaRisk(input)).toBe(risk);
    expect(isFormulaRisk(input)).toBe(risk);
  });

  it('classifies hostile 200,000-character cells correctly (the old pattern took seconds on each)', () => {
    const digits = '1'.repeat(200_000);
    expect(isFormulaRisk(`+${digits}x`)).toBe(true);
    expect(isFormulaRisk(`-${digits}=`)).toBe(true);
    expect(isFormulaRisk(`+${'1 '.repeat(100_000)}(A1)`)).toBe(true);
    expect(isFormulaRisk(`+${digits}`)).toBe(false);
    expect(isFormulaRisk(`+${' '.repeat(200_000)}`)).toBe(true);
    expect(neutraliseFormula(`+${digits}x`)).toBe(`'+${digits}x`);
  });
});

describe('JSON', () => {
  it('is pretty and parses back', () => {
    const value = { a: [1, '<b>x</b>'], b: null };
    const text = toJson(value);
    expect(text).toContain('\n  "a"');
    expect(JSON.parse(text)).toEqual(value);
  });
});
