// A bulk job's headline and figures, as the job card and the import view both show them.
import { afterEach, describe, expect, it } from 'vitest';
import { bulkJobDetail, bulkJobTitle } from '@/components/sidepanel/progress/bulk-summary';
import type { BulkJob } from '@/lib/messaging/protocol';
import { readCatalogues } from '@/lib/i18n/catalogue';
import { useCatalogue } from '@/lib/i18n/t';

const catalogues = readCatalogues(`${process.cwd()}/locales`);
afterEach(() => useCatalogue(catalogues.en!, 'en'));

const job = (over: Partial<BulkJob>): BulkJob => ({ id: 'j', createdAt: 0, status: 'running', total: 17, done: 0, enriched: 0, creditsCharged: 0, etaMs: null, ...over });

describe('bulk job headline and figures', () => {
  it.each<[string, Partial<BulkJob>, string, string]>([
    ['running: no charge figure yet', { done: 5, enriched: 4 }, 'Enriching…', '5 of 17 done · 4 found'],
    ['finished', { status: 'done', done: 17, enriched: 15, creditsCharged: 15 }, 'Bulk enrichment finished', '17 of 17 done · 15 found · 15 credits charged'],
    ['finished, some free from the cache', { status: 'done', total: 2210, done: 2210, enriched: 20, creditsCharged: 10, fromCache: 10 }, 'Bulk enrichment finished', '2,210 of 2,210 done · 20 found · 10 from the cache, free · 10 credits charged'],
    ['cancelled with every entry already sent: it says so, not only "cancelled"', { status: 'cancelled', done: 17, enriched: 17, creditsCharged: 17 }, 'Every entry was sent before the cancel', '17 of 17 done · 17 found · 17 credits charged'],
    ['cancelled part way', { status: 'cancelled', done: 3, enriched: 3, creditsCharged: 3 }, 'Bulk enrichment cancelled', '3 of 17 done · 3 found · 3 credits charged'],
    ['cancelled with a request still out', { status: 'cancelled', done: 3, enriched: 3, inFlight: 10 }, 'Cancelling…', '3 of 17 done · 3 found · 10 sent, waiting for the answer · nothing charged yet'],
  ])('%s', (_name, over, title, detail) => {
    expect(bulkJobTitle(job(over))).toBe(title);
    expect(bulkJobDetail(job(over))).toBe(detail);
  });

  it('German reads from the German catalogue', () => {
    useCatalogue(catalogues.de!, 'de');
    expect(bulkJobTitle(job({ status: 'cancelled', done: 17 }))).toBe('Alle Einträge vor dem Abbruch gesendet');
  });
});
