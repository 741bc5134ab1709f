// Words the background and lib/ helpers build: English stays what the tests and e2e read, German comes
// from the German catalogue (a German side panel once showed the English "free" from a cost label).
import { afterEach, describe, expect, it } from 'vitest';
import { networkError } from '@/lib/api/errors';
import { estimateBulkCounts } from '@/lib/engine/estimate';
import type { Ledger } from '@/lib/credits/ledger';
import { budgetExceeded } from '@/lib/credits/ledger';
import { readCatalogues } from '@/lib/i18n/catalogue';
import { useCatalogue } from '@/lib/i18n/t';
import { validateApiBaseUrl } from '@/lib/permissions/api-origin';
import { describeMeaning } from '@/lib/selection/query';

const catalogues = readCatalogues(`${process.cwd()}/locales`);
afterEach(() => useCatalogue(catalogues.en!, 'en'));

const openLedger = { allows: () => Promise.resolve(true) } as unknown as Ledger;

describe('lib words', () => {
  it('read as before in English', async () => {
    expect((await estimateBulkCounts({ entries: 5, unique: 4, cached: 1 }, openLedger)).label).toBe('Up to 3 credits (1 per enriched record) · 1 cached · free · 1 duplicate skipped');
    expect(budgetExceeded(1, 0, 5).data.message).toBe('This action can cost up to 1 credit, but only 0 of your daily budget of 5 remain.');
    expect(describeMeaning({ kind: 'person', first_name: 'Ada', last_name: 'Lovelace', company_name: 'Acme' })).toBe('Person: Ada Lovelace at Acme');
    expect(networkError('GET /v1/enrich', null).message).toBe('Could not reach the API (GET /v1/enrich). Check the connection and the API base URL.');
  });

  it('come from the German catalogue in German, with German numbers', async () => {
    useCatalogue(catalogues.de!, 'de');
    const label = (await estimateBulkCounts({ entries: 2000, unique: 1500, cached: 1 }, openLedger)).label;
    expect(label).toBe('Bis zu 1.499 Credits (1 pro angereichertem Datensatz) · 1 aus dem Cache · kostenlos · 500 Duplikate übersprungen');
    expect(label).not.toMatch(/\bfree\b/);
    expect(budgetExceeded(3, 2, 5).data.message).toBe('Diese Aktion kann bis zu 3 Credits kosten, aber von Ihrem Tagesbudget von 5 sind nur noch 2 übrig.');
    expect(describeMeaning({ kind: 'email', email: 'ada@acme.com' })).toBe('E-Mail: ada@acme.com');
    expect(validateApiBaseUrl('')).toEqual({ ok: false, message: 'Geben Sie die Adresse der Anreicherungs-API ein, z. B. https://api.example.com.' });
  });
});
