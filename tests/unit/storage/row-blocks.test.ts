// Rows in blocks (lib/storage/row-blocks.ts): the grouping, merging and range reading, over a store kept in a Map the
// way IndexedDB keeps values (cloned in and out). The IndexedDB glue itself runs in Chromium: the import specs
// (tests/e2e/import-*.spec.ts, contacts.spec.ts) and the version-1 upgrade (tests/e2e/import-upgrade.spec.ts).
import { describe, expect, it } from 'vitest';
import { type BlockKey, type BlockStore, blockOf, mergeIntoBlocks, partlyWrittenBlocks, putRowsInBlocks, readRowsInBlocks, rowsInRange } from '@/lib/storage/row-blocks';

function mapStore() {
  const blocks = new Map<string, unknown>();
  const at = ([owner, block]: BlockKey) => JSON.stringify([owner, block]);
  const reads: BlockKey[] = [];
  const writes: BlockKey[] = [];
  const store: BlockStore = {
    get: (key) => {
      reads.push(key);
      return Promise.resolve(structuredClone(blocks.get(at(key))));
    },
    put: (value, key) => {
      writes.push(key);
      blocks.set(at(key), structuredClone(value));
      return Promise.resolve(key);
    },
    between: ([owner, lower], [, upper]) =>
      Promise.resolve(
        [...blocks]
          .map(([k, v]) => [JSON.parse(k) as BlockKey, v] as const)
          .filter(([[o, b]]) => o === owner && b >= lower && b <= upper)
          .sort((a, b) => a[0][1] - b[0][1])
          .map(([, v]) => structuredClone(v)),
      ),
  };
  return { store, blocks, reads, writes, at };
}

const row = (index: number, text = `row ${index}`) => ({ index, text });

describe('rows in blocks', () => {
  it('numbers blocks by index', () => {
    expect([0, 499, 500, 1_234].map((i) => blockOf(i))).toEqual([0, 0, 1, 2]);
    expect(blockOf(7, 3)).toBe(2);
  });

  it('reads only the blocks a write does not fill whole', () => {
    const rows = Array.from({ length: 10 }, (_, i) => row(i + 3));
    expect(partlyWrittenBlocks(rows, 5)).toEqual([0, 2]);
    expect(partlyWrittenBlocks(Array.from({ length: 10 }, (_, i) => row(i)), 5)).toEqual([]);
  });

  it('merges new rows over stored ones by index, in index order', () => {
    const merged = mergeIntoBlocks([row(4, 'new 4'), row(1, 'new 1')], new Map([[0, [row(0), row(1), row(2)]]]), 5);
    expect(merged.get(0)).toEqual([row(0), row(1, 'new 1'), row(2), row(4, 'new 4')]);
  });

  it('a damaged block reads as missing rows, and a damaged row is left out, never a crash', () => {
    expect(rowsInRange(['not a list', [row(5), { index: -1 }, null, { text: 'no index' }, row(6)]], 0, 10)).toEqual([row(5), row(6)]);
    expect(mergeIntoBlocks([row(1)], new Map([[0, { broken: true }]]), 5).get(0)).toEqual([row(1)]);
  });

  it('gives back a range in order, across block edges, whatever pieces it was written in', async () => {
    const { store, writes } = mapStore();
    // Written as a file reader hands pages of odd sizes, then again (with a change) in the planner's pages.
    let next = 0;
    for (const size of [7, 1, 13, 4, 25]) {
      await putRowsInBlocks(store, 'imp', Array.from({ length: size }, () => row(next++)), 10);
    }
    expect(next).toBe(50);
    for (let from = 0; from < 50; from += 20) {
      await putRowsInBlocks(store, 'imp', Array.from({ length: Math.min(20, 50 - from) }, (_, i) => row(from + i, `planned ${from + i}`)), 10);
    }
    expect(writes.length).toBeLessThan(25);
    expect(await readRowsInBlocks(store, 'imp', 0, 50, 10)).toEqual(Array.from({ length: 50 }, (_, i) => row(i, `planned ${i}`)));
    expect(await readRowsInBlocks(store, 'imp', 17, 33, 10)).toEqual(Array.from({ length: 16 }, (_, i) => row(17 + i, `planned ${17 + i}`)));
    expect(await readRowsInBlocks(store, 'imp', 45, 60, 10)).toHaveLength(5);
    expect(await readRowsInBlocks(store, 'imp', 5, 5, 10)).toEqual([]);
  });

  it("keeps owners apart: one import's rows never read as another's", async () => {
    const { store } = mapStore();
    await putRowsInBlocks(store, 'a', [row(0, 'a0'), row(1, 'a1')], 10);
    await putRowsInBlocks(store, 'b', [row(0, 'b0')], 10);
    expect(await readRowsInBlocks(store, 'a', 0, 10, 10)).toEqual([row(0, 'a0'), row(1, 'a1')]);
    expect(await readRowsInBlocks(store, 'b', 0, 10, 10)).toEqual([row(0, 'b0')]);
  });

  it('a block written whole is not read first', async () => {
    const { store, reads } = mapStore();
    await putRowsInBlocks(store, 'imp', Array.from({ length: 20 }, (_, i) => row(i)), 10);
    expect(reads).toEqual([]);
    await putRowsInBlocks(store, 'imp', [row(3, 'changed')], 10);
    expect(reads).toEqual([['imp', 0]]);
    expect((await readRowsInBlocks(store, 'imp', 0, 20, 10))[3]).toEqual(row(3, 'changed'));
  });
});
