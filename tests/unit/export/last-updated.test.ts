// Every export writes "Last updated" as a date (docs/exports.md), never the service's relative text: the bulk job's
// CSV, the contact search's, the single contact's row. The relative text counts back from when the answer came.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { bulkTable } from '@/components/sidepanel/BulkEnrichment';
import { contactsTable, flattenContact, toCsv } from '@/lib/export';
import { readCatalogues } from '@/lib/i18n/catalogue';
import { useCatalogue } from '@/lib/i18n/t';
import type { BulkRow } from '@/lib/model/state';
import { contact } from './contact';

useCatalogue(readCatalogues(`${process.cwd()}/locales`).en!, 'en');

const answered = Date.UTC(2026, 10, 20, 9, 15);
const lastUpdatedOf = (csv: string): string[] =>
  Papa.parse<Record<string, string>>(csv, { header: true }).data.map((r) => r['Last updated'] ?? '');

describe('"Last updated" in exports', () => {
  it('is the day the relative text counts back to from when the answer came', () => {
    expect(flattenContact(contact({ last_updated: '2 months ago' }), answered).last_updated).toBe('2026-09-20');
    expect(flattenContact(contact({ last_updated: '2026-11-01T10:00:00Z' }), answered).last_updated).toBe('2026-11-01T10:00:00.000Z');
  });

  it('is empty, never relative text, when the moment of the answer is unknown', () => {
    expect(flattenContact(contact({ last_updated: '2 months ago' })).last_updated).toBe('');
  });

  it('is a date in the bulk job CSV, row by row', () => {
    const row = (value: string, lastUpdated: string, answeredAt?: number): BulkRow => ({
      value,
      field_type: 'email',
      label: undefined,
      status: 'enriched',
      contact: contact({ last_updated: lastUpdated }),
      fromCache: false,
      ...(answeredAt === undefined ? {} : { answeredAt }),
    });
    const csv = toCsv(bulkTable([row('a@x.com', '2 months ago', answered), row('b@x.com', '3 days ago', answered), row('c@x.com', 'a year ago')]));
    expect(csv).not.toMatch(/ ago/);
    expect(lastUpdatedOf(csv)).toEqual(['2026-09-20', '2026-11-17', '']);
  });

  it('is a date in the contact search CSV', () => {
    const csv = toCsv(contactsTable([contact({ last_updated: '1 week ago' })], answered));
    expect(lastUpdatedOf(csv)).toEqual(['2026-11-13']);
  });
});
