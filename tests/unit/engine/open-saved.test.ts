/**
 * The contact book is opened only when a row needs it: opening reads every key of the book again after each purchase,
 * and a lookup or a price the cache answers has no use for it.
 */
import { describe, expect, it } from 'vitest';
import { freeAnswersOf, openSaved, type OpenSavedContacts } from '@/lib/engine/saved-contacts';
import { createCache } from '@/lib/cache/cache';
import { createMemoryCacheStore } from '@/lib/cache/store';

/** A real cache (memory store) holding a found answer under each of `keys`. */
async function cacheWith(keys: string[]) {
  const cache = createCache({ store: createMemoryCacheStore(), ttl: () => ({ hitTtlDays: 30, missTtlDays: 3 }) });
  for (const key of keys) await cache.write(key, { found: true, value: { full_name: 'Ada' }, creditsCharged: 1 });
  return cache;
}

function countingBook(): { open: OpenSavedContacts; opened: () => number } {
  let opened = 0;
  return {
    opened: () => opened,
    open: () => {
      opened += 1;
      return Promise.resolve({ find: () => Promise.resolve({ contact: { full_name: 'Ada' } as never, boughtAt: 5 }) });
    },
  };
}

describe('openSaved', () => {
  it('does not open the book while the cache answers every row', async () => {
    const book = countingBook();
    const answers = await freeAnswersOf([{ key: 'a' }], await cacheWith(['a']), await openSaved(book.open));
    expect(answers[0]?.source).toBe('cache');
    expect(book.opened()).toBe(0);
  });

  it('opens it once for all the rows the cache does not answer', async () => {
    const book = countingBook();
    const answers = await freeAnswersOf([{ key: 'a' }, { key: 'b' }, { key: 'c' }], await cacheWith(['a']), await openSaved(book.open));
    expect(answers.map((a) => a?.source)).toEqual(['cache', 'saved', 'saved']);
    expect(book.opened()).toBe(1);
  });

  it('a book that cannot be opened saves nothing (not knowing is not owning)', async () => {
    const saved = await openSaved(() => Promise.reject(new Error('no database')));
    expect(await saved.find(['b'])).toBeNull();
  });
});
