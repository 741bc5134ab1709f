/**
 * Staged bulk uploads: a file of 100,000 rows cannot cross to the background in one message (the router
 * refuses messages over 2 MB, lib/messaging/size.ts), so the panel sends its entries in pages: `bulk/stage-open`,
 * `bulk/stage-append` (≤ STAGE_APPEND_MAX entries each), `bulk/stage-preview`, then `bulk/start {stagedId}` reads
 * them back page by page (lib/engine/bulk-job.ts, `startPaged`). Nothing is held in memory between messages: the
 * entries live in the store (IndexedDB in the extension, ./bulk-staging-idb.ts).
 *
 * Every appended entry is checked again here (schema, normalised value, the job's size limit) and deduplicated by its
 * cache key, so whatever the panel sends, a staged upload never holds two entries for one lookup: the job built from
 * it cannot pay twice for one person.
 *
 * Staged data expires STAGE_TTL_MS after its last append (a panel closed half-way leaves nothing behind for long):
 * expired uploads are removed by `sweep`, which runs on every open; start and discard remove theirs at once.
 */
import { z } from 'zod';
import type { Cache } from '../cache/cache';
import { estimateBulkCounts } from './estimate';
import type { Ledger } from '../credits/ledger';
import { BulkEntrySchema, type BulkEntry, type CostEstimate } from '../model/lookup';
import { AlsoKnownAsSchema, BulkRequiredFieldsSchema } from '../model/lookup';
import { entryKeys } from './bulk-dedupe';
import { HandledError } from '../errors/handled-error';
import { openSaved, type OpenSavedContacts } from './saved-contacts';
import { batchTotal, planBatch } from './plan-batch';
import type { OpenTeamBook } from './team-book';
import { t } from '../i18n/t';
import { createKeyedOrder } from '../async/keyed-order';

/** Entries per `bulk/stage-append` message: 2,000 entries of ≤ 2 kB stay well under the router's 2 MB. */
export const STAGE_APPEND_MAX = 2_000;
/** The largest job (bulk/start's own limit). */
export const STAGE_MAX_ENTRIES = 100_000;
/** Staged data is removed this long after its last append. */
export const STAGE_TTL_MS = 60 * 60 * 1000;
/** Entries read per page (preview, start): one IndexedDB read each, memory bounded by the page. */
export const STAGE_PAGE = 1_000;

export type StagedRequiredFields = z.infer<typeof BulkRequiredFieldsSchema>;

export const StagedMetaSchema = z.strictObject({
  id: z.string().max(100),
  createdAt: z.number(),
  /** Last append; the upload expires STAGE_TTL_MS after it. */
  touchedAt: z.number(),
  /** Unique entries stored (their indexes are 0 … count-1, in the order they arrived). */
  count: z.number().int().nonnegative().max(STAGE_MAX_ENTRIES),
  /** Appended entries dropped because an earlier one has the same key. */
  duplicates: z.number().int().nonnegative(),
  requiredFields: BulkRequiredFieldsSchema,
  /**
   * Of the entries, those answered free when they were staged (the cache; bought before, the contact book; bought by
   * a teammate, the team hub's book): counted page by page as each append arrives, so the preview is priced without
   * reading every entry again. Absent when an append was not priced (then the preview counts them all).
   */
  priced: z
    .strictObject({ cached: z.number().int().nonnegative(), saved: z.number().int().nonnegative(), team: z.number().int().nonnegative().default(0) })
    .optional(),
});
export type StagedMeta = z.infer<typeof StagedMetaSchema>;

export const StagedEntrySchema = z.strictObject({
  stagedId: z.string().max(100),
  index: z.number().int().nonnegative(),
  key: z.string().max(8192),
  field_type: BulkEntrySchema.shape.field_type,
  value: BulkEntrySchema.shape.value,
  label: BulkEntrySchema.shape.label,
  /** The row's other identifiers (a file's other email, profile or phone cells): the same person's. */
  alsoKnownAs: AlsoKnownAsSchema.optional(),
  /** Their cache keys, so the preview answers the row by any of them as the job will. */
  aliases: z.array(z.string().max(8192)).max(40).optional(),
});
export type StagedEntry = z.infer<typeof StagedEntrySchema>;

/** Where staged uploads are kept. Each method is one transaction. */
export interface StagingStore {
  putMeta(meta: StagedMeta): Promise<void>;
  meta(id: string): Promise<StagedMeta | null>;
  listMeta(): Promise<StagedMeta[]>;
  /** Of `keys`, those already staged under `stagedId`. */
  knownKeys(stagedId: string, keys: readonly string[]): Promise<Set<string>>;
  /** New entries and the updated meta, in one write. */
  putEntries(entries: readonly StagedEntry[], meta: StagedMeta): Promise<void>;
  /** Entries `from` ≤ index < `to`, in order (damaged ones left out). */
  entries(stagedId: string, from: number, to: number): Promise<StagedEntry[]>;
  remove(stagedId: string): Promise<void>;
}

