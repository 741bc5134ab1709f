/**
 * One row per person for a bulk job (docs/people.md), and the same groups for its price (lib/engine/estimate.ts): the
 * job and the estimate must see the same people, or the price shown would not be the job's.
 */
import { bulkEntryKey } from '../cache/keys';
import type { BulkEntry, ContactOptions } from '../model/lookup';
import type { RequiredBulkField } from './bulk-context';
import { aliasKeysOf } from './plan';

/** A person's row: the first entry that names them, its cache key, and the keys of their other identifiers. */
export interface UniqueEntry {
  entry: BulkEntry;
  key: string;
  aliases: string[];
}

/** Aliases kept per row at most (page and file data are hostile). */
const MAX_ALIASES = 40;

/**
 * A bulk entry's cache key and the keys of the person's other identifiers (`alsoKnownAs`), under the job's required
 * fields: one decision for the job built from whole entries, the staged upload and the job built from it.
 */
export function entryKeys(entry: BulkEntry, requiredFields: readonly RequiredBulkField[]): { key: string; aliases: string[] } {
  const key = bulkEntryKey(entry, requiredFields);
  if (!entry.alsoKnownAs) return { key, aliases: [] };
  const options: ContactOptions = { required: [...requiredFields] as ContactOptions['required'] };
  return { key, aliases: aliasKeysOf(entry.alsoKnownAs, options).filter((k) => k !== key).slice(0, MAX_ALIASES) };
}

/**
 * Entries that reach the same person — any shared normalised identifier, their own or one the page gave as
 * `alsoKnownAs` — become one row (the first one, in input order). Union-find over identifiers. The row keeps the
 * first name any of them was given (`label`), so a person is shown by name even when their first entry had none.
 */
export function dedupeEntries(entries: readonly BulkEntry[], requiredFields: readonly RequiredBulkField[]): UniqueEntry[] {
  const owner = new Map<string, number>();
  const parent: number[] = [];
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  const keysOf = entries.map((entry, i) => {
    parent[i] = i;
    const { key, aliases } = entryKeys(entry, requiredFields);
    for (const k of [key, ...aliases]) {
      const j = owner.get(k);
      if (j === undefined) owner.set(k, i);
      else {
        // The earlier entry stays the representative, so results keep input order.
        const [a, b] = [find(i), find(j)];
        if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
      }
    }
    return { key, aliases };
  });
  const merged = new Map<number, Set<string>>();
  const labels = new Map<number, string>();
  keysOf.forEach(({ key, aliases }, i) => {
    const root = find(i);
    const set = merged.get(root) ?? new Set<string>();
    for (const k of [key, ...aliases]) set.add(k);
    merged.set(root, set);
    const label = entries[i]!.label;
    if (label && !labels.has(root)) labels.set(root, label);
  });
  const out: UniqueEntry[] = [];
  entries.forEach((entry, i) => {
    if (find(i) !== i) return;
    const key = keysOf[i]!.key;
    const label = labels.get(i);
    out.push({ entry: label && !entry.label ? { ...entry, label } : entry, key, aliases: [...merged.get(i)!].filter((k) => k !== key).slice(0, MAX_ALIASES) });
  });
  return out;
}

