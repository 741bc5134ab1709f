/**
 * Errors as data: the one shape errors take across message boundaries (class instances do not survive
 * structured cloning). `lib/errors/to-error-data.ts` is the one function that makes it; `lib/errors/catalogue.ts`
 * turns it into words.
 */
import { z } from 'zod';
import { API_ERROR_KINDS } from '../api/errors';
import { HubRefusalSchema } from '../hub-client/refusal';

export const ErrorKindSchema = z.enum([
  // from the API (lib/api/errors.ts)
  ...API_ERROR_KINDS,
  // from the extension itself ('no_key' is among the API kinds: the transport reports it too)
  'budget_exceeded',
  /** A paid request's price rose after the user saw it (a cached answer expired or was cleared): nothing was sent. */
  'price_changed',
  'permission_needed',
  'not_scannable',
  'invalid_message',
  'forbidden',
  'internal',
]);
export type ErrorKind = z.infer<typeof ErrorKindSchema>;

export const ErrorDataSchema = z.strictObject({
  kind: ErrorKindSchema,
  message: z.string().max(2000),
  status: z.number().int().optional(),
  requestId: z.string().max(200).optional(),
  retryAfterMs: z.number().nonnegative().optional(),
  errorText: z.string().max(2000).optional(),
  /** `price_changed`: the credits the user was shown, and what the request costs now. */
  quotedCredits: z.number().nonnegative().optional(),
  credits: z.number().nonnegative().optional(),
  /** The team hub refused, and which refusal it was: the kind decides what happens, this decides the words. */
  hub: HubRefusalSchema.optional(),
  /** Copyable technical detail (zod issues, response excerpt). Never contains the API key. */
  detail: z.string().max(20_000).optional(),
});
export type ErrorData = z.infer<typeof ErrorDataSchema>;
