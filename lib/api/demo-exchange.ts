/**
 * Demo mode's API calls as plain data (docs/store.md, "Demo mode"). The demo service (sql.js and the sandbox's app)
 * does not run in the background worker, which would then load and evaluate it at every start, demo or not
 * (docs/performance.md, "Worker start"): on Chrome it runs in the offscreen document, so a request and its answer
 * cross a message channel and are validated at both ends. The engine's `fetch` in demo
 * mode turns its Request into a `DemoRequest` and the `DemoAnswer` back into a Response.
 */
import { z } from 'zod';
import { HttpRequestSchema } from './http';

/**
 * A sandbox standard key (100,000 credits): the demo's own account in the demo's own ledger, sent by the background's
 * demo engine and read back from the service's ledger.
 */
export const DEMO_KEY = 'test-standard-in-page-demo';

export const DemoRequestSchema = HttpRequestSchema.omit({ maxBodyBytes: true });
export type DemoRequest = z.infer<typeof DemoRequestSchema>;

export const DemoAnswerSchema = z.strictObject({
  status: z.number().int().min(200).max(599),
  headers: z.record(z.string(), z.string()),
  body: z.string(),
});
export type DemoAnswer = z.infer<typeof DemoAnswerSchema>;

/** The demo account's ledger, as the e2e tests compare it with the credits the extension shows. */
export const DemoLedgerSchema = z.strictObject({
  balance: z.number(),
  entries: z.array(z.strictObject({ endpoint: z.string(), credits: z.number() })),
});
export type DemoLedger = z.infer<typeof DemoLedgerSchema>;

/** What the demo service is asked. */
export const DemoWorkSchema = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('fetch'), request: DemoRequestSchema }),
  z.strictObject({ op: z.literal('ledger') }),
]);
export type DemoWork = z.infer<typeof DemoWorkSchema>;

export const DemoReplySchema = z.union([
  z.strictObject({ ok: z.literal(true), answer: DemoAnswerSchema }),
  z.strictObject({ ok: z.literal(true), ledger: DemoLedgerSchema }),
  z.strictObject({ ok: z.literal(false), message: z.string() }),
]);
export type DemoReply = z.infer<typeof DemoReplySchema>;

/** Background → offscreen document (names carry the target, as the paid requests' `offscreen/*` do). */
export const OffscreenDemoMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('offscreen/demo'), work: DemoWorkSchema }),
  /** Demo mode ended: the document ends the demo worker and frees its database. */
  z.strictObject({ type: z.literal('offscreen/demo-close') }),
]);
export type OffscreenDemoMessage = z.infer<typeof OffscreenDemoMessageSchema>;

export async function toDemoRequest(request: Request): Promise<DemoRequest> {
  const method = request.method === 'GET' ? 'GET' : 'POST';
  const body = method === 'POST' ? await request.text() : undefined;
  return { url: request.url, method, headers: Object.fromEntries(request.headers), ...(body ? { body } : {}) };
}

export function toRequest(request: DemoRequest): Request {
  return new Request(request.url, { method: request.method, headers: request.headers, ...(request.body !== undefined ? { body: request.body } : {}) });
}

export async function toDemoAnswer(response: Response): Promise<DemoAnswer> {
  return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
}

export function toResponse(answer: DemoAnswer): Response {
  // A 204/205/304 carries no body (the Response constructor refuses one).
  const empty = answer.status === 204 || answer.status === 205 || answer.status === 304;
  return new Response(empty ? null : answer.body, { status: answer.status, headers: answer.headers });
}
