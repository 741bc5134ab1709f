// A lookup's budget hold becomes its charge in one step: at no moment are its credits counted both as held and as
// spent, so a second lookup asked just then under a tight budget is not refused for credits counted twice. And the
// budget left that the header shows counts what is held, as the refusal does.
import { describe, expect, inject, it } from 'vitest';
import { engineFor, samples, uniqueKey } from './engine-helpers';
import type { Engine } from '@/lib/engine/engine';

const url = inject('sandboxUrl');

describe('a lookup’s hold and its charge', () => {
  it('when the answer is stored and charged, the credits count once: spent, no longer held', async () => {
    let engine: Engine | null = null;
    const seen: Array<{ committed: number; left: number | null }> = [];
    const made = engineFor(url, uniqueKey(), {
      settings: { dailyBudget: 2 },
      // Called after the answer is stored and booked, while the caller still waits (before the old release).
      onPaidAnswer: async () => {
        const summary = await engine!.ledger.summary();
        seen.push({ committed: await engine!.ledger.committedToday(), left: summary.budgetLeft });
      },
    });
    engine = made.engine;
    await engine.start();
    const [first] = (await samples(url)).emails;
    const answer = await engine.lookups.contactEnrich({ lookup: { email: first! } });
    expect(answer.provenance.creditsCharged).toBe(1);
    // Before: committed 2 (1 spent + 1 still held), budget left 1 while a second 1-credit lookup would be refused.
    expect(seen).toEqual([{ committed: 1, left: 1 }]);
    expect(await engine.ledger.allows(1)).toBe(true);
  });

  it('the budget left counts the credits held for a lookup in flight', async () => {
    const { engine } = engineFor(url, uniqueKey(), { settings: { dailyBudget: 10 } });
    await engine.start();
    const hold = await engine.ledger.reserve(3);
    expect((await engine.ledger.summary()).budgetLeft).toBe(7);
    hold.release();
    expect((await engine.ledger.summary()).budgetLeft).toBe(10);
  });
});
