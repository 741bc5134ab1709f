/**
 * The static import graph of a bundle's entry, as the bundler sees it: every `import … from`, `export … from`,
 * `import type` excluded (erased at build), and `import('…')` with a literal, resolved with tsconfig.json's options
 * (the `@/` alias included) by the TypeScript compiler. Files under node_modules are kept as leaves (their package
 * name is what the rules name), never walked.
 */
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { ROOT } from './repo-files';

export interface GraphNode {
  /** Root-relative path of a repository file, or the bare specifier of a package (`tldts`, `wxt/browser`). */
  id: string;
  /** Who imported it first, for the chain in a failure message. */
  from: string | null;
}

function compilerOptions(): ts.CompilerOptions {
  const { config } = ts.readConfigFile(join(ROOT, 'tsconfig.json'), (path) => readFileSync(path, 'utf8'));
  return ts.parseJsonConfigFileContent(config, ts.sys, ROOT).options;
}

/** The specifiers a file imports at run time (type-only imports and exports are erased by the build). */
export function runtimeImports(source: string, fileName: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly =
        node.isTypeOnly ||
        (node.exportClause !== undefined && ts.isNamedExports(node.exportClause) && node.exportClause.elements.length > 0 && node.exportClause.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) found.push(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Every file and package reachable from `entry` (root-relative), each with the file that first imported it. */
export function importGraph(entry: string): Map<string, GraphNode> {
  const options = compilerOptions();
  const graph = new Map<string, GraphNode>([[entry, { id: entry, from: null }]]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    const abs = join(ROOT, file);
    for (const specifier of runtimeImports(readFileSync(abs, 'utf8'), abs)) {
      const resolved = ts.resolveModuleName(specifier, abs, options, ts.sys).resolvedModule;
      const inRepo = resolved !== undefined && !resolved.isExternalLibraryImport && !resolved.resolvedFileName.includes(`${sep}node_modules${sep}`);
      const id = inRepo ? relative(ROOT, resolved.resolvedFileName).split(sep).join('/') : specifier;
      if (graph.has(id)) continue;
      graph.set(id, { id, from: file });
      if (inRepo && /\.(ts|tsx)$/.test(id)) queue.push(id);
    }
  }
  return graph;
}

/** `a.ts ← b.ts ← entry.ts`: how a node was reached. */
export function chainOf(graph: Map<string, GraphNode>, id: string): string {
  const chain: string[] = [];
  for (let node = graph.get(id); node; node = node.from === null ? undefined : graph.get(node.from)) chain.push(node.id);
  return chain.join(' ← ');
}
