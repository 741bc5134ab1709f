import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PageEntitiesSchema } from '@/lib/detect';
import { scanHtml, scanHtmlFile } from '@/scripts/scan';

const run = promisify(execFile);
const PAGES = new URL('../../fixtures/pages/', import.meta.url);

interface Fixture {
  name: string;
  page: string;
  url?: string;
  expected: string;
}

const { fixtures } = JSON.parse(readFileSync(new URL('fixtures.json', PAGES), 'utf8')) as { fixtures: Fixture[] };
const pathOf = (file: string): string => new URL(file, PAGES).pathname;
const expectedOf = (f: Fixture): unknown => JSON.parse(readFileSync(new URL(f.expected, PAGES), 'utf8'));

describe('fixture pages through the CLI engine', () => {
  it('has the five kinds of page and the people pages', () => {
    expect(new Set(fixtures.map((f) => f.page))).toEqual(
      new Set([
        'team.html',
        'directory.html',
        'people-search.html',
        'profile.html',
        'blog.html',
        'law-firm.html',
        'speakers.html',
        'university-staff.html',
        'startup-team.html',
        'committee.html',
      ]),
    );
  });

  it('groups the directory into its 300 members, each with a name', () => {
    const { people } = scanHtmlFile(pathOf('directory.html'));
    expect(people).toHaveLength(300);
    expect(people.filter((p) => p.name === null)).toEqual([]);
  });

  it.each(fixtures.map((f) => [f.name, f] as const))('%s', (_name, fixture) => {
    expect(scanHtmlFile(pathOf(fixture.page), fixture.url)).toEqual(expectedOf(fixture));
  });

  it('served locally, a page gives the same result as its local file (what the e2e test relies on)', () => {
    for (const fixture of fixtures.filter((f) => f.url === undefined)) {
      const html = readFileSync(pathOf(fixture.page), 'utf8');
      const served = scanHtml(html, `http://127.0.0.1:43123/${fixture.page}`);
      expect(PageEntitiesSchema.parse(served)).toMatchObject(expectedOf(fixture) as object);
    }
  });

  it('the directory has 300 rows', () => {
    const html = readFileSync(pathOf('directory.html'), 'utf8');
    expect(html.match(/<tr><td>/g)).toHaveLength(300);
    expect(scanHtmlFile(pathOf('directory.html')).emails).toHaveLength(300);
  });
});

describe('npm run scan (the real command)', () => {
  // What `npm run scan` runs (its script is `tsx scripts/scan.ts`), without npx's own start-up (~0.5 s a call).
  const cli = (...args: string[]) => run('node_modules/.bin/tsx', ['scripts/scan.ts', ...args], { cwd: process.cwd() });

  it('prints exactly one JSON object: the five lists, then people and companies', async () => {
    const fixture = fixtures.find((f) => f.page === 'people-search.html' && f.url !== undefined) as Fixture;
    const { stdout } = await cli(pathOf(fixture.page), '--url', fixture.url as string);
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const printed = JSON.parse(lines[0] as string) as Record<string, unknown>;
    expect(Object.keys(printed)).toEqual(['emails', 'phones', 'profiles', 'companyProfiles', 'domains', 'people', 'companies']);
    expect(printed).toEqual(expectedOf(fixture));
  });

  it.each<[string, string[], RegExp]>([
    ['no file', [], /Which page\?[^]*Usage: npm run scan/],
    ['a missing file', ['tests/fixtures/pages/nope.html'], /Cannot read .*nope\.html: no such file/],
    ['a relative --url', ['tests/fixtures/pages/team.html', '--url', '/team'], /--url must be an absolute address[^]*Usage/],
    ['a non-http --url', ['tests/fixtures/pages/team.html', '--url', 'ftp://acme.com/'], /--url must be an http\(s\) address/],
    ['an unknown option', ['tests/fixtures/pages/team.html', '--json'], /Unknown option --json[^]*Usage/],
  ])('explains %s on stderr with a non-zero exit', async (_why, args, message) => {
    const error = (await cli(...args).catch((e: unknown) => e)) as { code?: number; stderr?: string };
    expect(error.code).toBeGreaterThan(0);
    expect(error.stderr).toMatch(message);
  });
});
