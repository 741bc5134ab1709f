/**
 * "Bought by your team": in proxy mode the hub answers an enrich the team already bought from its book, free, as the
 * service's 200 with three headers. Read here from the answer's headers (hostile input: bounded, validated), so the
 * engine books 0 credits for it and the panel says who bought the person and when instead of a price.
 */
import { z } from 'zod';

/** A teammate bought this person already: who, and when the team first bought them (epoch ms). */
export const TeamPurchaseSchema = z.strictObject({
  boughtBy: z.string().min(1).max(100),
  boughtAt: z.number().int().nonnegative(),
});
export type TeamPurchase = z.infer<typeof TeamPurchaseSchema>;

export const HUB_BOOK_HEADER = 'x-hub-book';
export const HUB_BOUGHT_BY_HEADER = 'x-hub-bought-by';
export const HUB_BOUGHT_AT_HEADER = 'x-hub-bought-at';

/**
 * In a bulk answer the hub marks each entry it answered free (from the book, or bought by an earlier entry of the
 * same request gathered across members: docs/hub.md) with this field beside `enriched_contact`.
 */
export const HUB_BOOK_FIELD = 'hub_book';

const BulkMarkSchema = z.object({ bought_by: z.string().min(1).max(100), bought_at: z.iso.datetime({ offset: true }) });

/** The team purchase a bulk answer's entry announces, or null (bought by this request, or a mark that does not read). */
export function teamPurchaseOfBulkEntry(entry: unknown): TeamPurchase | null {
  const mark = BulkMarkSchema.safeParse((entry as Record<string, unknown> | null)?.[HUB_BOOK_FIELD]);
  if (!mark.success) return null;
  const parsed = TeamPurchaseSchema.safeParse({ boughtBy: mark.data.bought_by.trim(), boughtAt: Date.parse(mark.data.bought_at) });
  return parsed.success ? parsed.data : null;
}

/** The team purchase an answer's headers announce, or null (not a book hit, or headers that do not read). */
export function teamPurchaseOf(headers: Pick<Headers, 'get'>): TeamPurchase | null {
  if (headers.get(HUB_BOOK_HEADER)?.trim().toLowerCase() !== 'hit') return null;
  let name: string;
  try {
    name = decodeURIComponent(headers.get(HUB_BOUGHT_BY_HEADER) ?? '').trim();
  } catch {
    return null;
  }
  const at = Date.parse(headers.get(HUB_BOUGHT_AT_HEADER) ?? '');
  const parsed = TeamPurchaseSchema.safeParse({ boughtBy: name, boughtAt: at });
  return parsed.success ? parsed.data : null;
}
