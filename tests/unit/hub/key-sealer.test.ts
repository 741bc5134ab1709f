import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KeySealerError, parseSecret, sealerFor, sealerWith } from '@/hub/key-sealer';

describe('the team key at rest', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('seals to a value that holds no part of the key, opens only with the same secret, and detects tampering', () => {
    const secret = randomBytes(32);
    const sealer = sealerWith(secret);
    const key = 'live-key-0123456789abcdef';
    const sealed = sealer.seal(key);
    expect(sealed).not.toContain(key);
    expect(sealer.seal(key)).not.toBe(sealed); // a fresh IV each time
    expect(sealer.open(sealed)).toBe(key);
    expect(() => sealerWith(randomBytes(32)).open(sealed)).toThrow(/same secret/);
    // One bit of the ciphertext flipped (editing its base64 text could change only unused padding bits, or nothing).
    const dot = sealed.lastIndexOf('.');
    const body = Buffer.from(sealed.slice(dot + 1), 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    const tampered = `${sealed.slice(0, dot + 1)}${body.toString('base64url')}`;
    expect(tampered).not.toBe(sealed);
    expect(() => sealer.open(tampered)).toThrow(KeySealerError);
  });

  it('a key stored before sealing reads as it is and counts as legacy', () => {
    const sealer = sealerWith(randomBytes(32));
    expect(sealer.isLegacy('plain-key')).toBe(true);
    expect(sealer.open('plain-key')).toBe('plain-key');
    expect(sealer.isLegacy(sealer.seal('plain-key'))).toBe(false);
  });

  it('HUB_KEY_SECRET must be 32 bytes of base64, and says how to make one', () => {
    expect(() => parseSecret('too-short')).toThrow(/openssl rand -base64 32/);
    expect(parseSecret(randomBytes(32).toString('base64'))).toHaveLength(32);
  });

  it('a Postgres server without a secret cannot seal (it has nowhere its processes share); PGlite keeps one beside its data, 0600', () => {
    const saved = process.env.HUB_KEY_SECRET;
    delete process.env.HUB_KEY_SECRET;
    try {
      const server = sealerFor({ databaseUrl: 'postgres://hub@db/hub' });
      expect(server.canSeal).toBe(false);
      expect(() => server.seal('k')).toThrow(/HUB_KEY_SECRET/);

      const dir = mkdtempSync(join(tmpdir(), 'hub-sealer-'));
      dirs.push(dir);
      const dataDir = join(dir, 'data');
      const first = sealerFor({ dataDir });
      const sealed = first.seal('k');
      expect(sealerFor({ dataDir }).open(sealed)).toBe('k'); // the same secret after a restart
      expect(statSync(`${dataDir}.key-secret`).mode & 0o777).toBe(0o600);
      expect(readFileSync(`${dataDir}.key-secret`, 'utf8')).not.toContain('k\n');
    } finally {
      if (saved !== undefined) process.env.HUB_KEY_SECRET = saved;
    }
  });
});
