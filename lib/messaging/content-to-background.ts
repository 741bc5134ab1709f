/**
 * Content script → background: the only message a content script may send (report what it found; it asked for the
 * panel once, which nothing sends any more, so that door is closed). `content/scan` has one definition, the detector's own (lib/detect/schema.ts), which the content script
 * builds its message with; the background parses it with the same schema.
 */
import { z } from 'zod';
import { PageScanMessageSchema } from '../detect/schema';

export const ContentMessageSchema = z.discriminatedUnion('type', [PageScanMessageSchema]);
export type ContentMessage = z.infer<typeof ContentMessageSchema>;
