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
