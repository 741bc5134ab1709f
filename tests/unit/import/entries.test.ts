import { describe, expect, it } from 'vitest';
import { createRowPlanner, MAX_CELL_CHARS, MAX_COLUMNS, parseDelimited, planRow, type ColumnKind } from '@/lib/import';
import { t } from '@/lib/i18n/t';
import { BulkEntrySchema, ENTRY_LABEL_MAX } from '@/lib/model/lookup';

const mapping: ColumnKind[] = ['full_name', 'email', 'phone', 'profile_url', 'company'];

describe('a row → the entry it is enriched by', () => {
  it.each<[string, string[], unknown]>([
    // The row's other identifiers go along as the same person's (the cache and the book answer the row by any of them).
    // Phones and role addresses never: a switchboard or info@ would make one person's answer every colleague's.
    // The file's company goes with the entry (context for a later lookup by name and company; not in the key).
    ['email first', ['Ana', 'Ana@Acme.com', '+44 20 7946 0958', 'linkedin.com/in/ana', 'Acme'], { field_type: 'email', value: 'ana@acme.com', label: 'Ana', company: 'Acme', alsoKnownAs: { profiles: [expect.stringContaining('linkedin.com/in/ana')] } }],
    ['profile when no email', ['Mo', '', '+44 20 7946 0958', 'linkedin.com/in/mo-chen', ''], { field_type: 'social_profile', value: expect.stringContaining('linkedin.com/in/mo-chen'), label: 'Mo' }],
    ['every address of a list cell, the first sent', ['Ana', 'ana@acme.com; ana.r@gmail.com', '', '', ''], { field_type: 'email', value: 'ana@acme.com', label: 'Ana', alsoKnownAs: { emails: ['ana.r@gmail.com'] } }],
    ['a role address beside the person\'s is not theirs', ['Ana', 'ana@acme.com; info@acme.com', '', '', ''], { field_type: 'email', value: 'ana@acme.com', label: 'Ana' }],
    ['phone in E.164 when nothing else', ['Li', '', '+44 20 7946 0958', '', ''], { field_type: 'phone', value: '+442079460958', label: 'Li' }],
    ['an invalid email falls back to the phone', ['Li', 'not-an-email', '+1 415 555 0142', '', ''], { field_type: 'phone', value: '+14155550142', label: 'Li' }],
    ['no name: no label', ['', 'ana@acme.com', '', '', ''], { field_type: 'email', value: 'ana@acme.com' }],
    ['a name over several lines of a cell is one line', ['  Ruiz,\n Ana  ', 'ana@acme.com', '', '', ''], { field_type: 'email', value: 'ana@acme.com', label: 'Ruiz, Ana' }],
  ])('%s', (_why, row, entry) => {
    expect(planRow(row, mapping).entry).toEqual(entry);
  });

  it.each<[string, ColumnKind[], string[], string | undefined]>([
    ['first and last name columns', ['first_name', 'last_name', 'email'], ['Jörg', 'Müller', 'jorg@firma.de'], 'Jörg Müller'],
    ['a first name only', ['first_name', 'last_name', 'email'], ['Jörg', '', 'jorg@firma.de'], 'Jörg'],
    ['the full name wins over the parts', ['full_name', 'first_name', 'email'], ['Dr. Jörg Müller', 'Jörg', 'jorg@firma.de'], 'Dr. Jörg Müller'],
    ['a name cell of 5,000 characters is cut to 200', ['full_name', 'email'], ['x'.repeat(5000), 'x@acme.com'], 'x'.repeat(200)],
  ])('the row is labelled with the name the file gives: %s', (_why, columns, row, label) => {
    expect(planRow(row, columns).entry?.label).toBe(label);
  });

  it.each([
    ['name and company only', ['Ana Ruiz', '', '', '', 'Acme'], 'No email, phone or profile URL'],
    ['unreadable identifiers', ['X', 'nope', '12', 'not a url', ''], 'could not be read'],
  ])('%s is kept but not sent', (_why, row, reason) => {
    const plan = planRow(row, mapping);
    expect(plan.entry).toBeNull();
    expect(plan.entry === null && plan.reason).toContain(reason);
  });
});

describe('planning a file chunk by chunk', () => {
  it('duplicates point at the first occurrence; skipped rows say why', () => {
    const planner = createRowPlanner();
    const out = [
      ['A', 'a@acme.com', '', '', ''],
      ['B', 'b@acme.com', '', '', ''],
      ['A again', 'A@ACME.com ', '', '', ''],
      ['Nobody', '', '', '', 'Acme'],
      ['C', '', '+44 20 7946 0958', '', ''],
    ].map((row) => planner.add(row, mapping));
    expect(out).toEqual([{ bulkIndex: 0 }, { bulkIndex: 1 }, { bulkIndex: 0 }, { skipped: expect.any(String) }, { bulkIndex: 2 }]);
    expect(planner.summary).toEqual({ rows: 5, unique: 3, duplicates: 1, skipped: 1 });
    expect(planner.entries.map((e) => e.value)).toEqual(['a@acme.com', 'b@acme.com', '+442079460958']);
  });
});

