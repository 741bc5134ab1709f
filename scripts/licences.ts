// `npm run licences`: the licence of everything the extension ships, and a non-zero exit when one of them does not
// allow a company to use it. Shipped code is the runtime dependency tree (package.json `dependencies`, followed
// through package-lock.json the way Node resolves them; dev tools never reach the package); its licences come from
// each installed package's package.json. Shipped data is every data file in the build's source folders, each listed
// below with its source; a data file missing from the list fails too, so a new table cannot ship unreviewed.
// Fails on a non-commercial (NC) or no-derivatives (ND) licence, on a missing one, and on any licence not known to
// allow commercial use in an MIT extension. docs/store.md gives the same list for the store review.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Licences that allow use, change and redistribution in a commercial, closed or MIT product. */
const COMMERCIAL_OK: ReadonlySet<string> = new Set([
  'MIT',
  'MIT-0',
  'ISC',
  '0BSD',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'Apache-2.0',
  'MPL-2.0',
  'CC0-1.0',
  'CC-BY-3.0',
  'CC-BY-4.0',
  'Unlicense',
  'BlueOak-1.0.0',
  'Zlib',
  'Python-2.0',
]);

export interface DataFile {
  /** Path from the repository root, or a folder (every file under it). */
  path: string;
  source: string;
  licence: string;
}

/** Every data file that ships, with where it comes from. Written by this project unless the source says otherwise. */
export const DATA_FILES: readonly DataFile[] = [
  { path: 'lib/contexts.json', source: 'written by this project: where each lib/ folder runs (read by the lint rule and a test; not bundled)', licence: 'MIT' },
  { path: 'lib/detect/data/exclusions.json', source: 'written by this project: hosts that are never company domains, a reason per category', licence: 'MIT' },
  { path: 'lib/detect/data/file-extensions.json', source: 'written by this project: file extensions that are not email domains', licence: 'MIT' },
  { path: 'lib/detect/data/search-engines.json', source: 'written by this project: search engine names', licence: 'MIT' },
  { path: 'lib/identity/data/hosted-sites.json', source: 'written by this project: hosting platforms missing from the Public Suffix List', licence: 'MIT' },
  { path: 'lib/identity/data/networks.json', source: 'written by this project: profile URL shapes of professional networks', licence: 'MIT' },
  { path: 'locales', source: 'written by this project: the English and German interface text', licence: 'MIT' },
  { path: 'assets/icon.svg', source: 'drawn by this project (scripts/make-icons.ts renders public/icon)', licence: 'MIT' },
  { path: 'public/icon', source: 'rendered from assets/icon.svg by scripts/make-icons.ts', licence: 'MIT' },
];

/** Data that ships inside a runtime dependency, under a licence of its own. */
export const BUNDLED_DATA: readonly DataFile[] = [
  { path: 'tldts', source: 'the Public Suffix List (publicsuffix.org), compiled into tldts', licence: 'MPL-2.0' },
  { path: 'libphonenumber-js', source: "Google's libphonenumber metadata, compiled into libphonenumber-js", licence: 'Apache-2.0' },
];

/** Folders the build takes data from (code and style sheets are the project's own, MIT). */
const DATA_ROOTS = ['lib', 'components', 'entrypoints', 'locales', 'assets', 'public'];
const CODE = /\.(ts|tsx|css|html|md)$/;

export interface Finding {
  name: string;
  licence: string;
  /** Why it may not ship; null when it may. */
  problem: string | null;
}

/** Whether an SPDX expression allows commercial use: `A OR B` needs one side, `A AND B` both. */
export function licenceProblem(expression: string | undefined): string | null {
  const text = (expression ?? '').trim();
  if (text === '' || /^(UNLICENSED|UNKNOWN|SEE LICEN[CS]E IN)/i.test(text)) return 'no licence stated';
  if (/\bNC\b|-NC-|NonCommercial/i.test(text)) return 'non-commercial licence';
  if (/\bND\b|-ND-|NoDerivatives/i.test(text)) return 'no-derivatives licence';
  const inner = text.replace(/^\((.*)\)$/, '$1');
  const alternatives = inner.split(/\s+OR\s+/);
  const ok = alternatives.some((alt) =>
    alt
      .replace(/[()]/g, '')
      .split(/\s+AND\s+/)
      .every((id) => COMMERCIAL_OK.has(id.trim().replace(/\+$/, ''))),
  );
  return ok ? null : `licence not known to allow commercial use (allowed: ${[...COMMERCIAL_OK].join(', ')})`;
}

