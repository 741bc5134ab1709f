/**
 * The one plan for many rows — a bulk job, its price preview, a staged import's preview — so the price shown and the
 * job's charge come from one decision, as a single lookup's do (./plan.ts `planLookup`, the one-row plan of the other
 * endpoints). For each row: its key and aliases, what answers it for nothing (the cache; else the contact book, unless
 * fresh answers are asked for) and the most it can cost; for the batch, the counts and the most it can cost. What a
 * sent row costs once answered is `bulkChargeOf` (./plan.ts): the one bulk price.
 */
import type { AnswerKeys, Cache } from '../cache/cache';
import { bulkMost } from './plan';
import { freeAnswersOf, type FreeAnswer, type SavedContacts } from './saved-contacts';
import type { OpenTeamBook } from './team-book';

export interface BatchRowPlan {
  key: string;
  aliases: readonly string[];
  /** What answers the row for nothing; null: it is sent (and may be charged). */
  free: FreeAnswer | null;
  /** Bought before (in the contact book), whether or not the book answers it (fresh answers asked for). */
  boughtBefore: boolean;
  /** The most this row can cost: 0 when answered for nothing. */
  most: number;
}

export interface BatchPlan {
  rows: BatchRowPlan[];
  /** Rows answered by the cache. */
  cached: number;
  /** Rows bought before (the contact book): free unless fresh answers are asked for. */
  saved: number;
  /** Rows a teammate bought (the team hub's book): free, not asked when fresh answers are asked for. */
  team: number;
  /** Rows sent. */
  toSend: number;
  /** The most the batch can cost: the budget holds it, the preview shows it, the job is held to it. */
  most: number;
}

export interface BatchSources {
  cache: Pick<Cache, 'readMany'>;
  /** The contact book as opened for this job or preview (./saved-contacts.ts `openSaved`). */
  saved: SavedContacts;
  /** Buy again the people bought before instead of filling them from the book. */
  fresh?: boolean | undefined;
  /** The team hub's book, when the user is signed in to one (./team-book.ts). */
  team?: OpenTeamBook | undefined;
}

/** Plans a batch of rows (a page of a job or a preview): one cache read for all, the book for the others. */
export async function planBatch(rows: readonly AnswerKeys[], sources: BatchSources): Promise<BatchPlan> {
  // Fresh answers buy again what the team bought too: the team's book is not asked.
  const free = await freeAnswersOf(rows, sources.cache, sources.saved, sources.fresh ? undefined : sources.team);
  const planned = rows.map((row, i): BatchRowPlan => {
    const answer = free[i] ?? null;
    const effective = answer?.source === 'saved' && sources.fresh ? null : answer;
    return { key: row.key, aliases: row.aliases ?? [], free: effective, boughtBefore: answer?.source === 'saved', most: effective ? 0 : bulkMost(1) };
  });
  return totalOf(planned);
}

/** Several batches' plans as one (a job or a preview counted page by page): the counts add, the most is priced once. */
export function batchTotal(plans: ReadonlyArray<Omit<BatchPlan, 'rows'>>): Omit<BatchPlan, 'rows'> {
  const cached = plans.reduce((n, p) => n + p.cached, 0);
  const saved = plans.reduce((n, p) => n + p.saved, 0);
  const team = plans.reduce((n, p) => n + p.team, 0);
  const toSend = plans.reduce((n, p) => n + p.toSend, 0);
  return { cached, saved, team, toSend, most: bulkMost(toSend) };
}

function totalOf(rows: BatchRowPlan[]): BatchPlan {
  const cached = rows.filter((r) => r.free?.source === 'cache').length;
  const saved = rows.filter((r) => r.boughtBefore).length;
  const team = rows.filter((r) => r.free?.source === 'team').length;
  const toSend = rows.filter((r) => r.free === null).length;
  return { rows, cached, saved, team, toSend, most: bulkMost(toSend) };
}
