// `npm run licences`: what ships must allow a company to use it (no NC/ND, no unknown licence), and every data file
// that ships must be listed with its source.
import { describe, expect, it } from 'vitest';
import { dataFiles, licenceProblem, runtimeDependencies } from '@/scripts/licences';

describe('licenceProblem', () => {
  it.each([['MIT'], ['Apache-2.0'], ['(MIT OR CC0-1.0)'], ['(BSD-3-Clause OR GPL-2.0)'], ['(MIT AND Zlib)'], ['MPL-2.0']])('%s may ship', (licence) => {
    expect(licenceProblem(licence)).toBeNull();
  });

  it.each([
    ['CC-BY-NC-SA-4.0', 'non-commercial'],
    ['CC-BY-NC-4.0', 'non-commercial'],
    ['CC-BY-ND-4.0', 'no-derivatives'],
    ['', 'no licence'],
    ['UNLICENSED', 'no licence'],
    ['SEE LICENSE IN LICENSE.txt', 'no licence'],
    ['GPL-3.0', 'not known'],
    ['BSD', 'not known'],
    ['(MIT AND CC-BY-NC-4.0)', 'non-commercial'],
  ])('%s may not ship (%s)', (licence, why) => {
    expect(licenceProblem(licence)).toContain(why);
  });
});

describe('what ships', () => {
  it('is the runtime tree only, every licence allowing commercial use', () => {
    const deps = runtimeDependencies();
    const names = deps.map((d) => d.name.replace(/@[^@]+$/, ''));
    expect(names).toEqual(expect.arrayContaining(['react', 'react-dom', 'tldts', 'zod', 'libphonenumber-js']));
    // Build and test tools never reach the package; the non-commercial tracker database is gone.
    expect(names).not.toContain('wxt');
    expect(names).not.toContain('vitest');
    expect(names).not.toContain('@ghostery/trackerdb');
    expect(deps.filter((d) => d.problem !== null)).toEqual([]);
  });

  it('lists every data file with its source', () => {
    const files = dataFiles();
    expect(files.map((f) => f.name).join('\n')).toContain('lib/detect/data/exclusions.json');
    expect(files.map((f) => f.name).join('\n')).not.toContain('tool-domains.json');
    expect(files.filter((f) => f.problem !== null)).toEqual([]);
  });
});
