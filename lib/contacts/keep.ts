/**
 * Purchases kept together: a bulk chunk hands the book its hundred people at once, and each one kept on its own was a
 * read by id, a read per key, and a write that rewrote its search chunk: hundreds of IndexedDB transactions per chunk,
 * each rewriting one of the 128 chunks of the book's search lines (780 contacts' lines each at 100,000). Here the
 * batch is read in two reads (by id, by key) and written in one, each search chunk once.
 *
 * The decision per purchase is the one `keep` always made, in the order the purchases came: a purchase joins the
 * record of its id, else a record holding one of its keys when it is the same one (same service `_id`, or neither has
 * one). A purchase later in the batch sees what the earlier ones made, as it would have kept one at a time.
 */
import type { Purchase } from './book';
import { serviceIdOf } from './record';
import { type BookRecord, MAX_KEY_LENGTH } from './schema';
import type { ContactBookStore } from './store';

export type KeepOutcome = { id: string } | { error: unknown };

export interface KeepDeps {
  store: Pick<ContactBookStore, 'getRecords' | 'findRecordsByKeys' | 'putRecords'>;
  /** A stored record as the book reads it (an unreadable one is set aside, and is null). */
  read: (raw: unknown) => Promise<BookRecord | null>;
  /** A record as the book writes it: throws with the reason when it must not be stored. */
  valid: (record: BookRecord) => BookRecord;
}

const candidateKeys = (p: Purchase): string[] => (p.keys.length ? [p.key, ...p.keys] : [p.key]);

/** Each purchase's record id, or why it was refused, in order; a store failure rejects the whole batch. */
export async function keepAll(purchases: readonly Purchase[], { store, read, valid }: KeepDeps): Promise<KeepOutcome[]> {
  const keys = [...new Set(purchases.flatMap(candidateKeys))];
  const [byId, byKey] = await Promise.all([store.getRecords(purchases.map((p) => p.id)), store.findRecordsByKeys(keys)]);

  // Every stored record the batch may meet, read once, and which of them hold each key.
  const stored = new Map<string, BookRecord | null>();
  const readOnce = async (raw: unknown): Promise<BookRecord | null> => {
    const id = (raw as { id?: unknown } | null | undefined)?.id;
    if (typeof id !== 'string') return read(raw);
    if (!stored.has(id)) stored.set(id, await read(raw));
    return stored.get(id) ?? null;
  };
  for (const raw of byId) if (raw !== undefined) await readOnce(raw);
  const holders = new Map<string, Set<string>>();
  const hold = (key: string, id: string) => {
    const ids = holders.get(key);
    if (ids) ids.add(id);
    else holders.set(key, new Set([id]));
  };
  for (const [i, raws] of byKey.entries()) {
    for (const raw of raws) {
      const record = await readOnce(raw);
      if (record) hold(keys[i]!, record.id);
    }
  }

  const written = new Map<string, BookRecord>();
  const current = (id: string): BookRecord | null => written.get(id) ?? stored.get(id) ?? null;
  const sameOneByKey = (purchase: Purchase): BookRecord | null => {
    const ref = serviceIdOf(purchase.value);
    for (const key of candidateKeys(purchase)) {
      // In id order, as the store's index lists the records holding one key.
      for (const id of [...(holders.get(key) ?? [])].sort()) {
        const found = current(id);
        if (found?.kind === purchase.kind && serviceIdOf(found.value) === ref) return found;
      }
    }
    return null;
  };

  const outcomes = purchases.map((purchase): KeepOutcome => {
    const existing = current(purchase.id) ?? sameOneByKey(purchase);
    // An alias too long to store is left out rather than refusing the whole purchase: the answer paid for is kept,
    // and a key that long is never asked for.
    const aliases = purchase.keys.filter((k) => k.length <= MAX_KEY_LENGTH);
    try {
      const record = valid({
        id: existing?.id ?? purchase.id,
        kind: purchase.kind,
        key: existing && purchase.summaryOnly ? existing.key : purchase.key,
        keys: [...new Set([...(existing?.keys ?? []), purchase.key, ...aliases])].slice(0, 200),
        value: existing && purchase.summaryOnly ? existing.value : purchase.value,
        firstBoughtAt: Math.min(existing?.firstBoughtAt ?? purchase.fetchedAt, purchase.fetchedAt),
        lastBoughtAt: Math.max(existing?.lastBoughtAt ?? purchase.fetchedAt, purchase.fetchedAt),
        creditsSpent: (existing?.creditsSpent ?? 0) + purchase.creditsCharged,
      });
      written.set(record.id, record);
      for (const key of record.keys) hold(key, record.id);
      return { id: record.id };
    } catch (error) {
      return { error };
    }
  });
  if (written.size) await store.putRecords([...written.values()]);
  return outcomes;
}
