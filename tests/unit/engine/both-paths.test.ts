// A single lookup and a bulk row are the same purchase: for the same rows, cache state, budget and fault, the price
// shown before, whether the budget blocks it, what the local ledger books and what the service charges must be the
// same whichever path bought it. Each path runs on its own engine and key against the real sandbox, with the real
// contact book (over its memory store) filed by the engine's own hook, as in the extension.
import { describe, expect, it } from 'vitest';
import { createContactBook, createMemoryContactBookStore, openBookIndex, recordPaidAnswer, savedContactsFrom } from '@/lib/contacts';
import { SANDBOX_ADMIN_HEADERS } from '@/sandbox/admin-guard';
import { engineFor, ownSandbox, samples, sandboxLedger, sandboxRequests, uniqueKey } from './engine-helpers';
import type { Engine } from '@/lib/engine/engine';

// A sandbox of its own: the faults this file injects reach no other file's requests.
const own = ownSandbox();

interface Case {
  name: string;
  /** Known to the sandbox (found) or not (no match). */
  known: boolean;
  /** More rows, each known (true) or not: the single path looks each up in turn, the bulk path sends one job. */
  more?: boolean[];
  cached?: boolean;
  /** The first row was bought before and is in the contact book, but no longer in the cache (its 30 days ran out). */
  book?: boolean;
  /** Fresh answers asked for: a refresh (single) or `fresh` (bulk) buys again whom the book holds. */
  fresh?: boolean;
  budget?: number;
  /** `unreadable`: the service charges, then its 2xx answer does not read (booked as charged on both paths). */
  fault?: '500' | 'unreadable';
  /** What both paths must come to. */
  want: Outcome;
}

interface Outcome {
  preview: number;
  blocked: boolean;
  booked: number;
  charged: number;
}

const CASES: Case[] = [
  { name: 'found, not cached', known: true, want: { preview: 1, blocked: false, booked: 1, charged: 1 } },
  { name: 'no match', known: false, want: { preview: 1, blocked: false, booked: 0, charged: 0 } },
  { name: 'found, cached', known: true, cached: true, want: { preview: 0, blocked: false, booked: 0, charged: 0 } },
  { name: 'over budget', known: true, budget: 0, want: { preview: 1, blocked: true, booked: 0, charged: 0 } },
  { name: 'the service fails (500)', known: true, fault: '500', want: { preview: 1, blocked: false, booked: 0, charged: 0 } },
  { name: 'charged, answer unreadable', known: true, fault: 'unreadable', want: { preview: 1, blocked: false, booked: 1, charged: 1 } },
  { name: 'three rows: two found, one no match', known: true, more: [false, true], want: { preview: 3, blocked: false, booked: 2, charged: 2 } },
  { name: 'two rows, the first cached', known: true, cached: true, more: [true], want: { preview: 1, blocked: false, booked: 1, charged: 1 } },
  { name: 'found, in the contact book (cache expired)', known: true, book: true, want: { preview: 0, blocked: false, booked: 0, charged: 0 } },
  { name: 'in the book, under a budget of 0', known: true, book: true, budget: 0, want: { preview: 0, blocked: false, booked: 0, charged: 0 } },
  { name: 'two rows, the first in the book', known: true, book: true, more: [true], want: { preview: 1, blocked: false, booked: 1, charged: 1 } },
  { name: 'in the book, fresh answers asked for', known: true, book: true, fresh: true, want: { preview: 1, blocked: false, booked: 1, charged: 1 } },
];

