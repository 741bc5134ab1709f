/**
 * Bearer tokens and invite codes: 32 random bytes (256 bits), shown once, stored only as their SHA-256.
 * A fast hash is enough here (unlike passwords): nobody can guess or brute-force a 256-bit random value, so a slow
 * hash (bcrypt, argon2) would add cost to every request and no safety; the hash makes a stolen database useless for
 * signing in, and finding a token is one index lookup by its hash.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';

export const newToken = (): string => `hub_${randomBytes(32).toString('base64url')}`;
export const newInviteCode = (): string => `inv_${randomBytes(32).toString('base64url')}`;
export const hashSecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');
export const newId = (): string => randomUUID();
