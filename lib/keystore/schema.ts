import { z } from 'zod';

/**
 * What an API key may look like, wherever one arrives (the options form, `key/set`, an imported settings file).
 * A key goes into an HTTP header: printable ASCII only (a pasted zero-width space would fail as a "network" error).
 */
export const ApiKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(512)
  .regex(/^[\x21-\x7e]+$/, 'An API key has only letters, digits and symbols, without spaces.');