describe('parsing in chunks', () => {
  it.each([
    ['comma CSV with quotes and a BOM', '\uFEFFName,Email\r\n"Ruiz, Ana",ana@acme.com\r\nMo,mo@beta.io\r\n', ',', [['Name', 'Email'], ['Ruiz, Ana', 'ana@acme.com'], ['Mo', 'mo@beta.io']]],
    ['tab separated (pasted from a sheet)', 'Name\tEmail\nAna\tana@acme.com\n', '\t', [['Name', 'Email'], ['Ana', 'ana@acme.com']]],
    ['semicolons (European Excel)', 'Name;E-Mail\nJörg;jorg@firma.de\n\n', ';', [['Name', 'E-Mail'], ['Jörg', 'jorg@firma.de']]],
    ['a quoted line break stays in its cell', 'Name,Note\nAna,"line 1\nline 2"\n', ',', [['Name', 'Note'], ['Ana', 'line 1\nline 2']]],
  ])('%s', async (_why, text, delimiter, rows) => {
    const got: string[][] = [];
    const result = await parseDelimited(text, { onRows: async (chunk) => void got.push(...chunk) });
    expect(result.delimiter).toBe(delimiter);
    expect(got).toEqual(rows);
  });

  it('hands 10,000 rows over in order, in chunks of at most 1,000', async () => {
    const text = ['Email', ...Array.from({ length: 10_000 }, (_, i) => `p${i}@x.example`)].join('\n');
    const sizes: number[] = [];
    const seen: string[] = [];
    const result = await parseDelimited(text, { onRows: async (chunk) => {
      sizes.push(chunk.length);
      for (const r of chunk) seen.push(r[0] ?? '');
    } });
    expect(result.rows).toBe(10_001);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(1_000);
    expect(seen[0]).toBe('Email');
    expect(seen[10_000]).toBe('p9999@x.example');
  });

  it('a hostile cell is cut to a bounded length, and the cut is named', async () => {
    const got: string[][] = [];
    const result = await parseDelimited(`a,b\n${'x'.repeat(100_000)},y\n`, { onRows: async (chunk) => void got.push(...chunk) });
    expect(got[1]?.[0]?.length).toBe(MAX_CELL_CHARS);
    expect(result.errors).toEqual(['Row 2: a cell longer than 32,767 characters was cut there']);
  });

  it('a real long cell (a LinkedIn "About" of 2,600 characters) is kept whole, with nothing to report', async () => {
    const about = 'I lead product teams. '.repeat(120);
    const got: string[][] = [];
    const result = await parseDelimited(`Name,About\nJane Doe,"${about}"\n`, { onRows: async (chunk) => void got.push(...chunk) });
    expect(got[1]?.[1]).toBe(about);
    expect(result.errors).toEqual([]);
  });

  it('columns past the limit are dropped, and the row that had them is named', async () => {
    const wide = Array.from({ length: MAX_COLUMNS + 5 }, (_, i) => `c${i}`).join(',');
    const got: string[][] = [];
    const result = await parseDelimited(`${wide}\n`, { onRows: async (chunk) => void got.push(...chunk) });
    expect(got[0]).toHaveLength(MAX_COLUMNS);
    expect(result.errors).toEqual([`Row 1: it has ${MAX_COLUMNS + 5} columns; only the first ${MAX_COLUMNS} are kept`]);
  });
});

describe('company and job title go with the entry', () => {
  const kinds: ColumnKind[] = ['full_name', 'company', 'job_title', 'email'];
  it('a row with an identifier carries its company and title, trimmed and on one line', () => {
    const plan = planRow(['Ana Ruiz', '  Acme\n GmbH ', 'Head of Sales', 'ana@acme.com'], kinds);
    expect(plan.entry).toEqual({ field_type: 'email', value: 'ana@acme.com', label: 'Ana Ruiz', company: 'Acme GmbH', title: 'Head of Sales' });
  });

  it('the key is the same with or without them: the same person is bought once', () => {
    const a = planRow(['Ana', 'Acme', 'CEO', 'ana@acme.com'], kinds);
    const b = planRow(['Ana', '', '', 'ana@acme.com'], kinds);
    expect(a.entry && b.entry && a.key === b.key).toBe(true);
  });

  it('a row with only a name and a company is still not sent, and says why', () => {
    expect(planRow(['Ana Ruiz', 'Acme', 'CEO', ''], kinds)).toEqual({ entry: null, reason: t('import_row_no_identifier') });
  });

  it('a hostile long company cell is cut as a label is', () => {
    const plan = planRow(['Ana', 'x'.repeat(5000), '', 'ana@acme.com'], kinds);
    expect(plan.entry?.company).toHaveLength(ENTRY_LABEL_MAX);
    expect(BulkEntrySchema.safeParse(plan.entry).success).toBe(true);
  });
});
