/**
 * The team's API key at rest. In proxy mode the hub must send the key, so it cannot keep only a hash of it as it
 * does for tokens; it keeps it sealed with AES-256-GCM under a secret that is not in the database, so a stolen
 * database dump or backup does not give the key away. Where that secret comes from (docs/hub.md, "The key at rest"):
 * - `HUB_KEY_SECRET` (32 random bytes, base64: `openssl rand -base64 32`), the same for every hub process of a team;
 * - else, for the embedded PGlite with a data directory, a secret file created beside it on first start (0600):
 *   it protects a copied data directory, not a stolen disk;
 * - else (a database in memory, tests) a secret that lives as long as the process, like the data.
 * A Postgres server without `HUB_KEY_SECRET` has no place to keep a secret its processes share, so the hub refuses
 * to store a key there and says what to set.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';

const PREFIX = 'v1.';

export class KeySealerError extends Error {}

export interface KeySealer {
  /** False when this hub has no shared secret to seal with (a Postgres server without HUB_KEY_SECRET). */
  readonly canSeal: boolean;
  seal(plain: string): string;
  /** The key a sealed value holds; a value stored before sealing existed is returned as it is. */
  open(stored: string): string;
  /** True when a stored value is not sealed yet (written by a hub before this version). */
  isLegacy(stored: string): boolean;
}

/** Reads a base64 secret of exactly 32 bytes, or says what is wrong with it. */
export function parseSecret(text: string): Buffer {
  const bytes = Buffer.from(text.trim(), 'base64');
  if (bytes.length !== 32) {
    throw new KeySealerError(`HUB_KEY_SECRET must be 32 random bytes in base64 (got ${bytes.length} bytes): create one with \`openssl rand -base64 32\`.`);
  }
  return bytes;
}

export function sealerWith(secret: Buffer | null): KeySealer {
  const b64 = (b: Buffer) => b.toString('base64url');
  return {
    canSeal: secret !== null,
    seal(plain) {
      if (!secret) {
        throw new KeySealerError(
          'This hub has no secret to seal the team key with: set HUB_KEY_SECRET (the same value on every hub process; `openssl rand -base64 32`) and restart the hub.',
        );
      }
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', secret, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${PREFIX}${b64(iv)}.${b64(cipher.getAuthTag())}.${b64(sealed)}`;
    },
    open(stored) {
      if (!stored.startsWith(PREFIX)) return stored;
      if (!secret) throw new KeySealerError('The team key is sealed but this hub has no HUB_KEY_SECRET: start it with the same HUB_KEY_SECRET as the other hub processes.');
      const [iv, tag, body] = stored.slice(PREFIX.length).split('.');
      try {
        const decipher = createDecipheriv('aes-256-gcm', secret, Buffer.from(iv ?? '', 'base64url'));
        decipher.setAuthTag(Buffer.from(tag ?? '', 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body ?? '', 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new KeySealerError('The team key cannot be opened with this hub’s HUB_KEY_SECRET (a different secret sealed it): start every hub process with the same secret, or have an admin enter the key again.');
      }
    },
    isLegacy: (stored) => !stored.startsWith(PREFIX),
  };
}

/** The sealer a hub starts with, from its options and environment (see the header for the order). */
export function sealerFor(opts: { keySecret?: string; dataDir?: string; databaseUrl?: string }): KeySealer {
  const configured = opts.keySecret ?? process.env.HUB_KEY_SECRET;
  if (configured) return sealerWith(parseSecret(configured));
  if (opts.databaseUrl) return sealerWith(null);
  if (opts.dataDir) {
    const file = `${opts.dataDir.replace(/\/+$/, '')}.key-secret`;
    if (!existsSync(file)) writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
    return sealerWith(parseSecret(readFileSync(file, 'utf8')));
  }
  return sealerWith(randomBytes(32));
}
