import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * Run contexts (lib/contexts.json, docs/architecture.md "Run contexts"): the content script runs on every page the
 * user scans, so its files may import neither background, UI or build code, nor the packages it must not carry
 * (the public-suffix list above all). Type-only imports are erased by the build and stay allowed.
 */
const ROOT = import.meta.dirname;
const contexts = JSON.parse(readFileSync(join(ROOT, 'lib/contexts.json'), 'utf8'));
const contentFolders = contexts.content.folders.map((folder) => `lib/${folder}`);
const notInContentScript = contexts.content.notInContentScript;
const contentFiles = ['entrypoints/content', ...contentFolders].flatMap((dir) =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => posix.join(dir, name.split('\\').join('/')))
    .filter((file) => !notInContentScript.includes(file)),
);
/** Every way a content-script file can name a file that is not in the content script: `@/lib/…` or relative. */
const specifiersOf = (file) => {
  const bare = file.replace(/\.ts$/, '').replace(/\/index$/, '');
  const fromFiles = contentFiles.map((from) => {
    const rel = relative(dirname(from), bare).split('\\').join('/');
    return rel.startsWith('.') ? rel : `./${rel}`;
  });
  return [`@/${bare}`, `@/${bare}/index`, ...fromFiles];
};
/*
 * Layers (docs/architecture.md, "Layers"): domain types come from lib/model, where they are defined, never through
 * the messages' barrel (lib/messaging/protocol.ts re-exports them for lib/messaging's own files and the tests).
 */
const modelNames = [...readFileSync(join(ROOT, 'lib/messaging/protocol.ts'), 'utf8').matchAll(/export \{([^}]*)\} from '\.\.\/model\/\w+'/g)]
  .flatMap((m) => m[1].split(','))
  .map((name) => name.replace(/\btype\b/, '').trim())
  .filter(Boolean);
const modelThroughBarrel = {
  regex: '^(@/lib/|(\\.\\./)+)messaging/protocol$',
  importNames: modelNames,
  message: 'Domain types and schemas come from lib/model (errors.ts, lookup.ts, state.ts), not through the messages barrel.',
};
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const notContentFolders = [...contexts.background, ...contexts.ui, ...contexts.build];
const contentImportRules = {
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      paths: notInContentScript.flatMap((file) =>
        [...new Set(specifiersOf(file))].map((name) => ({
          name,
          allowTypeImports: true,
          message: `${file} runs in the background, not in the content script (lib/contexts.json).`,
        })),
      ),
      patterns: [
        modelThroughBarrel,
        {
          regex: `^(@/lib/|(\\.\\./)+)(${notContentFolders.map(escape).join('|')})(/|$)`,
          allowTypeImports: true,
          message: 'Background, UI and build code stays out of the content script (lib/contexts.json).',
        },
        {
          regex: '^@/(components|entrypoints/(?!content/))',
          allowTypeImports: true,
          message: 'The content script imports no extension-page or background code (lib/contexts.json).',
        },
        {
          regex: `^(${contexts.contentForbiddenPackages.map(escape).join('|')})(/|$)`,
          allowTypeImports: true,
          message: 'Not in the content script: the public-suffix list, phone metadata, zod, React and storage libraries are for the background and the pages (lib/contexts.json).',
        },
      ],
    },
  ],
};

export default tseslint.config(
  {
    ignores: ['node_modules', '.output', '.wxt', 'test-results', 'playwright-report', 'demo-output', 'bench-output', '.sandbox'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Page text and API data are hostile: never interpret them as HTML.
      'no-restricted-properties': [
        'error',
        { property: 'innerHTML', message: 'Use textContent or DOM building; data must never be parsed as HTML.' },
        { property: 'outerHTML', message: 'Use DOM building; data must never be parsed as HTML.' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Never render data as HTML.' },
      ],
    },
  },
  {
    files: ['components/**/*.{ts,tsx}', 'entrypoints/**/*.tsx', 'lib/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['components/**/*.{ts,tsx}', 'entrypoints/**/*.{ts,tsx}', 'lib/**/*.{ts,tsx}'],
    ignores: ['lib/messaging/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [modelThroughBarrel] }] },
  },
  // Each surface (side panel, popup, options/onboarding) imports no other surface; what two share lives in
  // components/shared/ (hooks, the QueryClient, the lookup box) or components/ui/, which import no surface.
  ...[
    ['components/popup', ['sidepanel', 'options']],
    ['components/options', ['sidepanel', 'popup']],
    ['components/sidepanel', ['popup', 'options']],
    ['components/shared', ['sidepanel', 'popup', 'options']],
    ['components/ui', ['sidepanel', 'popup', 'options', 'shared']],
  ].map(([dir, others]) => ({
    files: [`${dir}/**/*.{ts,tsx}`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            modelThroughBarrel,
            {
              regex: `^(@/components/|(\\.\\./)+)(${others.join('|')})(/|$)`,
              message: `${dir} imports no other surface: move what both need to components/shared/ (docs/architecture.md, "Layers").`,
            },
          ],
        },
      ],
    },
  })),
  {
    files: contentFiles,
    rules: contentImportRules,
  },
  // Layers (docs/architecture.md, "Layers"): the wire contract (lib/api) < domain types (lib/model) < error data
  // (lib/errors) < messages (lib/messaging) < pages. No file imports a layer above its own.
  ...[
    ['lib/api', ['model', 'messaging', 'errors']],
    ['lib/model', ['messaging', 'errors']],
    ['lib/errors', ['messaging']],
  ].map(([dir, above]) => ({
    files: [`${dir}/**/*.ts`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            modelThroughBarrel,
            {
              regex: `^(@/lib/|(\\.\\./)+)(${above.join('|')})(/|$)|^@/(components|entrypoints)/`,
              message: `${dir} is below lib/${above.join(', lib/')} and the pages: it imports none of them (docs/architecture.md, "Layers").`,
            },
          ],
        },
      ],
    },
  })),
  {
    // Playwright fixtures must destructure their dependencies, even when there are none.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
);
