/**
 * The message catalogue as written (`locales/<lang>/<area>.json`, flat `key: "text with $1"`) compiled into the
 * browser's format (`_locales/<lang>/messages.json`). One file per area keeps parallel work on different views out
 * of each other's way; the compiler refuses what would break at run time: a key in two areas, a key missing from a
 * language, a placeholder ($1…$9) that one language uses and another does not, or a key the browser rejects.
 *
 * Used by the build (wxt.config.ts) and by the tests, never by the extension at run time.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export type Catalogue = Record<string, string>;
export type BrowserMessages = Record<string, { message: string }>;

/** The language every other must match key for key. */
export const SOURCE_LANGUAGE = 'en';
const KEY = /^[a-z][a-z0-9_]*$/;
const PLACEHOLDER = /\$([1-9])/g;

export class CatalogueError extends Error {}

/** Every language under `dir`, each merged from its area files. */
export function readCatalogues(dir: string): Record<string, Catalogue> {
  const out: Record<string, Catalogue> = {};
  for (const lang of readdirSync(dir).sort()) {
    const langDir = join(dir, lang);
    if (!statSync(langDir).isDirectory()) continue;
    const merged: Catalogue = {};
    const origin: Record<string, string> = {};
    for (const file of readdirSync(langDir).filter((f) => f.endsWith('.json')).sort()) {
      const parsed = JSON.parse(readFileSync(join(langDir, file), 'utf8')) as unknown;
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        throw new CatalogueError(`${lang}/${file}: expected an object of "key": "text"`);
      }
      for (const [key, text] of Object.entries(parsed)) {
        if (!KEY.test(key)) throw new CatalogueError(`${lang}/${file}: key "${key}" must be lower_snake_case`);
        if (typeof text !== 'string') throw new CatalogueError(`${lang}/${file}: "${key}" must be a string`);
        if (origin[key]) throw new CatalogueError(`${lang}: "${key}" is in both ${origin[key]} and ${file}`);
        origin[key] = file;
        merged[key] = text;
      }
    }
    out[lang] = merged;
  }
  if (!out[SOURCE_LANGUAGE]) throw new CatalogueError(`no ${SOURCE_LANGUAGE} catalogue under ${dir}`);
  return out;
}

function placeholders(text: string): string {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]))].sort().join(',');
}

/** Problems that make a language incomplete or inconsistent with the source language; empty when it is whole. */
export function compareWithSource(source: Catalogue, other: Catalogue): string[] {
  const problems: string[] = [];
  for (const [key, text] of Object.entries(source)) {
    const translated = other[key];
    if (translated === undefined) problems.push(`missing "${key}"`);
    else if (placeholders(translated) !== placeholders(text)) problems.push(`"${key}" placeholders differ`);
  }
  for (const key of Object.keys(other)) if (!(key in source)) problems.push(`"${key}" is not in ${SOURCE_LANGUAGE}`);
  return problems;
}

/** The browser's messages.json for one language. `$1` is the browser's direct substitution. */
export function toBrowserMessages(catalogue: Catalogue): BrowserMessages {
  const out: BrowserMessages = {};
  for (const [key, message] of Object.entries(catalogue)) out[key] = { message };
  return out;
}

/** Every language compiled, after checking each against the source language. */
export function compileCatalogues(dir: string): Record<string, BrowserMessages> {
  const catalogues = readCatalogues(dir);
  const source = catalogues[SOURCE_LANGUAGE]!;
  const out: Record<string, BrowserMessages> = {};
  for (const [lang, catalogue] of Object.entries(catalogues)) {
    const problems = compareWithSource(source, catalogue);
    if (problems.length > 0) throw new CatalogueError(`locales/${lang}: ${problems.slice(0, 10).join('; ')}`);
    out[lang] = toBrowserMessages(catalogue);
  }
  return out;
}
