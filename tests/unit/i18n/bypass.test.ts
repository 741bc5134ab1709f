/**
 * A string in `components/` that bypasses i18n fails this test. The scanner (bypass-scan.ts) is proven on
 * small snippets first, then run over every component; a failure lists each string as file:line so it can be fixed.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findBypasses } from './bypass-scan';

const ROOT = process.cwd();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
  });
}

const scan = (code: string, file = 'x.tsx') => findBypasses(code, file).map((b) => b.text);

describe('the bypass scanner', () => {
  it.each<[string, string, string[]]>([
    ['JSX text', `const A = () => <p>Hello there</p>;`, ['Hello there']],
    ['a one-word label as JSX text', `const A = () => <button>Save</button>;`, ['Save']],
    ['text beside an expression', `const A = () => <p>{n} results</p>;`, ['results']],
    ['a literal child', `const A = () => <p>{busy ? 'Working' : t('x')}</p>;`, ['Working']],
    ['a title attribute', `const A = () => <b title="Copy the address" />;`, ['Copy the address']],
    ['a one-word aria-label', `const A = () => <i aria-label="Close" />;`, ['Close']],
    ['a placeholder in braces', `const A = () => <input placeholder={'you@example'} />;`, ['you@example']],
    ['a conditional title', `const A = () => <b title={ok ? t('a') : 'Not yet'} />;`, ['Not yet']],
    ['a template title', 'const A = () => <b title={`${n} credits`} />;', ['… credits']],
    ['a label prop', `const A = () => <Field label="API key" />;`, ['API key']],
    ['an emptyText prop', `const A = () => <Table emptyText="Nothing yet" />;`, ['Nothing yet']],
    ['a sentence in a variable', `const msg = 'Something went wrong';`, ['Something went wrong']],
    ['a sentence passed to a setter', `setError('Could not save the key');`, ['Could not save the key']],
    ['a template sentence', 'const s = `Saved ${n} rows`;', ['Saved … rows']],
    ['a .ts function returning words', `export function f(n: number) { return n ? 'in time' : 'too late'; }`, ['in time', 'too late']],
    ['a .ts label property', `export const x = { label: 'Open it' };`, ['Open it']],
    ['a .ts sentence passed to a call', `return fail('This file is damaged.');`, ['This file is damaged.']],
    ['a .ts zod message', `z.string().regex(/^a$/, 'Only letters here.');`, ['Only letters here.']],
    ['a .ts API error', 'new ApiError(\'network\', `Could not reach ${route}.`);', ['Could not reach ….']],
  ])('flags %s', (_name, code, expected) => {
    expect(scan(code, _name.includes('.ts ') ? 'x.ts' : 'x.tsx')).toEqual(expected);
  });

  it.each<[string, string]>([
    ['t() keys', `const A = () => <p title={t('ui_copy')}>{t('ui_hello', name)}</p>;`],
    ['class names', `const A = () => <p className="card card-wide">{x}</p>;`],
    ['class names built in a template', 'const A = () => <p className={`chip chip-${tone}`} />;'],
    ['class helper calls', `const c = cx('btn primary', on && 'btn-on');`],
    ['a className variable', `const className = 'row row-selected';`],
    ['style', `const A = () => <p style={{ fontFamily: 'Inter var, sans-serif' }} />;`],
    ['URLs', `const A = () => <a href="https://example.com/a b">{x}</a>;`],
    ['test ids', `const A = () => <p data-testid="cost badge" />;`],
    ['keys', `const A = () => <p key="row one" />;`],
    ['comparisons', `if (state === 'not found') go();`],
    ['switch cases', `switch (s) { case 'rate limited': break; }`],
    ['literal types', `type S = 'in progress' | 'done';`],
    ['imports', `import x from 'some module';`],
    ['console', `console.warn('could not read');`],
    ['selectors', `el.querySelector('input[type=email] + span');`],
    ['an ignored line', `const s = 'Brand Name Inc'; // i18n-ignore: brand name`],
    ['an ignored line above', `// i18n-ignore: fixture for the demo\nconst s = 'Demo Person';`],
    ['words without a space outside JSX', `const mode = 'compact';`],
    ['symbols only', `const A = () => <p>{'·'} — {n} / {m}</p>;`],
    ['a .ts sentence not returned', `const s = 'not shown anywhere'; log(s);`],
    ['a role attribute', `const A = () => <div role="alert dialog" />;`],
    ['SVG paths', `const p = ['M11 19a8 8 0 1 0 0-16', 'm21 21-4.3-4.3'];`],
    ['a class list in a variable', 'const classes = `ui-image ui-image--${shape}`;'],
    ['a CSS value', `const w = c.width ?? 'minmax(0, 1fr)';`],
    ['a developer invariant', `throw new Error('useAccount outside AccountProvider');`],
    ['a .ts developer invariant', `throw new Error('bad state: no job here');`],
    ['object keys', `const x = { 'content type': 1 };`],
  ])('does not flag %s', (name, code) => {
    expect(scan(code, name.startsWith('a .ts') ? 'x.ts' : 'x.tsx')).toEqual([]);
  });

  it('names file and line', () => {
    expect(findBypasses(`const a = 1;\nconst A = () => <p>Hi</p>;`, 'components/x.tsx')).toEqual([
      { file: 'components/x.tsx', line: 2, text: 'Hi', rule: 'jsx-text' },
    ]);
  });
});

/**
 * The lib/ modules whose words reach the screen: previews and labels (credits, engine plan labels), the
 * background's refusals (engine, ledger, API errors), form checks (permissions, settings, webhook, lookup schema),
 * describe* helpers (selection, people, contact book entries, history labels) and import row notes.
 *
 * Not scanned, because what they hold is not UI: lib/api/openapi.ts and lib/webhook/schema.ts (API/JSON-Schema
 * documentation), lib/detect and lib/identity (page parsing; their strings are patterns and data), lib/export and
 * lib/import/export.ts, write-export.ts, columns.ts (file formats: CSV/vCard/CRM headers a receiving tool reads),
 * lib/messaging (apart from client.ts, whose two failures reach the panel) and lib/keystore (protocol and storage;
 * their few messages are invariants for developers),
 * lib/i18n itself, and the stores, queue and cache plumbing (no words at all).
 */
