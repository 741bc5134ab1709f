/**
 * Finds user-visible text in components/ (and the lib/ modules that word the UI) that does not go through i18n ("a test
 * fails when a string in `components/` bypasses it"). It reads the source with the TypeScript compiler, so it sees JSX
 * text, attributes and string literals as the compiler does, not as a regex guesses.
 *
 * Flagged:
 * - JSX text containing a letter (`<p>Hello</p>`).
 * - a string or template literal with a letter given to a user-facing attribute (`title`, `placeholder`,
 *   `aria-label`, `alt`, and props named like `label`, `title`, `message`, `hint`, `emptyText`…), directly or inside
 *   its expression (`title={busy ? 'Wait' : t('x')}`).
 * - in .tsx, any other string/template literal with a letter and a space (a sentence), unless it is a class name,
 *   style, URL, test id, key, a comparison operand, a type, an import, an argument of t()/tn(), or the line (or the
 *   line above) carries `// i18n-ignore: <why>`.
 * - in .ts, strings returned or assigned to a user-facing property (`label: 'Open it'`) — those files mostly hold
 *   logic, so only the shapes that return display text count — and sentences passed straight to a call
 *   (`fail('This file is damaged.')`, a zod refinement's message, `new ApiError(kind, 'Could not reach…')`), the way
 *   lib/ hands words on. `new Error(…)` (and its built-in kin) stays a developer invariant.
 */
import ts from 'typescript';

export interface Bypass {
  file: string;
  line: number;
  text: string;
  rule: 'jsx-text' | 'attribute' | 'sentence';
}

const LETTER = /\p{L}/u;
const SENTENCE = /\p{L}{2}.*\s|\s.*\p{L}{2}/u;
const USER_ATTRIBUTES = new Set(['title', 'placeholder', 'alt', 'label', 'aria-label', 'aria-description', 'aria-placeholder', 'aria-roledescription', 'aria-valuetext']);
/** Props that carry display text by name: `label`, `emptyText`, `confirmTitle`, `hint`… */
const USER_PROP = /(label|title|message|hint|text|description|placeholder|caption|tooltip|heading|summary|legend|prompt)$/i;
/** Attributes whose strings are code, never prose. */
const CODE_ATTRIBUTES = /^(className|class|style|href|src|srcSet|key|id|htmlFor|role|type|name|rel|target|method|action|autoComplete|inputMode|pattern|accept|lang|dir|data-.*|aria-(controls|describedby|labelledby|live|haspopup|current|owns|activedescendant|sort|orientation|autocomplete|relevant))$/;
/** Variables/properties whose strings are code. */
const CODE_NAME = /(class(name)?|style|css|url|href|src|testid|key|id|selector|query|pattern|mime|type|format|path|route|event|storage)$/i;
const URL_LIKE = /^(https?:|mailto:|tel:|data:|chrome:|moz-|\/|\.\/|#)/;
/** Class lists and CSS values: every word is hyphenated, bracketed or starts with a digit (`sp-stat sp-stat--busy`). */
const CSS_LIKE = (text: string) => text.split(/\s+/).every((token) => !/\p{L}{2}/u.test(token) || /[-_(){}:;]|^\d/.test(token));
const I18N_CALLS = new Set(['t', 'tn']);
const IGNORE = /\/\/\s*i18n-ignore:\s*\S|\/\*\s*i18n-ignore:\s*\S/;

function attributeName(node: ts.JsxAttribute): string {
  return node.name.getText();
}

function isUserAttribute(name: string): boolean {
  if (CODE_ATTRIBUTES.test(name)) return false;
  return USER_ATTRIBUTES.has(name) || USER_PROP.test(name);
}

function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join('…');
  return undefined;
}

