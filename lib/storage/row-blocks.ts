/**
 * Numbered rows kept in blocks: one IndexedDB record holds BLOCK_ROWS consecutive rows of one owner (an import, a
 * staged upload), keyed [owner, block]. A 100,000-row file was 100,000 records, each written and read on its own:
 * in Chromium the per-record cost (a request, a LevelDB write, a clone) made 100,000 puts take 5.8–7.4 s, and the
 * same rows in 200 blocks 0.19 s; reading them by range, 0.8–1.2 s against 0.13 s (docs/performance.md, "Rows in
 * blocks"). Rows that are read and written by range, never looked up one by one or indexed, are kept this way.
 *
 * Each row keeps its own `index`, so a block read back is checked row by row by its store's schema, and a damaged
 * block (not a list) reads as missing rows, never as a crash.
 */

import type { IDBPTransaction, StoreNames } from 'idb';

/** Rows per block: a block of an import's rows is ~50 kB, small enough that rewriting its edge is cheap. */
export const BLOCK_ROWS = 500;

export interface NumberedRow {
  index: number;
}

export type BlockKey = [owner: string, block: number];

/** What blocks need of a store with out-of-line keys [owner, block]: IndexedDB's through `idbBlocks`. */
export interface BlockStore {
  get(key: BlockKey): Promise<unknown>;
  put(value: unknown[], key: BlockKey): Promise<unknown>;
  /** Every block from `lower` to `upper` (both included), in key order. */
  between(lower: BlockKey, upper: BlockKey): Promise<unknown[]>;
}

/** An IndexedDB object store (idb's, in a transaction) as a block store. */
export function idbBlocks(store: { get(key: BlockKey): Promise<unknown>; put(value: unknown[], key: BlockKey): Promise<unknown>; getAll(range: IDBKeyRange): Promise<unknown[]> }): BlockStore {
  return {
    get: (key) => store.get(key),
    put: (value, key) => store.put(value, key),
    ...idbBlockReader(store),
  };
}

/** A read-only IndexedDB object store (idb's) as what reading blocks needs. */
export function idbBlockReader(store: { getAll(range: IDBKeyRange): Promise<unknown[]> }): Pick<BlockStore, 'between'> {
  return { between: (lower, upper) => store.getAll(IDBKeyRange.bound(lower, upper)) };
}

/** The key range of every block of `owner` (to delete them). */
export const ownerBlocks = (owner: string): IDBKeyRange => IDBKeyRange.bound([owner, 0], [owner, Number.MAX_SAFE_INTEGER]);

export const blockOf = (index: number, size = BLOCK_ROWS): number => Math.floor(index / size);

const indexOf = (row: unknown): number | null => {
  const index = (row as { index?: unknown } | null)?.index;
  return typeof index === 'number' && Number.isInteger(index) && index >= 0 ? index : null;
};

/** A stored block's rows, damaged ones (and a block that is not a list) left out. */
const rowsOfBlock = (block: unknown): unknown[] => (Array.isArray(block) ? block.filter((row) => indexOf(row) !== null) : []);

/**
 * `rows` merged into the blocks they fall in: per block, the rows it held (`stored`, read by the caller for the
 * blocks it does not wholly replace) with these written over them by index, in index order.
 */
export function mergeIntoBlocks(rows: readonly NumberedRow[], stored: ReadonlyMap<number, unknown>, size = BLOCK_ROWS): Map<number, unknown[]> {
  const byBlock = new Map<number, Map<number, unknown>>();
  const blockRows = (block: number) => {
    let held = byBlock.get(block);
    if (!held) {
      held = new Map(rowsOfBlock(stored.get(block)).map((row) => [indexOf(row)!, row]));
      byBlock.set(block, held);
    }
    return held;
  };
  for (const row of rows) blockRows(blockOf(row.index, size)).set(row.index, row);
  return new Map([...byBlock].map(([block, held]) => [block, [...held.values()].sort((a, b) => indexOf(a)! - indexOf(b)!)]));
}

/** The blocks `rows` touch that they do not fill whole: those must be read before they are written. */
export function partlyWrittenBlocks(rows: readonly NumberedRow[], size = BLOCK_ROWS): number[] {
  const counts = new Map<number, Set<number>>();
  for (const row of rows) {
    const block = blockOf(row.index, size);
    const seen = counts.get(block) ?? new Set<number>();
    seen.add(row.index);
    counts.set(block, seen);
  }
  return [...counts].filter(([, seen]) => seen.size < size).map(([block]) => block);
}

/** Of blocks read in key order, the rows with `from` ≤ index < `to`, in index order. */
export function rowsInRange(blocks: readonly unknown[], from: number, to: number): unknown[] {
  const out: unknown[] = [];
  for (const block of blocks) {
    for (const row of rowsOfBlock(block)) {
      const index = indexOf(row)!;
      if (index >= from && index < to) out.push(row);
    }
  }
  return out;
}

/** Writes `rows` of `owner` in `store` (one transaction's store): each block they touch read at most once, written once. */
export async function putRowsInBlocks(store: BlockStore, owner: string, rows: readonly NumberedRow[], size = BLOCK_ROWS): Promise<void> {
  if (rows.length === 0) return;
  const partly = partlyWrittenBlocks(rows, size);
  const stored = new Map(await Promise.all(partly.map(async (block) => [block, await store.get([owner, block])] as const)));
  const merged = mergeIntoBlocks(rows, stored, size);
  await Promise.all([...merged].map(([block, blockRows]) => store.put(blockRows, [owner, block])));
}

/** The rows of `owner` with `from` ≤ index < `to`, in index order, as stored (the caller validates them). */
export async function readRowsInBlocks(store: Pick<BlockStore, 'between'>, owner: string, from: number, to: number, size = BLOCK_ROWS): Promise<unknown[]> {
  if (to <= from) return [];
  return rowsInRange(await store.between([owner, blockOf(from, size)], [owner, blockOf(to - 1, size)]), from, to);
}

/**
 * An upgrade from a record per row: the rows of `from` (keyed [owner, index]) moved into blocks in `to`, in the
 * upgrade's own transaction, a block written as soon as the cursor has passed it; then `from` is deleted.
 */
export async function moveRowsIntoBlocks<DB>(upgrade: IDBPTransaction<DB, Array<StoreNames<DB>>, 'versionchange'>, from: string, to: string, size = BLOCK_ROWS): Promise<void> {
  // `from` is no longer in the database's schema: named as a plain string here, not by the caller's typed names.
  const transaction = upgrade as unknown as IDBPTransaction<unknown, string[], 'versionchange'>;
  const blocks = transaction.objectStore(to);
  let pending: { key: BlockKey; rows: unknown[] } | null = null;
  const writes: Array<Promise<unknown>> = [];
  for (let cursor = await transaction.objectStore(from).openCursor(); cursor; cursor = await cursor.continue()) {
    const [owner, index] = cursor.key as [string, number];
    const key: BlockKey = [owner, blockOf(index, size)];
    if (!pending || pending.key[0] !== key[0] || pending.key[1] !== key[1]) {
      if (pending) writes.push(blocks.put(pending.rows, pending.key));
      pending = { key, rows: [] };
    }
    pending.rows.push(cursor.value);
  }
  if (pending) writes.push(blocks.put(pending.rows, pending.key));
  await Promise.all(writes);
  transaction.db.deleteObjectStore(from);
}
