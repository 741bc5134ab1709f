// A single lookup and a bulk row are the same purchase: for the same rows, cache state, budget and fault, the price
// shown before, whether the budget blocks it, what the local ledger books and what the service charges must be the
// same whichever path bought it. Each path runs on its own engine and key against the real sandbox.
import { describe, expect, inject, it } from 'vitest';
import { SANDBOX_ADMIN_HEADERS } from '@/sandbox/admin-guard';
import { engineFor, samples, sandboxLedger, uniqueKey } from './engine-helpers';
import type { Engine } from '@/lib/engine/engine';

const url = inject('sandboxUrl');

interface Case {
  name: string;
  /** Known to the sandbox (found) or not (no match). */
  known: boolean;
  /** More rows, each known (true) or not: the single path looks each up in turn, the bulk path sends one job. */
  more?: boolean[];
  cached?: boolean;
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
];

async function injectFault(mode: string, path: string) {
  await fetch(`${url}/_sandbox/faults`, {
    method: 'POST',
    headers: { ...SANDBOX_ADMIN_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify({ mode, count: 1, paths: [path] }),
  });
}

async function run(c: Case, emails: string[], path: 'single' | 'bulk'): Promise<Outcome> {
  const key = uniqueKey();
  const { engine } = engineFor(url, key, { settings: { dailyBudget: c.budget ?? null } });
  await engine.start();
  if (c.cached) await engine.lookups.contactEnrich({ lookup: { email: emails[0]! } });
  const bookedBefore = (await engine.ledger.summary()).today;
  const chargedBefore = await charged(key);
  const estimates =
    path === 'single'
      ? await Promise.all(emails.map((email) => engine.estimate({ action: 'contact/enrich', lookup: { email } })))
      : [await engine.estimate({ action: 'bulk/enrich', count: emails.length, entries: emails.map((value) => ({ field_type: 'email' as const, value })) })];
  if (c.fault) await injectFault(c.fault, path === 'single' ? '/v1/enrich' : '/v1/bulk-enrich');
  if (path === 'single') for (const email of emails) await engine.lookups.contactEnrich({ lookup: { email } }).catch(() => undefined);
  else await bulk(engine, emails);
  return {
    preview: estimates.reduce((n, e) => n + e.credits, 0),
    blocked: estimates.some((e) => e.blockedByBudget),
    booked: (await engine.ledger.summary()).today - bookedBefore,
    charged: (await charged(key)) - chargedBefore,
  };
}

async function bulk(engine: Engine, emails: string[]): Promise<void> {
  const job = await engine.bulk.start(emails.map((value) => ({ field_type: 'email' as const, value }))).catch(() => null);
  if (!job) return;
  for (let i = 0; i < 400; i++) {
    const now = await engine.bulk.get(job.id);
    if (now.status === 'done' || now.status === 'failed' || now.status === 'cancelled') return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the bulk job did not finish');
}

const charged = async (key: string) => (await sandboxLedger(url, key)).reduce((n, e) => n + e.credits, 0);

describe('one purchase, two paths: single lookups and a bulk job of the same rows', () => {
  it.each(CASES.map((c, i) => ({ ...c, i })))('$name: the same preview, the same block, the same booking, the same charge', async (c) => {
    const { emails } = await samples(url);
    const nobody = () => `nobody-${Math.random().toString(36).slice(2, 8)}@nowhere.example`;
    const rows = [c.known, ...(c.more ?? [])].map((known, j) => (known ? emails[(c.i * 3 + j + 3) % emails.length]! : nobody()));
    const single = await run(c, rows, 'single');
    const bulkRow = await run(c, rows, 'bulk');
    expect(single).toEqual(c.want);
    expect(bulkRow).toEqual(single);
  });
});
