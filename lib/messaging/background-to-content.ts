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
  if (typeof message !== 'object' || message === null || Object.keys(message).length !== 1) return null;
  const type = (message as { type?: unknown }).type;
  return type === 'to-content/ping' || type === 'to-content/rescan' ? { type } : null;
}
