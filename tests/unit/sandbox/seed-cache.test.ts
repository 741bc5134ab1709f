/**
 * The seed cache is shared by every sandbox on the machine (unit files, e2e workers, the bench): a start that
 * replaces an older seed must never delete the file another start is seeding at that moment.
 */
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedSeedFile } from '@/sandbox/db/open';

const params = { seed: 900_000 + Math.floor(Math.random() * 99_999), companies: 3, contacts: 3, hostile: false };
const prefix = `seed-${params.seed}-c3-p3-`;
let dir = '';

afterEach(() => {
  for (const name of dir ? readdirSync(dir) : []) if (name.startsWith(prefix)) rmSync(join(dir, name), { force: true });
});

describe('cachedSeedFile', () => {
  it('removes an older seed of the same parameters but spares a seed another process is still writing', () => {
    // Learn where the cache is and what this code's seed is named, then plant what other starts would leave.
    const file = cachedSeedFile(params);
    dir = dirname(file);
    rmSync(file);
    const older = join(dir, `${prefix}0123456789.db`);
    const beingWritten = `${file}.4242.abcd1234.tmp`;
    writeFileSync(older, 'an older generator’s seed');
    writeFileSync(beingWritten, 'half a seed');

    expect(cachedSeedFile(params)).toBe(file);

    expect(existsSync(file)).toBe(true);
    expect(existsSync(older)).toBe(false);
    expect(existsSync(beingWritten)).toBe(true);
    expect(basename(beingWritten).startsWith(basename(file))).toBe(true);
  });
});