const LIB_UI = [
  'lib/api/errors.ts',
  'lib/cache/keys.ts',
  'lib/contacts/entry.ts',
  'lib/credits',
  'lib/engine',
  'lib/errors',
  'lib/import/entries.ts',
  'lib/import/parse.ts',
  'lib/import/store.ts',
  'lib/messaging/client.ts',
  'lib/model/lookup.ts',
  'lib/people',
  'lib/permissions',
  'lib/selection',
  'lib/settings/schema.ts',
  'lib/settings-transfer',
  'lib/webhook/destination.ts',
  'lib/webhook/send.ts',
];

describe('lib/ modules that word the UI', () => {
  it('show no string that bypasses i18n', () => {
    const files = LIB_UI.flatMap((path) => (statSync(join(ROOT, path)).isDirectory() ? sourceFiles(join(ROOT, path)) : [join(ROOT, path)]));
    const found = files.flatMap((path) => findBypasses(readFileSync(path, 'utf8'), relative(ROOT, path)));
    const list = found.map((b) => `${b.file}:${b.line}  [${b.rule}]  ${JSON.stringify(b.text)}`);
    expect(list.join('\n'), `${found.length} strings bypass i18n`).toBe('');
  });
});

describe('components/', () => {
  it('shows no string that bypasses i18n', () => {
    const found = sourceFiles(join(ROOT, 'components')).flatMap((path) =>
      findBypasses(readFileSync(path, 'utf8'), relative(ROOT, path)),
    );
    const list = found.map((b) => `${b.file}:${b.line}  [${b.rule}]  ${JSON.stringify(b.text)}`);
    // The list, one per line, is the failure message: each entry is a string to move into locales/ and t().
    expect(list.join('\n'), `${found.length} strings bypass i18n`).toBe('');
  });
});
