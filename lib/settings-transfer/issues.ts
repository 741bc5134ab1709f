/**
 * Why a settings file was refused, as sentences a person can act on: one per field, named with the labels the
 * import preview and the options form use, saying what the file has and what is expected ("Scanning: the file says
 * “always”; expected one of: “on-request” (only when you ask), …"). The validator's own wording stays available
 * as the technical detail.
 */
import type { z } from 'zod';
import { ENRICH_REQUIRED_VALUES } from '../api/limits';
import { validateApiBaseUrl } from '../permissions/api-origin';
import { ScanModeSchema } from '../settings/schema';
import { t, tn } from '../i18n/t';
import { FIELD_LABELS, REQUIRED_WORDS, SCAN_WORDS, SETTING_LABELS } from './preview';

export interface ImportIssue {
  /** Where in the file (`settings.scanMode`, `apiKey`). */
  path: string;
  /** A plain sentence in the UI language. */
  text: string;
  /** The validator's wording, for whoever wants the details. */
  detail: string;
}

/** At most this many issues are listed (a file that is wrong everywhere is not made readable by listing all). */
export const MAX_ISSUES = 10;
const MAX_SHOWN_VALUE = 60;

type Path = readonly PropertyKey[];

/** `scanSites.3` → `scanSites.#`: the schema's place of an issue, whichever entry of a list it is about. */
const shapeOf = (path: Path) => path.map((p) => (typeof p === 'number' ? '#' : String(p))).join('.');

const choice = (value: string, words: string) => t('options_transfer_value_choice', value, words);

/** What the field expects, in words; null when there is nothing better to say than that the value is wrong. */
function expectation(shape: string): string | null {
  switch (shape) {
    case 'apiBaseUrl':
      return t('options_transfer_expect_address');
    case 'scanMode':
      return t('options_transfer_expect_one_of', ScanModeSchema.options.map((m) => choice(m, SCAN_WORDS[m])).join(', '));
    case 'scanSites':
      return t('options_transfer_expect_sites');
    case 'scanSites.#':
      return t('options_transfer_expect_site');
    case 'lookupDefaults':
    case 'cache':
    case 'settings':
      return t('options_transfer_expect_group');
    case 'lookupDefaults.realtime':
    case 'lookupDefaults.waterfall':
    case 'lookupDefaults.includeAllExperiences':
      return t('options_transfer_expect_boolean');
    case 'lookupDefaults.required':
      return t('options_transfer_expect_required_list', ENRICH_REQUIRED_VALUES.length);
    case 'lookupDefaults.required.#':
      return t('options_transfer_expect_one_of', ENRICH_REQUIRED_VALUES.map((v) => choice(v, REQUIRED_WORDS[v])).join(', '));
    case 'cache.hitTtlDays':
    case 'cache.missTtlDays':
      return t('options_transfer_expect_days');
    case 'dailyBudget':
      return t('options_transfer_expect_budget');
    case 'version':
      return t('options_transfer_expect_version');
    default:
      return null;
  }
}

/** The field's name in the sentence: "Cache › Keep found results (days)", "Sites, entry 2". */
function labelOf(path: Path): string {
  const index = path.findIndex((p) => typeof p === 'number');
  const named = index === -1 ? path : path.slice(0, index);
  const top = String(named[0] ?? '');
  let label: string;
  if (top === 'apiKey') label = t('options_api_key');
  else if (top in SETTING_LABELS) {
    label = SETTING_LABELS[top as keyof typeof SETTING_LABELS];
    if (named.length > 1) {
      const field = FIELD_LABELS[named.slice(0, 2).map(String).join('.')];
      label = t('options_transfer_field_in', label, field ?? t('options_transfer_value_text', named.slice(1).map(String).join('.')));
    }
  } else label = t('options_transfer_value_text', named.map(String).join('.') || 'settings');
  const entry = path[index];
  return typeof entry === 'number' ? t('options_transfer_field_entry', label, entry + 1) : label;
}

/** The file's value, as the sentence shows it: text in quotes (cut when long), numbers and true/false as written. */
function valueText(value: unknown): string {
  if (typeof value === 'string') {
    const shown = value.length > MAX_SHOWN_VALUE ? `${value.slice(0, MAX_SHOWN_VALUE)}…` : value;
    return t('options_transfer_value_text', shown);
  }
  if (Array.isArray(value)) return tn('options_transfer_value_list', value.length);
  if (value !== null && typeof value === 'object') return t('options_transfer_value_group');
  return String(value);
}

function valueAt(root: unknown, path: Path): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function sentence(issue: z.core.$ZodIssue, root: unknown, path: Path): string {
  const label = labelOf(path);
  if (issue.code === 'unrecognized_keys') {
    return t('options_transfer_issue_unknown', label, issue.keys.map((k) => t('options_transfer_value_text', k)).join(', '));
  }
  const value = valueAt(root, path);
  const shape = shapeOf(path);
  if (shape === 'apiKey') return t('options_transfer_issue_key', label, t('options_transfer_expect_key'));
  // The address check says exactly what is wrong with an address (http to a remote host, a user name in it…).
  if (shape === 'apiBaseUrl' && typeof value === 'string') {
    const check = validateApiBaseUrl(value);
    if (!check.ok) return t('options_transfer_issue_because', label, valueText(value), check.message);
  }
  // A site pattern's own message ("Not a site pattern such as https://example.com/*.") is already a sentence.
  if (issue.code === 'custom' && shape !== 'apiBaseUrl') return t('options_transfer_issue_because', label, valueText(value), issue.message);
  const expected = expectation(shape);
  if (value === undefined) return expected === null ? t('options_transfer_issue_missing_only', label) : t('options_transfer_issue_missing', label, expected);
  if (expected === null) return t('options_transfer_issue_invalid', label, valueText(value));
  return t('options_transfer_issue', label, valueText(value), expected);
}

/**
 * The issues of a refused file, one sentence per field (several problems with one field make one sentence).
 * `root` is what was validated (the file, or its `settings`); `prefix` is where that sits in the file.
 */
export function describeIssues(error: z.ZodError, root: unknown, prefix: Path = []): ImportIssue[] {
  const out: ImportIssue[] = [];
  const seen = new Set<string>();
  for (const issue of error.issues) {
    const path = issue.path as Path;
    const where = [...prefix, ...path].map(String).join('.');
    if (seen.has(where)) continue;
    seen.add(where);
    out.push({ path: where, text: sentence(issue, root, path), detail: where ? `${where}: ${issue.message}` : issue.message });
    if (out.length === MAX_ISSUES) break;
  }
  return out;
}