/** True when the literal is code by where it sits: a comparison, a key, a type, an import, a t() argument… */
function isCodePosition(node: ts.Node): boolean {
  let child: ts.Node = node;
  for (let parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (ts.isCallExpression(parent) && child !== parent.expression) {
      const callee = parent.expression.getText();
      if (I18N_CALLS.has(callee)) return true;
      if (/^(console\.\w+|cx|clsx|classNames|classes|[\w.]*(querySelector(All)?|closest|matches|getElementById|addEventListener|removeEventListener|postMessage|sendMessage|getItem|setItem|defineItem|get|set|has|startsWith|endsWith|includes|split|join|replace|replaceAll|test|createElement|setAttribute|getAttribute|toLocale\w*String|Intl\.\w+|NumberFormat|DateTimeFormat))$/.test(callee)) return true;
      return false;
    }
    // Developer invariants (`throw new Error('useX outside XProvider')`) never reach a user; errors users see come from
    // lib/errors, worded there through errors.json.
    // ApiError and HandledError carry words that reach the UI (lib/api/errors.ts, the background's refusals).
    if (ts.isNewExpression(parent)) {
      const callee = parent.expression.getText();
      return !/^(ApiError|HandledError)$/.test(callee) && /Intl\.|URL|RegExp|Map|Set|Error$/.test(callee);
    }
    if (ts.isBinaryExpression(parent)) {
      const op = parent.operatorToken.kind;
      if (op === ts.SyntaxKind.EqualsEqualsEqualsToken || op === ts.SyntaxKind.ExclamationEqualsEqualsToken || op === ts.SyntaxKind.EqualsEqualsToken || op === ts.SyntaxKind.ExclamationEqualsToken || op === ts.SyntaxKind.InKeyword) return true;
      continue;
    }
    if (ts.isCaseClause(parent) || ts.isElementAccessExpression(parent) || ts.isLiteralTypeNode(parent) || ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isTypeNode(parent)) return true;
    if (ts.isPropertyAssignment(parent) && child === parent.name) return true;
    if (ts.isPropertyAssignment(parent) || ts.isVariableDeclaration(parent) || ts.isPropertyDeclaration(parent) || ts.isParameter(parent)) {
      const name = parent.name.getText().replace(/['"]/g, '');
      if (CODE_NAME.test(name) || CODE_ATTRIBUTES.test(name)) return true;
      if (USER_PROP.test(name)) return false;
      continue;
    }
    if (ts.isJsxAttribute(parent)) return !isUserAttribute(attributeName(parent));
    if (ts.isJsxExpression(parent) && ts.isJsxElement(parent.parent)) return false;
    if (ts.isBlock(parent) || ts.isSourceFile(parent)) return false;
  }
  return false;
}

/** The user-facing attribute (or prop in a .ts object) a literal is given to, if any. */
function userAttributeOf(node: ts.Node): string | undefined {
  let child: ts.Node = node;
  for (let parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (ts.isJsxAttribute(parent)) return isUserAttribute(attributeName(parent)) ? attributeName(parent) : undefined;
    if (ts.isPropertyAssignment(parent) && child === parent.initializer) {
      const name = parent.name.getText().replace(/['"]/g, '');
      return isUserAttribute(name) ? name : undefined;
    }
    if (ts.isCallExpression(parent) || ts.isBlock(parent) || ts.isJsxElement(parent) || ts.isJsxSelfClosingElement(parent)) return undefined;
  }
  return undefined;
}

/** A literal shown as a JSX child (`{busy ? 'Wait' : 'Go'}`), reached without passing through a call. */
function isJsxChild(node: ts.Node): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (ts.isJsxExpression(parent)) return ts.isJsxElement(parent.parent) || ts.isJsxFragment(parent.parent);
    if (!ts.isConditionalExpression(parent) && !ts.isParenthesizedExpression(parent) && !ts.isBinaryExpression(parent) && !ts.isTemplateSpan(parent) && !ts.isTemplateExpression(parent)) return false;
  }
  return false;
}

function isReturned(node: ts.Node): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (ts.isReturnStatement(parent)) return true;
    if (ts.isArrowFunction(parent) && parent.body !== undefined && !ts.isBlock(parent.body)) return true;
    if (!ts.isConditionalExpression(parent) && !ts.isParenthesizedExpression(parent) && !ts.isBinaryExpression(parent) && !ts.isTemplateSpan(parent) && !ts.isTemplateExpression(parent)) return false;
  }
  return false;
}

/** A literal given straight to a call or `new` as an argument (through `?:`, parentheses, `+` or a template). */
function isCallArgument(node: ts.Node): boolean {
  let child: ts.Node = node;
  for (let parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) return child !== parent.expression;
    if (!ts.isConditionalExpression(parent) && !ts.isParenthesizedExpression(parent) && !ts.isBinaryExpression(parent) && !ts.isTemplateSpan(parent) && !ts.isTemplateExpression(parent)) return false;
  }
  return false;
}

/** Every bypass in one source file. `file` only names it in the findings and decides .ts or .tsx rules. */
export function findBypasses(source: string, file: string): Bypass[] {
  const tsx = file.endsWith('.tsx');
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, tsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const lines = source.split('\n');
  const out: Bypass[] = [];
  const ignored = (line: number) => IGNORE.test(lines[line] ?? '') || /^\s*(\/\/|\{?\s*\/\*).*i18n-ignore:\s*\S/.test(lines[line - 1] ?? '');
  const add = (node: ts.Node, text: string, rule: Bypass['rule']) => {
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
    if (ignored(line)) return;
    out.push({ file, line: line + 1, text: text.trim().replace(/\s+/g, ' '), rule });
  };

  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) {
      if (LETTER.test(node.text)) add(node, node.text, 'jsx-text');
      return;
    }
    const text = literalText(node);
    if (text !== undefined && LETTER.test(text)) {
      if (!isCodePosition(node) && !URL_LIKE.test(text) && !CSS_LIKE(text)) {
        const attribute = userAttributeOf(node);
        if (attribute) add(node, text, 'attribute');
        else if (isJsxChild(node)) add(node, text, 'jsx-text');
        else if (SENTENCE.test(text) && (tsx || isReturned(node) || isCallArgument(node))) add(node, text, 'sentence');
      }
      if (!ts.isTemplateExpression(node)) return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}