export interface StagedPreview {
  entries: number;
  unique: number;
  duplicates: number;
  cached: number;
  /** Of the rest, bought before (the contact book): filled free unless the job asks for fresh answers. */
  saved: number;
  /** Of the rest, bought by a teammate (the team hub's book): filled free unless the job asks for fresh answers. */
  team: number;
  estimate: CostEstimate;
}

/** What prices entries as they are staged: the job's own decision of what is free (./saved-contacts.ts). */
export interface StagingPriceDeps {
  cache: Cache;
  saved?: OpenSavedContacts | undefined;
  /** The team hub's book when the user is signed in to one: the job fills a teammate's purchase from it, free. */
  team?: OpenTeamBook | undefined;
}

export interface BulkStagingOptions {
  store: StagingStore;
  now?: () => number;
  newId?: () => string;
}

const gone = () => new HandledError({ kind: 'invalid_message', message: t('errors_staged_gone') });

export function createBulkStaging(options: BulkStagingOptions) {
  const { store } = options;
  const now = options.now ?? Date.now;
  const newId = options.newId ?? (() => crypto.randomUUID());
  // Appends to one upload run one after another: the duplicate check and the count must see the previous append.
  const serial = createKeyedOrder<string>();

  async function live(id: string): Promise<StagedMeta> {
    const meta = await store.meta(id);
    if (!meta) throw gone();
    if (now() - meta.touchedAt > STAGE_TTL_MS) {
      await store.remove(id);
      throw gone();
    }
    return meta;
  }

  const staging = {
    /** Removes uploads whose last append is older than STAGE_TTL_MS; returns how many. */
    async sweep(): Promise<number> {
      let removed = 0;
      for (const meta of await store.listMeta()) {
        if (now() - meta.touchedAt <= STAGE_TTL_MS) continue;
        await store.remove(meta.id);
        removed++;
      }
      return removed;
    },

    async open(requiredFields: StagedRequiredFields = []): Promise<{ stagedId: string; expiresAt: number }> {
      await staging.sweep();
      const at = now();
      const meta: StagedMeta = { id: newId(), createdAt: at, touchedAt: at, count: 0, duplicates: 0, requiredFields: [...requiredFields], priced: { cached: 0, saved: 0, team: 0 } };
      await store.putMeta(meta);
      return { stagedId: meta.id, expiresAt: at + STAGE_TTL_MS };
    },

    /**
     * Stores entries in arrival order; an entry whose key is already staged (earlier, or in the same append) is
     * counted as a duplicate and not stored. Answers the totals so far. With `price`, the new entries are priced as
     * they are stored (what the cache or the book answers free), so the preview needs no second pass; without it,
     * the upload is no longer priced and the preview counts every entry.
     */
    append(stagedId: string, input: readonly BulkEntry[], price?: StagingPriceDeps): Promise<{ staged: number; duplicates: number; expiresAt: number }> {
      if (input.length > STAGE_APPEND_MAX) return Promise.reject(new HandledError({ kind: 'invalid_message', message: t('errors_staged_append_max', STAGE_APPEND_MAX) }));
      return serial(stagedId, async () => {
        const meta = await live(stagedId);
        const checked = input.map((raw) => {
          // Parsed again here (not only by the router): the store holds exactly what a job may send.
          const entry = BulkEntrySchema.parse(raw);
          const { key, aliases } = entryKeys(entry, meta.requiredFields);
          return {
            field_type: entry.field_type,
            value: entry.value.trim(),
            ...(entry.label ? { label: entry.label } : {}),
            ...(entry.alsoKnownAs && aliases.length ? { alsoKnownAs: entry.alsoKnownAs, aliases } : {}),
            key,
          };
        });
        const known = await store.knownKeys(stagedId, [...new Set(checked.map((e) => e.key))]);
        const fresh: StagedEntry[] = [];
        let duplicates = 0;
        for (const e of checked) {
          if (known.has(e.key)) {
            duplicates++;
            continue;
          }
          known.add(e.key);
          fresh.push({ stagedId, index: meta.count + fresh.length, ...e });
        }
        if (meta.count + fresh.length > STAGE_MAX_ENTRIES) {
          throw new HandledError({ kind: 'invalid_message', message: t('errors_staged_max_entries', STAGE_MAX_ENTRIES) });
        }
        const next: StagedMeta = { ...meta, count: meta.count + fresh.length, duplicates: meta.duplicates + duplicates, touchedAt: now() };
        if (!price || !meta.priced) delete next.priced;
        else {
          // The job's own plan of what is free (./plan-batch.ts), so the running price is the one the job holds to.
          const plan = await planBatch(fresh, { cache: price.cache, saved: await openSaved(price.saved), team: price.team });
          next.priced = { cached: meta.priced.cached + plan.cached, saved: meta.priced.saved + plan.saved, team: meta.priced.team + plan.team };
        }
        await store.putEntries(fresh, next);
        return { staged: next.count, duplicates: next.duplicates, expiresAt: next.touchedAt + STAGE_TTL_MS };
      });
    },

    /** The staged entries page by page, in order (for the job and the preview). */
    async *pages(stagedId: string, size = STAGE_PAGE): AsyncGenerator<BulkEntry[]> {
      const meta = await live(stagedId);
      for (let from = 0; from < meta.count; from += size) {
        const to = Math.min(meta.count, from + size);
        const page = await store.entries(stagedId, from, to);
        // A job row's index is its entry's index (the panel's export maps rows by it): a gap must stop the job.
        if (page.length !== to - from || page.some((e, i) => e.index !== from + i)) throw new HandledError({ kind: 'invalid_message', message: t('errors_staged_unreadable') });
        yield page.map((e) => ({ field_type: e.field_type, value: e.value, ...(e.label ? { label: e.label } : {}), ...(e.alsoKnownAs ? { alsoKnownAs: e.alsoKnownAs } : {}) }));
      }
    },

    /**
     * The same figures and price as the estimate of the entries sent whole (`bulk/enrich` with entries): entries,
     * unique keys, duplicates, cached keys, keys bought before (the contact book), keys a teammate bought (the team
     * hub's book), and the one bulk price (lib/engine/estimate.ts), counted page by page.
     */
    async preview(stagedId: string, deps: StagingPriceDeps & { ledger: Ledger }, opts: { fresh?: boolean; recount?: boolean } = {}): Promise<StagedPreview> {
      const meta = await live(stagedId);
      const entries = meta.count + meta.duplicates;
      // Priced as the entries arrived: the price from those counts. Counted again when asked (the job refused the
      // price because answers counted as cached have expired since) or when an append was not priced.
      if (meta.priced && !opts.recount) {
        const { cached, saved, team } = meta.priced;
        const estimate = await estimateBulkCounts({ entries, unique: meta.count, cached, saved, team, fresh: opts.fresh ?? false }, deps.ledger);
        return { entries, unique: meta.count, duplicates: meta.duplicates, cached, saved, team, estimate };
      }
      // Counted with the books even when fresh answers are asked for: the choice says how many it buys again (and
      // the counts are kept for the next preview, which may not ask for fresh answers).
      const book = await openSaved(deps.saved);
      const pages = [];
      for (let from = 0; from < meta.count; from += STAGE_PAGE) {
        const page = await store.entries(stagedId, from, Math.min(meta.count, from + STAGE_PAGE));
        // A page's cache reads run as one store read: awaited one by one, 100,000 IndexedDB reads take minutes.
        // The job's own plan of what is free (./plan-batch.ts): the cache, else bought before (the book).
        const { rows: _rows, ...counts } = await planBatch(page, { cache: deps.cache, saved: book, team: deps.team });
        pages.push(counts);
      }
      const { cached, saved, team } = batchTotal(pages);
      await serial(stagedId, async () => {
        const current = await store.meta(stagedId);
        if (current && current.count === meta.count) await store.putMeta({ ...current, priced: { cached, saved, team } });
      });
      const estimate = await estimateBulkCounts({ entries, unique: meta.count, cached, saved, team, fresh: opts.fresh ?? false }, deps.ledger);
      return { entries, unique: meta.count, duplicates: meta.duplicates, cached, saved, team, estimate };
    },

    meta: live,

    async discard(stagedId: string): Promise<void> {
      await serial(stagedId, () => store.remove(stagedId));
    },
  };
  return staging;
}

