// Reading many people's answers at once (a bulk chunk, an import preview page, an estimate): the same decision as one
// read, in two store reads however many keys are asked.
import { describe, expect, it } from 'vitest';
import { createCache, readAnswerOf, readAnswersOf, type CacheWrite } from '@/lib/cache/cache';
import { createMemoryCacheStore, type CacheStore } from '@/lib/cache/store';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 26);

/** The memory store, counting the reads the cache asks of it. */
function countingStore(): { store: CacheStore; reads: { get: number; getMany: number } } {
  const inner = createMemoryCacheStore();
  const reads = { get: 0, getMany: 0 };
  const store: CacheStore = {
    ...inner,
    get: (key) => {
      reads.get++;
      return inner.get(key);
    },
    getMany: (keys) => {
      reads.getMany++;
      return inner.getMany(keys);
    },
  };
  return { store, reads };
}

function setup(now = () => NOW) {
  const { store, reads } = countingStore();
  const cache = createCache({ store, ttl: () => ({ hitTtlDays: 30, missTtlDays: 3 }), now });
  return { cache, reads };
}

const found = (key: string, id: string, aliases: string[] = []): CacheWrite => ({
  key,
  found: true,
  value: { _id: id },
  creditsCharged: 1,
  aliases,
  fetchedAt: NOW - DAY,
});
const miss = (key: string): CacheWrite => ({ key, found: false, value: null, creditsCharged: 0, fetchedAt: NOW - DAY });

describe('readAnswersOf: the same decision as one read', () => {
  it.each<[string, CacheWrite[], { key: string; aliases: string[] }, { key: string; found: boolean } | null]>([
    ['nothing cached', [], { key: 'e:a', aliases: ['p:a'] }, null],
    ['the key’s own found answer', [found('e:a', 'c1')], { key: 'e:a', aliases: ['p:a'] }, { key: 'e:a', found: true }],
    ['the key’s own miss wins over another key’s found answer', [miss('e:a'), found('p:a', 'c1')], { key: 'e:a', aliases: ['p:a'] }, { key: 'e:a', found: false }],
    ['another key’s miss says nothing about this one', [miss('p:a')], { key: 'e:a', aliases: ['p:a'] }, null],
    ['the first other key that found them', [miss('p:a'), found('t:a', 'c1')], { key: 'e:a', aliases: ['p:a', 't:a'] }, { key: 't:a', found: true }],
    ['an alias written by another answer leads to it', [found('p:a', 'c1', ['e:a'])], { key: 'e:a', aliases: [] }, { key: 'e:a', found: true }],
  ])('%s', async (_name, writes, keys, expected) => {
    const { cache } = setup();
    await cache.writeMany(writes);
    const [many] = await readAnswersOf(cache, [keys]);
    const one = await readAnswerOf(cache, keys);
    const shape = (a: typeof one) => (a ? { key: a.key, found: a.answer.found } : null);
    expect(shape(many ?? null)).toEqual(expected);
    expect(shape(one)).toEqual(expected);
  });

  it('an alias whose answer expired, or was replaced by another person’s, answers nothing', async () => {
    let now = NOW;
    const { cache } = setup(() => now);
    await cache.writeMany([found('p:a', 'c1', ['e:a'])]);
    now = NOW + 31 * DAY;
    expect(await readAnswersOf(cache, [{ key: 'e:a' }])).toEqual([null]);
    now = NOW;
    // The primary now holds another answer: the alias no longer points at what it was written for.
    await cache.store.put({ ...(await cache.store.get('p:a'))!, ref: 'someone-else' });
    expect(await readAnswersOf(cache, [{ key: 'e:a' }])).toEqual([null]);
  });

  it('a chunk of 1,000 people with 2 other keys each is two store reads, answered in order', async () => {
    const { cache, reads } = setup();
    // Every third person bought under their profile, which aliased their email.
    const writes: CacheWrite[] = [];
    for (let i = 0; i < 1000; i += 3) writes.push(found(`p:${i}`, `c${i}`, [`e:${i}`]));
    await cache.writeMany(writes);
    reads.get = reads.getMany = 0;
    const people = Array.from({ length: 1000 }, (_, i) => ({ key: `e:${i}`, aliases: [`t:${i}`, `x:${i}`] }));
    const answers = await readAnswersOf(cache, people);
    expect(reads).toEqual({ get: 0, getMany: 2 });
    expect(answers.filter(Boolean)).toHaveLength(334);
    answers.forEach((a, i) => {
      if (i % 3 === 0) expect(a?.answer.value).toEqual({ _id: `c${i}` });
      else expect(a).toBeNull();
    });
  });
});
