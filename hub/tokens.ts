/**
 * Bearer tokens and invite codes: 32 random bytes (256 bits), shown once, stored only as their SHA-256.
 * A fast hash is enough here (unlike passwords): nobody can guess or brute-force a 256-bit random value, so a slow
 * hash (bcrypt, argon2) would add cost to every request and no safety; the hash makes a stolen database useless for
 * signing in, and finding a token is one index lookup by its hash.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { HubSchema } from './db/schema';

export const newToken = (): string => `hub_${randomBytes(32).toString('base64url')}`;
export const newInviteCode = (): string => `inv_${randomBytes(32).toString('base64url')}`;
export const hashSecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');
export const newId = (): string => randomUUID();

/**
 * Signs one token out: it is deleted, so the next request with it is refused as an unknown token. The member's other
 * sign-ins (another browser) stay. True when the token was known.
 */
export async function revokeToken(db: Kysely<HubSchema>, token: string): Promise<boolean> {
  const done = await db.deleteFrom('tokens').where('token_hash', '=', hashSecret(token)).executeTakeFirst();
  return Number(done.numDeletedRows) > 0;
}
