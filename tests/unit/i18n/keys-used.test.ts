/**
 * Catalogues that do not rot: every key the code asks for exists in English, and every English key is
 * asked for somewhere. Keys are read with the TypeScript compiler from `t('key')` and `tn('base', n)` calls (a
 * `tn` base uses `base_one`, `base_other`…), `__MSG_key__` in the manifest config, and typed key tables written
 * as string literals beside `MessageKey` (`['key', 'options_api_key']`). A key built at run time from a template
 * (`t(\`errors_${kind}_title\`)`) counts its literal prefix as used.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { readCatalogues } from '@/lib/i18n/catalogue';

const ROOT = process.cwd();
const english = readCatalogues(join(ROOT, 'locales')).en!;
const KEY = /^[a-z][a-z0-9_]*$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

interface Use {
  where: string;
  key: string;
  kind: 'exact' | 'plural' | 'prefix' | 'table';
}

/** Every key a source file uses. */
function keysUsed(source: string, file: string): Use[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: Use[] = [];
  const where = (node: ts.Node) => `${file}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && (node.expression.text === 't' || node.expression.text === 'tn')) {
      const plural = node.expression.text === 'tn';
      // `t(cond ? 'a_key' : 'b_key')` uses both keys.
      const keyArgs = (arg: ts.Expression | undefined): ts.Expression[] => {
        if (!arg) return [];
        if (ts.isParenthesizedExpression(arg)) return keyArgs(arg.expression);
        if (ts.isConditionalExpression(arg)) return [...keyArgs(arg.whenTrue), ...keyArgs(arg.whenFalse)];
        return [arg];
      };
      for (const arg of keyArgs(node.arguments[0])) {
        if (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)) {
          out.push({ where: where(arg), key: arg.text, kind: plural ? 'plural' : 'exact' });
        } else if (ts.isTemplateExpression(arg) && arg.head.text) {
          out.push({ where: where(arg), key: arg.head.text, kind: 'prefix' });
        }
      }
    }
    // Key tables: a string literal whose contextual type is MessageKey (`satisfies … MessageKey …`) — approximated
    // by literals in a file that names MessageKey and look like keys of the catalogue.
    if (ts.isStringLiteral(node) && KEY.test(node.text) && node.text.includes('_') && /MessageKey/.test(source)) {
      out.push({ where: where(node), key: node.text, kind: 'table' });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

const uses = ['components', 'entrypoints', 'lib'].flatMap((dir) =>
  sourceFiles(join(ROOT, dir)).flatMap((path) => keysUsed(readFileSync(path, 'utf8'), relative(ROOT, path))),
);
const manifestKeys = [...readFileSync(join(ROOT, 'wxt.config.ts'), 'utf8').matchAll(/__MSG_([a-z0-9_]+)__/g)].map((m) => m[1]!);

function isUsed(key: string): boolean {
  if (manifestKeys.includes(key)) return true;
  return uses.some((u) => {
    if (u.kind === 'exact' || u.kind === 'table') return u.key === key;
    if (u.kind === 'plural') return key.startsWith(`${u.key}_`) && /^(zero|one|two|few|many|other)$/.test(key.slice(u.key.length + 1));
    return key.startsWith(u.key);
  });
}

describe('keys in code and catalogue agree', () => {
  it('finds keys in t(), tn(), templates and key tables', () => {
    const found = keysUsed(
      "const T = [['a', 'x_table']] as const satisfies readonly (readonly [string, MessageKey])[];\nt('x_one_key'); tn('x_count', 2); t(`x_kind_${k}`); t(on ? 'x_on' : 'x_off');",
      'x.ts',
    ).map((u) => `${u.kind}:${u.key}`);
    expect(found).toEqual([
      'table:x_table',
      'exact:x_one_key',
      'table:x_one_key',
      'plural:x_count',
      'table:x_count',
      'prefix:x_kind_',
      'exact:x_on',
      'exact:x_off',
      'table:x_on',
      'table:x_off',
    ]);
  });

  it('every key the code uses is in the English catalogue', () => {
    const missing = uses
      .filter((u) => u.kind === 'exact' || u.kind === 'plural')
      .filter((u) => (u.kind === 'exact' ? !(u.key in english) : !(`${u.key}_other` in english)))
      .map((u) => `${u.where}  ${u.key}`);
    expect(missing.join('\n'), `${missing.length} keys used in code are missing from locales/en`).toBe('');
  });

  it('every key in the catalogue is used somewhere (unused keys rot)', () => {
    const unused = Object.keys(english).filter((key) => !isUsed(key));
    expect(unused.join('\n'), `${unused.length} keys in locales/ are used nowhere: delete them or use them`).toBe('');
  });
});
