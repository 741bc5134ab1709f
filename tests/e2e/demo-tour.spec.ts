import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
// The extension's test type (this file uses none of its fixtures): one worker kind for the whole suite, so this file
// joins the workers already running instead of starting its own at the end (docs/testing.md).
import { expect, test } from './fixtures';
import Papa from 'papaparse';
import { storeBuild } from './support/store-build';
import { budget, timeScale } from '../time-budget';

// `npm start -- --no-server --headless`, run as a user runs it: the real script (scripts/start.ts), on the store
// build the demo specs share (support/store-build.ts; `--extension` skips its own build), with no sandbox process and
// Chromium's network shut. Every step of the tour must pass, print its line and leave its picture; the CSV it
// exports must read back.

const STEPS = [
  'onboarding',
  'scan-team-page',
  'bulk-team-people',
  'enrich-contact',
  'company',
  'lookalike-companies',
  'lookalike-contacts',
  'popup-verify',
  'bulk-directory',
  'export-csv',
  'speakers-named',
  'law-office',
  'profile-page',
];

test('npm start -- --no-server: the whole demo tour on a store build, no sandbox, no network', async () => {
  // Budget: the shared store build (up to a few minutes on two cores, once per run), then the tour (~15-60 s).
  test.setTimeout(600_000);
  const build = await storeBuild();
  const out = test.info().outputPath('demo-output');

  const run = await test.step('the script runs the tour to the end and exits 0', async () => {
    const result = await new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
      execFile(
        'npx',
        // The tour's own waits are written for a quiet machine; it waits as much longer as this test may take.
        ['tsx', 'scripts/start.ts', '--no-server', '--headless', `--extension=${build}`, `--out=${out}`, `--patience=${timeScale()}`],
        { env: { ...process.env, DISPLAY: '' }, maxBuffer: 10 * 1024 * 1024, timeout: budget(300_000) },
        (error, stdout, stderr) => done({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
      );
    });
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
    return result;
  });

  await test.step('no sandbox was started, every step passed with its picture', async () => {
    expect(run.stdout).toContain('No server: demo mode inside the extension');
    expect(run.stdout).not.toMatch(/^Sandbox: /m);
    expect(run.stdout).toContain(`Done: ${STEPS.length} of ${STEPS.length} steps passed`);
    STEPS.forEach((name, i) => {
      const label = `${String(i + 1).padStart(2, '0')}-${name}`;
      expect(run.stdout, label).toMatch(new RegExp(`✓ +${label} `));
      expect(existsSync(join(out, `${label}.png`)), `${label}.png`).toBe(true);
    });
    // The onboarding step switched demo mode on; the paid steps' lines compare the UI with the demo ledger.
    expect(run.stdout).toMatch(/01-onboarding .*"Try it with demo data": demo mode on/);
    expect(run.stdout).toMatch(/03-bulk-team-people .*ledger: (\d+) credits = \1 people/);
    expect(run.stdout).toMatch(/11-speakers-named .*ledger: 1 credit = the price shown/);
  });

  await test.step('the CSV the tour exported reads back: 300 enriched rows', async () => {
    const csv = Papa.parse<Record<string, string>>(readFileSync(join(out, 'directory-enriched.csv'), 'utf8'), { header: true, skipEmptyLines: true });
    expect(csv.errors).toEqual([]);
    expect(csv.data).toHaveLength(300);
    expect(csv.data.filter((r) => r.Status === 'Enriched')).toHaveLength(300);
  });
});
