/**
 * Content scripts must not be able to write storage the extension reads. The background closes
 * local, sync and session to trusted contexts where the browser has the switch, and reports what stays open.
 * (tests/e2e/security.spec.ts proves the refusal from a real content script in Chromium.)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type AccessControlledArea, closeStorageToContentScripts } from '@/lib/settings/storage-access';

function area(log: string[], name: string, behaviour: 'ok' | 'throws' | 'missing'): AccessControlledArea {
  if (behaviour === 'missing') return {};
  return {
    setAccessLevel: (options) => {
      log.push(`${name}:${options.accessLevel}`);
      return behaviour === 'ok' ? Promise.resolve() : Promise.reject(new Error('not supported'));
    },
  };
}

describe('closeStorageToContentScripts', () => {
  it.each<[string, Record<string, 'ok' | 'throws' | 'missing'>, string[]]>([
    ['Chrome: every area closes', { local: 'ok', sync: 'ok', session: 'ok' }, []],
    ['Firefox: no switch anywhere, all reported open', { local: 'missing', sync: 'missing', session: 'missing' }, ['local', 'sync', 'session']],
    ['an older Chrome refusing sync', { local: 'ok', sync: 'throws', session: 'ok' }, ['sync']],
  ])('%s', async (_why, behaviours, open) => {
    const log: string[] = [];
    const areas = Object.fromEntries(Object.entries(behaviours).map(([name, b]) => [name, area(log, name, b)]));
    expect(await closeStorageToContentScripts(areas)).toEqual(open);
    const expectedCalls = Object.entries(behaviours).filter(([, b]) => b !== 'missing').map(([name]) => `${name}:TRUSTED_CONTEXTS`);
    expect(log.sort()).toEqual(expectedCalls.sort());
  });
});

/** Every source file of the extension (not tests, not the sandbox). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe('nothing of ours lives in storage.sync (a content script could write it on browsers without the switch)', () => {
  it('no source file reads or writes storage.sync or a "sync:" storage item', () => {
    const offenders = ['lib', 'components', 'entrypoints']
      .flatMap(sources)
      .filter((file) => !file.endsWith('storage-access.ts'))
      .filter((file) => /storage\.sync|['"`]sync:/.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
