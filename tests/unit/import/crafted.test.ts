// Crafted files (an imported file is hostile): each shape is read with the right cells and its problems named. How
// long they take is measured in `npm run bench` (bench/import-shapes.ts), never asserted here.
import { describe, expect, it } from 'vitest';
import { t } from '@/lib/i18n/t';
import { ImportTooLargeError, MAX_CELL_CHARS, MAX_COLUMNS, MAX_IMPORT_BYTES, parseDelimited, planRow } from '@/lib/import';
import { cellValues } from '@/lib/import/entries';

async function parse(source: Blob | string) {
  const rows: string[][] = [];
  const pieces: number[] = [];
  const result = await parseDelimited(source, {
    onRows: async (chunk) => {
      pieces.push(chunk.length);
      rows.push(...chunk);
    },
  });
  return { rows, result, pieces };
}

const MB = 1024 * 1024;

describe('crafted files are read as written', () => {
  it('one quoted cell of 3 MB with line breaks, delimiters and escaped quotes is one cell, cut to the limit and said so', async () => {
    const inner = 'line, with ""quotes"";\n'.repeat(Math.ceil((3 * MB) / 24));
    const { rows, result } = await parse(new Blob([`Name,Notes,Email\nAda,"${inner}",ada@acme.com\nBob,short,bob@acme.com\n`]));
    expect(rows).toHaveLength(3);
    expect(rows[1]?.[0]).toBe('Ada');
    expect(rows[1]?.[1]).toBe('line, with "quotes";\n'.repeat(Math.ceil(MAX_CELL_CHARS / 21)).slice(0, MAX_CELL_CHARS));
    expect(rows[1]?.[2]).toBe('ada@acme.com');
    expect(rows[2]).toEqual(['Bob', 'short', 'bob@acme.com']);
    expect(result.errors).toEqual([t('import_parse_row_error', 2, t('import_cut_cell', MAX_CELL_CHARS.toLocaleString('en-US')))]);
  });

  it('the same long quoted row pasted as text reads the same', async () => {
    const inner = 'x'.repeat(2 * MB);
    const { rows } = await parse(`Name,Notes\nAda,"${inner}"\nBob,b\n`);
    expect(rows.map((r) => [r[0], r[1]?.length])).toEqual([['Name', 5], ['Ada', MAX_CELL_CHARS], ['Bob', 1]]);
  });

  it('a quote never closed: the rows before it are whole, the rest is one cell, and the error is named', async () => {
    const rest = 'Bob,bob@acme.com\n'.repeat(100_000);
    const { rows, result } = await parse(new Blob([`Name,Email\nCy,cy@acme.com\nAda,"ada@acme.com\n${rest}`]));
    expect(rows.slice(0, 2)).toEqual([['Name', 'Email'], ['Cy', 'cy@acme.com']]);
    expect(rows).toHaveLength(3);
    expect(rows[2]?.[0]).toBe('Ada');
    expect(rows[2]?.[1]?.startsWith('ada@acme.com\nBob,bob@acme.com\n')).toBe(true);
    expect(result.errors[0]).toBe(t('import_parse_row_error', 3, 'Quoted field unterminated'));
  });

  it('one row of a million columns keeps the first 500 and says how many it had', async () => {
    const { rows, result } = await parse(new Blob([`Name,Email\n${'x,'.repeat(1_000_000)}y\n`]));
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveLength(MAX_COLUMNS);
    expect(rows[1]?.every((c) => c === 'x')).toBe(true);
    expect(result.errors).toEqual([t('import_parse_row_error', 2, t('import_cut_columns', 1_000_001, MAX_COLUMNS))]);
  });

  it('cells of 32,000 spaces around a value keep their spaces in the row and plan by the value', async () => {
    const pad = ' '.repeat(16_000);
    const { rows } = await parse(new Blob([`Name,Email,Phone\nAda,${pad}ada@acme.com${pad},${pad}+44 20 7946 0000 ext. 204${pad}\n`]));
    expect(rows[1]?.[1]).toBe(`${pad}ada@acme.com${pad}`);
    const plan = planRow(rows[1] ?? [], ['full_name', 'email', 'phone']);
    expect(plan.entry).toMatchObject({ field_type: 'email', value: 'ada@acme.com' });
    const byPhone = planRow(['Ada', '', rows[1]?.[2] ?? ''], ['full_name', 'email', 'phone']);
    expect(byPhone.entry).toMatchObject({ field_type: 'phone', value: '+442079460000' });
  });
});

describe('cellValues (a cell holding several values)', () => {
  it.each<[string, string[]]>([
    ['Jane Doe <jane@acme.com>; mailto:j.doe@acme.com', ['jane@acme.com', 'j.doe@acme.com']],
    ['a@acme.com ::: b@acme.com , c@acme.com', ['a@acme.com', 'b@acme.com', 'c@acme.com']],
    ["'+44 20 7946 0000 x204", ['+44 20 7946 0000']],
    ['+49 30 1234567 Durchwahl 12', ['+49 30 1234567']],
    ['+1 415 555 0142 ext.   204   ', ['+1 415 555 0142']],
    [`${' '.repeat(32_000)}a@acme.com${' '.repeat(700)}`, ['a@acme.com']],
    [`${';'.repeat(30_000)}a@acme.com`, ['a@acme.com']],
    [`${' ; '.repeat(10_000)}`, []],
  ])('%j → %j', (cell, values) => {
    expect(cellValues(cell)).toEqual(values);
  });

  it('gives at most 8 values however many the cell holds', () => {
    expect(cellValues(Array.from({ length: 5_000 }, (_, i) => `p${i}@acme.com`).join(';'))).toEqual(Array.from({ length: 8 }, (_, i) => `p${i}@acme.com`));
  });
});

describe('a file too big for the browser', () => {
  it(`is refused before any of it is read (over ${MAX_IMPORT_BYTES / MB} MB), with its size and the limit`, async () => {
    const megabyte = new Uint8Array(MB).fill(0x61);
    const big = new Blob([...Array.from({ length: MAX_IMPORT_BYTES / MB }, () => megabyte), new Uint8Array(1)]);
    let rows = 0;
    const error = await parseDelimited(big, { onRows: async (chunk) => void (rows += chunk.length) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportTooLargeError);
    expect((error as Error).message).toBe(t('import_error_too_large', '100.0', '100'));
    expect(rows).toBe(0);
  });
});
