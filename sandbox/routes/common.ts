import type { Context } from 'hono';
import type { z } from 'zod';
import type { Account } from '../accounts';
import { BadRequest } from '../errors';

/**
 * Per-request values: the caller's account (after authentication), the injected fault, if any, and the start of
 * the body with its size (read after authentication, for the request log).
 */
export type AppEnv = { Variables: { account: Account; fault: string | undefined; bodyExcerpt: string | undefined; bodyBytes: number | undefined } };
export type AppContext = Context<AppEnv>;

/** Parses with a contract schema from lib/api; any issue is a 400 with a readable message. */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const messages = result.error.issues.map((issue) => {
    const path = issue.path.join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  throw new BadRequest(messages.join('; '));
}

/** The query string as a plain object (last value wins for repeated names). */
export function queryOf(c: AppContext): Record<string, string> {
  return c.req.query();
}

/** Names the given lookup keys for a 404 sentence: `email "jane@acme.com"`. */
export function describeLookup(keys: Record<string, unknown>, names: readonly string[]): string {
  const parts = names
    .filter((n) => typeof keys[n] === 'string' && keys[n] !== '')
    .map((n) => `${n} "${String(keys[n])}"`);
  return parts.join(', ');
}

export const LOOKUP_NAMES = ['email', 'phone', 'social_profile', 'first_name', 'last_name', 'company_name', 'company_domain'] as const;

export const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
