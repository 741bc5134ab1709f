/**
 * What does the selected text mean? Used by the context menu ("Enrich “%s”"), the enrich-selection shortcut and
 * 'selection/classify'. One clear meaning → look it up; several → let the user choose; none → say so. The parsing
 * is the lookup box's too (lib/selection/query.ts): one parser, so a selection and a typed query agree.
 */
import type { PanelIntent, SelectionMeaning } from '../model/lookup';
import { cleanQuery, MAX_QUERY, parseQuery, type QueryOptions } from './query';

export const MAX_SELECTION = MAX_QUERY;

export type ClassifyOptions = QueryOptions;

export function classifySelection(raw: string, options: ClassifyOptions = {}): SelectionMeaning[] {
  return parseQuery(raw, options);
}

/** The side panel intent for a selection. */
export function intentFor(raw: string, meanings: SelectionMeaning[], at: number): PanelIntent {
  const text = cleanQuery(raw);
  if (meanings.length === 0) return { kind: 'unrecognised', text, at };
  if (meanings.length === 1) return { kind: 'lookup', meaning: meanings[0] as SelectionMeaning, at };
  return { kind: 'ambiguous', text, choices: meanings.slice(0, 10), at };
}