export type BulkStaging = ReturnType<typeof createBulkStaging>;


/** In memory (unit tests, bench): the same contract, records cloned and validated on read like the IndexedDB one. */
export function createMemoryStagingStore(): StagingStore & { writes: number[] } {
  const metas = new Map<string, StagedMeta>();
  const entries = new Map<string, StagedEntry[]>();
  const keys = new Map<string, Set<string>>();
  /** Size of every entry write, in order (tests check writes stay bounded). */
  const writes: number[] = [];
  return {
    writes,
    putMeta: (meta) => Promise.resolve(void metas.set(meta.id, structuredClone(meta))),
    meta: (id) => {
      const parsed = StagedMetaSchema.safeParse(metas.get(id));
      return Promise.resolve(parsed.success ? parsed.data : null);
    },
    listMeta: () => Promise.resolve([...metas.values()].map((m) => structuredClone(m))),
    knownKeys: (id, list) => Promise.resolve(new Set(list.filter((k) => keys.get(id)?.has(k)))),
    putEntries: (list, meta) => {
      writes.push(list.length);
      const arr = entries.get(meta.id) ?? [];
      const set = keys.get(meta.id) ?? new Set<string>();
      for (const e of list) {
        arr[e.index] = structuredClone(e);
        set.add(e.key);
      }
      entries.set(meta.id, arr);
      keys.set(meta.id, set);
      metas.set(meta.id, structuredClone(meta));
      return Promise.resolve();
    },
    entries: (id, from, to) =>
      Promise.resolve(
        (entries.get(id) ?? [])
          .slice(from, to)
          .map((e) => StagedEntrySchema.safeParse(e))
          .filter((p) => p.success)
          .map((p) => p.data),
      ),
    remove: (id) => {
      metas.delete(id);
      entries.delete(id);
      keys.delete(id);
      return Promise.resolve();
    },
  };
}
