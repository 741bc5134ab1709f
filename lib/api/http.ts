import { z } from 'zod';

/*
 * One HTTP exchange as plain data. A request is a URL, headers and a string body; an answer is its status,
 * headers and body text, read with a byte cap. Plain data can cross into the offscreen document (Chrome) and
 * be stored in IndexedDB before anyone looks at it (./paid-answers.ts), and the same `interpret` step reads an
 * answer whether it arrived just now or was stored before the worker was stopped.
 */

export const HttpRequestSchema = z.strictObject({
  url: z.string().max(8_192),
  method: z.enum(['GET', 'POST']),
  headers: z.record(z.string(), z.string()),
  body: z.string().optional(),
  /** The answer's body is not read past this many bytes (lib/api/limits.ts, maxAnswerBytes). */
  maxBodyBytes: z.number().int().positive(),
});
export type HttpRequest = z.infer<typeof HttpRequestSchema>;

export const HttpAnswerSchema = z.strictObject({
  /** 0 for a browser's opaque redirect. */
  status: z.number().int().min(0).max(999),
  /** A 30x (or a browser's opaque redirect): never followed: a redirect could carry the key to another host. */
  redirected: z.boolean(),
  location: z.string().nullable(),
  headers: z.record(z.string(), z.string()),
  bodyText: z.string(),
  /** The body was longer than the request's cap; `bodyText` holds nothing then. */
  oversize: z.boolean(),
});
export type HttpAnswer = z.infer<typeof HttpAnswerSchema>;

/**
 * Sends one request; resolves with the answer or rejects (network failure, abort). Never follows redirects.
 * The direct one is `sendDirect`; Chrome's bulk chunks go through the offscreen document instead.
 */
export type HttpSend = (request: HttpRequest, signal: AbortSignal) => Promise<HttpAnswer>;

export function createDirectSend(fetchImpl: typeof globalThis.fetch = (...args) => globalThis.fetch(...args)): HttpSend {
  return async (request, signal) => {
    const response = await fetchImpl(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
      // Never follow a redirect: fetch would carry X-API-Key to wherever the API points (another origin, plain
      // http), and a 308 would be cached for later calls. A redirect fails the call instead.
      redirect: 'manual',
      signal,
    });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => (headers[name] = value));
    // Browsers hide a manual redirect behind an opaque response (status 0, no Location); Node shows the 30x.
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      void response.body?.cancel().catch(() => undefined);
      return { status: response.status, redirected: true, location: response.headers.get('location'), headers, bodyText: '', oversize: false };
    }
    const body = await readCapped(response, request.maxBodyBytes);
    return { status: response.status, redirected: false, location: null, headers, bodyText: body ?? '', oversize: body === null };
  };
}

/**
 * The body as text, or null once it passes `maxBytes` (the rest is not read: the stream is cancelled). A body
 * that announces a larger Content-Length is refused before a byte is read.
 */
export async function readCapped(response: Response, maxBytes: number): Promise<string | null> {
  const announced = Number(response.headers.get('content-length') ?? NaN);
  if (Number.isFinite(announced) && announced > maxBytes) {
    void response.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let bytes = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      void reader.cancel().catch(() => undefined);
      return null;
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

/** A multipart body as a string plus its content type (a string crosses message boundaries; FormData does not). */
export async function encodeForm(fields: Record<string, string>): Promise<{ body: string; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const encoded = new Request('http://127.0.0.1/', { method: 'POST', body: form });
  return { body: await encoded.text(), contentType: encoded.headers.get('content-type') ?? 'multipart/form-data' };
}
