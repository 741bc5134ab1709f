import type { Context } from 'hono';

export type ErrorCode = 'bad_request' | 'invalid_key' | 'insufficient_credits' | 'plan_required' | 'server_error';

const STATUS: Record<ErrorCode, 400 | 401 | 403 | 500> = {
  bad_request: 400,
  invalid_key: 401,
  insufficient_credits: 403,
  plan_required: 403,
  server_error: 500,
};

/** Body of 400/401/403/5xx responses (the spec does not show them; the lead's decision). */
export function errorResponse(c: Context, code: ErrorCode, errorText: string, status: number = STATUS[code]): Response {
  return c.json({ errorCode: code, errorText }, status as 400);
}

/** 404 body as the spec shows it: a sentence naming the lookup key that matched nothing. */
export function notFound(c: Context, errorText: string): Response {
  return c.json({ errorText }, 404);
}

/** Thrown by handlers for a 400; the app turns it into the error body. */
export class BadRequest extends Error {}
