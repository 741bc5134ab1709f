import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { importExportHeader, importExportRow, writeImportExport, type ImportMeta, type ImportRow } from '@/lib/import';
import type { BulkRow } from '@/lib/messaging/protocol';
import { contact } from '../export/contact';

const bulk = (over: Partial<BulkRow>): BulkRow => ({ field_type: 'email', value: 'x', status: 'enriched', contact: contact(), fromCache: false, ...over });
const row = (index: number, cells: string[], bulkIndex: number | null, skipped?: string): ImportRow => ({ importId: 'imp', index, cells, bulkIndex, ...(skipped ? { skipped } : {}) });

describe('one exported line', () => {
  it.each<[string, BulkRow | null, string | undefined, string]>([
    ['enriched live', bulk({}), undefined, 'enriched'],
    ['enriched from the cache', bulk({ fromCache: true }), undefined, 'enriched (cached, free)'],
    ['not found', bulk({ status: 'not_found', contact: null }), undefined, 'not found'],
    ['an error says which', bulk({ status: 'error', contact: null, error: { kind: 'server', message: 'The service failed.' } }), undefined, 'error: The service failed.'],
    ['a row that was not sent says why', null, 'No email, phone or profile URL', 'skipped: No email, phone or profile URL'],
    ['a cancelled job row is "not sent", never "pending"', bulk({ status: 'pending', contact: null }), undefined, 'not sent'],
  ])('%s', (_why, b, skipped, status) => {
    const line = importExportRow(row(1, ['Ana', 'ana@acme.com'], b ? 0 : null, skipped), 2, b);
    expect(line.slice(0, 2)).toEqual(['Ana', 'ana@acme.com']);
    expect(line.at(-1)).toBe(status);
    expect(line).toHaveLength(importExportHeader(['a', 'b']).length);
  });

  it('a short row is padded to the file width; the enriched columns follow', () => {
    const header = importExportHeader(['Name', 'Email', 'Notes']);
    const line = importExportRow(row(1, ['Ana'], 0), 3, bulk({}));
    expect(line.slice(0, 3)).toEqual(['Ana', '', '']);
    expect(line[header.indexOf('Enriched · Work email')]).toBe('ada@engines.example');
    expect(line[header.indexOf('Enriched · Mobile phone')]).toBe('+14155550142');
  });

  it('"3 days ago" counts from when the row was answered; unknown, it stays empty rather than a wrong day', () => {
    const header = importExportHeader(['Name']);
    const column = header.findIndex((h) => h.startsWith('Enriched · Last updated'));
    expect(column).toBeGreaterThan(0);
    const answered = bulk({ contact: contact({ last_updated: '3 days ago' }), answeredAt: Date.UTC(2026, 10, 20, 9) });
    expect(importExportRow(row(1, ['Ana'], 0), 1, answered)[column]).toBe('2026-11-17');
    expect(importExportRow(row(1, ['Ana'], 0), 1, bulk({ contact: contact({ last_updated: '3 days ago' }) }))[column]).toBe('');
  });
});

describe('the whole export, in pages', () => {
  it('keeps the user order, resolves duplicates to earlier pages, and fetches each page a bounded number of times', async () => {
    const total = 3_500;
    const meta: ImportMeta = { id: 'imp', name: 'f.csv', createdAt: 0, headers: ['Email', 'Note'], mapping: ['email', 'ignore'], rows: total + 1, jobId: 'job' };
    // Row i's entry is i % 2_500: rows 2,500.. are duplicates of rows on the first pages.
    const stored = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => row(from + k, [`p${from + k - 1}@acme.com`, `=note ${from + k}`], (from + k - 1) % 2_500));
    const fetched: number[] = [];
    const parts = await writeImportExport({
      meta,
      hasHeader: true,
      store: { rows: (_id, from, to) => Promise.resolve(stored(from, to)) },
      bulkRows: (offset, limit) => {
        fetched.push(offset);
        return Promise.resolve(Array.from({ length: Math.min(limit, 2_500 - offset) }, (_, k) => bulk({ value: `entry ${offset + k}`, contact: contact({ current_work_email: `e${offset + k}@acme.com` }) })));
      },
    });
    const parsed = Papa.parse<string[]>(parts.join(''), { skipEmptyLines: true });
    const [head, ...body] = parsed.data;
    expect(head?.slice(0, 2)).toEqual(['Email', 'Note']);
    expect(body).toHaveLength(total);
    const work = head!.indexOf('Enriched · Work email');
    body.forEach((line, i) => {
      expect(line[0]).toBe(`p${i}@acme.com`);
      expect(line[1]).toBe(`'=note ${i + 1}`);
      expect(line[work]).toBe(`e${i % 2_500}@acme.com`);
    });
    expect(fetched.length).toBeLessThanOrEqual(6);
  });
});
