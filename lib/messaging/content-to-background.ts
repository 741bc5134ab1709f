/**
 * Content script → background: the only messages a content script may send (report what it found, ask for the
 * panel). `content/scan` has one definition, the detector's own (lib/detect/schema.ts), which the content script
 * builds its message with; the background parses it with the same schema.
 */
import { z } from 'zod';
import { PageScanMessageSchema } from '../detect/schema';

export const ContentMessageSchema = z.discriminatedUnion('type', [
  PageScanMessageSchema,
  z.strictObject({ type: z.literal('content/open-panel') }),
]);
export type ContentMessage = z.infer<typeof ContentMessageSchema>;