interface LockPackage {
  version?: string;
  license?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/** The lock entry Node would load for `name` required from the package at `from` (a `node_modules/…` path or ''). */
function resolve(packages: Record<string, LockPackage>, from: string, name: string): string | null {
  let dir = from;
  for (;;) {
    const candidate = dir === '' ? `node_modules/${name}` : `${dir}/node_modules/${name}`;
    if (packages[candidate] !== undefined) return candidate;
    if (dir === '') return null;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut === -1 ? '' : dir.slice(0, cut);
  }
}

function installedLicence(path: string, lock: LockPackage): string | undefined {
  const file = join(ROOT, path, 'package.json');
  if (existsSync(file)) {
    // Old packages write `license: {type}` or `licenses: [{type}]` (or one object there).
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { license?: string | { type?: string }; licenses?: unknown };
    if (typeof pkg.license === 'string') return pkg.license;
    if (pkg.license?.type !== undefined) return pkg.license.type;
    const old = [pkg.licenses].flat().map((l) => (l as { type?: unknown } | undefined)?.type).filter((t) => typeof t === 'string');
    if (old.length > 0) return old.join(' OR ');
  }
  return lock.license;
}

/** The runtime dependency tree: the root's `dependencies`, then theirs (optional ones where installed). */
export function runtimeDependencies(): Finding[] {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockPackage> };
  const packages = lock.packages;
  const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const seen = new Set<string>();
  const queue: [string, string, boolean][] = Object.keys(root.dependencies ?? {}).map((n) => ['', n, true]);
  const findings: Finding[] = [];
  while (queue.length > 0) {
    const [from, name, required] = queue.shift() as [string, string, boolean];
    const path = resolve(packages, from, name);
    if (path === null) {
      if (required) findings.push({ name, licence: '?', problem: `not in package-lock.json (required by ${from || 'package.json'})` });
      continue;
    }
    if (seen.has(path)) continue;
    seen.add(path);
    const entry = packages[path] as LockPackage;
    const licence = installedLicence(path, entry);
    findings.push({ name: `${name}@${entry.version ?? '?'}`, licence: licence ?? '(none)', problem: licenceProblem(licence) });
    for (const dep of Object.keys(entry.dependencies ?? {})) queue.push([path, dep, true]);
    // Peer dependencies are not followed: they name what the host project provides (`@wxt-dev/webextension-polyfill`
    // names wxt, the build tool), and the ones that ship are in the root's own `dependencies`.
    for (const dep of Object.keys(entry.optionalDependencies ?? {})) queue.push([path, dep, false]);
  }
  return findings.sort((a, b) => a.name.localeCompare(b.name));
}

function filesUnder(dir: string): string[] {
  const full = join(ROOT, dir);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [dir];
  return readdirSync(full).flatMap((entry) => filesUnder(join(dir, entry)));
}

/** Every data file under the build's source folders, each with its listed source, or a problem when unlisted. */
export function dataFiles(): Finding[] {
  const listed = (file: string): DataFile | undefined => DATA_FILES.find((d) => file === d.path || file.startsWith(`${d.path}/`));
  const files = DATA_ROOTS.flatMap(filesUnder)
    .map((f) => relative(ROOT, join(ROOT, f)))
    .filter((f) => !CODE.test(f))
    .sort();
  return files.map((file) => {
    const entry = listed(file);
    if (entry === undefined) return { name: file, licence: '?', problem: 'data file with no listed source: add it to DATA_FILES in scripts/licences.ts and to docs/store.md' };
    return { name: `${file} (${entry.source})`, licence: entry.licence, problem: licenceProblem(entry.licence) };
  });
}

function main(): number {
  const deps = runtimeDependencies();
  const data = dataFiles();
  const print = (title: string, list: Finding[]): void => {
    console.log(`${title} (${list.length}):`);
    for (const f of list) console.log(`  ${f.problem === null ? 'ok  ' : 'FAIL'} ${f.licence.padEnd(22)} ${f.name}${f.problem === null ? '' : `  ← ${f.problem}`}`);
  };
  print('Runtime dependencies (what the built extension contains)', deps);
  print('Data files', data);
  const bundled = BUNDLED_DATA.map((d) => ({ name: `${d.source} (in ${d.path})`, licence: d.licence, problem: licenceProblem(d.licence) }));
  print('Data inside dependencies', bundled);
  const problems = [...deps, ...data, ...bundled].filter((f) => f.problem !== null);
  console.log(problems.length === 0 ? '\nEvery shipped licence allows commercial use.' : `\n${problems.length} shipped item(s) may not ship: see FAIL above.`);
  return problems.length === 0 ? 0 : 1;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = main();
