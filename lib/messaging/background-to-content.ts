/**
 * Background → content script: `to-content/ping` (is the scanner there?) and `to-content/rescan` (send your latest scan).
 * The schemas are the detector's (lib/detect/schema.ts). The content script stays small and zod-free, so it
 * checks these with `readBackgroundToContent`, a literal comparison, after checking that the sender is the
 * background (our id, no tab: another content script's message carries its tab).
 */
import { z } from 'zod';
import { PagePingRequestSchema, PageRescanRequestSchema } from '../detect/schema';

export const BackgroundToContentSchema = z.discriminatedUnion('type', [PageRescanRequestSchema, PagePingRequestSchema]);
export type ToContentMessage = z.infer<typeof BackgroundToContentSchema>;

/** The message when it is one of ours from the background; null for anything else. */
export function readBackgroundToContent(
  message: unknown,
  sender: { id?: string | undefined; tab?: unknown },
  ownId: string,
): ToContentMessage | null {
  if (sender.id !== ownId || sender.tab !== undefined) return null;
  if (typeof message !== 'object' || message === null) return null;
  const { type, full, ...rest } = message as { type?: unknown; full?: unknown };
  if (Object.keys(rest).length > 0) return null;
  if (type === 'to-content/ping') return full === undefined ? { type } : null;
  if (type !== 'to-content/rescan') return null;
  if (full === undefined) return { type };
  return full === true ? { type, full } : null;
}
