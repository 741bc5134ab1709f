import type { Context, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { BULK_MAX_INPUTS } from '../lib/api/limits';
import { errorResponse } from './errors';

/*
 * Request bodies are read only after the key is accepted, never more than the route can use, and only a short
 * excerpt is kept for the request log (eight 100 MB POSTs without a key raised the sandbox to
 * 1.2 GB; seventeen 200 MB POSTs crashed it).
 */

const KiB = 1024;
const MiB = 1024 * KiB;

/**
 * Bulk: 1,000 records whose values may be 2,048 characters (the contract's bound), each up to 3 bytes in UTF-8,
 * plus the JSON and multipart framing (about 6.2 MB at worst); rounded up.
 */
export const BULK_BODY_LIMIT_BYTES = 8 * MiB;
/** Contact search filters (100 values of 200 characters per filter) and anything else: far below this. */
export const DEFAULT_BODY_LIMIT_BYTES = 1 * MiB;
/** `POST /_sandbox/faults` is a few hundred bytes. */
export const ADMIN_BODY_LIMIT_BYTES = 64 * KiB;
/** The part of a body the request log keeps (bytes of UTF-8; what privacy tests look through). */
export const BODY_EXCERPT_BYTES = 20_000;

const BULK_RECORDS_SENTENCE = `${BULK_MAX_INPUTS.toLocaleString('en')} records`;

export function bodyLimitFor(path: string): number {
  if (path === '/v1/bulk-enrich') return BULK_BODY_LIMIT_BYTES;
  if (path.startsWith('/_sandbox/')) return ADMIN_BODY_LIMIT_BYTES;
  return DEFAULT_BODY_LIMIT_BYTES;
}

export function tooLargeText(path: string, limit: number): string {
  const what = path === '/v1/bulk-enrich' ? ` (room for ${BULK_RECORDS_SENTENCE} of up to 2,048 characters)` : '';
  return `The request body is larger than ${formatBytes(limit)}, the limit of ${path}${what}. Send a smaller body, for example fewer records per request.`;
}

const formatBytes = (bytes: number): string => (bytes >= MiB ? `${bytes / MiB} MB` : `${bytes / KiB} kB`);

/**
 * Caps the body of the route (413 with the error body, at once when Content-Length says so, else as soon as the
 * streamed bytes pass the limit), then reads it once into Hono's body cache, so handlers' `c.req.json()` and
 * `c.req.parseBody()` parse the same bytes and the log gets its excerpt without a second copy.
 */
export function limitAndReadBody(onExcerpt: (c: Context, excerpt: string, bytes: number) => void) {
  return async (c: Context, next: Next): Promise<Response | void> => {
    if (!c.req.raw.body) return next();
    const limit = bodyLimitFor(c.req.path);
    const capped = bodyLimit({ maxSize: limit, onError: (ctx) => errorResponse(ctx, 'bad_request', tooLargeText(ctx.req.path, limit), 413) });
    return capped(c, async () => {
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      onExcerpt(c, bodyExcerpt(bytes), bytes.byteLength);
      await next();
    });
  };
}

/** The first BODY_EXCERPT_BYTES decoded as UTF-8 (a fresh string: never a slice that keeps the whole body alive). */
export function bodyExcerpt(bytes: Uint8Array): string {
  const head = bytes.subarray(0, BODY_EXCERPT_BYTES);
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head);
  // A multi-byte character cut at the end decodes as U+FFFD: drop it rather than log a character never sent.
  return bytes.byteLength > BODY_EXCERPT_BYTES && text.endsWith('\uFFFD') ? text.slice(0, -1) : text;
}