async function injectFault(mode: string, path: string) {
  await fetch(`${own.url}/_sandbox/faults`, {
    method: 'POST',
    headers: { ...SANDBOX_ADMIN_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify({ mode, count: 1, paths: [path] }),
  });
}

async function run(c: Case, emails: string[], path: 'single' | 'bulk'): Promise<Outcome> {
  const key = uniqueKey();
  const book = createContactBook({ store: createMemoryContactBookStore() });
  const { engine, cacheStore, settings } = engineFor(own.url, key, {
    onPaidAnswer: async (answer) => void (await recordPaidAnswer(book, answer)),
    savedContacts: savedContactsFrom(() => openBookIndex(book)),
  });
  await engine.start();
  if (c.cached || c.book) await engine.lookups.contactEnrich({ lookup: { email: emails[0]! } });
  if (c.book) await cacheStore.clear();
  // The cap applies from here: the first row's earlier purchase is not this case's spending.
  settings.dailyBudget = c.budget === undefined ? null : c.budget + (await engine.ledger.summary()).today;
  const bookedBefore = (await engine.ledger.summary()).today;
  const chargedBefore = await charged(key);
  const fresh = c.fresh ?? false;
  const estimates =
    path === 'single'
      ? await Promise.all(emails.map((email) => engine.estimate({ action: 'contact/enrich', lookup: { email }, ...(fresh ? { refresh: true } : {}) })))
      : [await engine.estimate({ action: 'bulk/enrich', count: emails.length, entries: emails.map((value) => ({ field_type: 'email' as const, value })), ...(fresh ? { fresh } : {}) })];
  if (c.fault) await injectFault(c.fault, path === 'single' ? '/v1/enrich' : '/v1/bulk-enrich');
  if (path === 'single') for (const email of emails) await engine.lookups.contactEnrich({ lookup: { email }, ...(fresh ? { refresh: true } : {}) }).catch(() => undefined);
  else await bulk(engine, emails, fresh);
  return {
    preview: estimates.reduce((n, e) => n + e.credits, 0),
    blocked: estimates.some((e) => e.blockedByBudget),
    booked: (await engine.ledger.summary()).today - bookedBefore,
    charged: (await charged(key)) - chargedBefore,
  };
}

async function bulk(engine: Engine, emails: string[], fresh: boolean): Promise<void> {
  const job = await engine.bulk.start(emails.map((value) => ({ field_type: 'email' as const, value })), [], { fresh }).catch(() => null);
  if (!job) return;
  for (let i = 0; i < 400; i++) {
    const now = await engine.bulk.get(job.id);
    if (now.status === 'done' || now.status === 'failed' || now.status === 'cancelled') return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the bulk job did not finish');
}

const charged = async (key: string) => (await sandboxLedger(own.url, key)).reduce((n, e) => n + e.credits, 0);

describe('one purchase, two paths: single lookups and a bulk job of the same rows', () => {
  it.each(CASES.map((c, i) => ({ ...c, i })))('$name: the same preview, the same block, the same booking, the same charge', async (c) => {
    const { emails } = await samples(own.url);
    const nobody = () => `nobody-${Math.random().toString(36).slice(2, 8)}@nowhere.example`;
    const rows = [c.known, ...(c.more ?? [])].map((known, j) => (known ? emails[(c.i * 3 + j + 3) % emails.length]! : nobody()));
    const single = await run(c, rows, 'single');
    const bulkRow = await run(c, rows, 'bulk');
    expect(single).toEqual(c.want);
    expect(bulkRow).toEqual(single);
  });
});

describe('a single lookup of a person bought before, no longer cached', () => {
  it('is answered from the contact book: provenance saved, when it was bought, free, nothing sent', async () => {
    const key = uniqueKey();
    const book = createContactBook({ store: createMemoryContactBookStore() });
    const { engine, cacheStore } = engineFor(own.url, key, {
      onPaidAnswer: async (answer) => void (await recordPaidAnswer(book, answer)),
      savedContacts: savedContactsFrom(() => openBookIndex(book)),
    });
    await engine.start();
    const email = (await samples(own.url)).emails[9]!;
    const bought = await engine.lookups.contactEnrich({ lookup: { email } });
    expect(bought.found).toBe(true);
    await cacheStore.clear();
    const estimate = await engine.estimate({ action: 'contact/enrich', lookup: { email } });
    expect(estimate).toMatchObject({ credits: 0, cached: false, blockedByBudget: false });
    expect(estimate.label).toMatch(/^Saved · bought .* · free$/);
    const again = await engine.lookups.contactEnrich({ lookup: { email } });
    expect(again).toMatchObject({ found: true, provenance: { source: 'saved', fetchedAt: bought.provenance.fetchedAt, creditsCharged: 0 } });
    expect(again.found && again.result).toEqual(bought.found && bought.result);
    expect((await sandboxRequests(own.url, key)).filter((r) => r.path === '/v1/enrich')).toHaveLength(1);
    expect(await charged(key)).toBe(1);
  });
});

describe('the contact book answers only a plain lookup', () => {
  it('"Waterfall" or "Full history" of a person bought plain is priced and bought, not answered with the plain copy', async () => {
    const key = uniqueKey();
    const book = createContactBook({ store: createMemoryContactBookStore() });
    const { engine, cacheStore } = engineFor(own.url, key, {
      onPaidAnswer: async (answer) => void (await recordPaidAnswer(book, answer)),
      savedContacts: savedContactsFrom(() => openBookIndex(book)),
    });
    await engine.start();
    const email = (await samples(own.url)).emails[10]!;
    expect((await engine.lookups.contactEnrich({ lookup: { email } })).found).toBe(true);
    await cacheStore.clear();
    expect(await engine.estimate({ action: 'contact/enrich', lookup: { email } })).toMatchObject({ credits: 0 });
    expect(await engine.estimate({ action: 'contact/enrich', lookup: { email }, options: { includeAllExperiences: true } })).toMatchObject({ credits: 1 });
    expect(await engine.estimate({ action: 'contact/enrich', lookup: { email }, options: { waterfall: true } })).toMatchObject({ credits: 2 });
    const full = await engine.lookups.contactEnrich({ lookup: { email }, options: { includeAllExperiences: true } });
    expect(full.provenance).toMatchObject({ source: 'live', creditsCharged: 1 });
    expect(await charged(key)).toBe(2);
  });
});
