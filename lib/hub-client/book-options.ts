/**
 * The options of a contact enrichment that change its answer, written as the team book keeps them: a book answer
 * serves a later lookup only when these are equal (a `required=phone` answer is not the answer to a plain lookup, nor
 * one without experiences). One writing for the hub (proxy mode reads them from the forwarded query) and for the
 * extension (it asks and writes the book itself when the team keeps its key out of the hub), so both compare alike.
 */
import { requiredOfKey } from '../cache/keys';

export interface BookOptionsInput {
  required?: readonly string[] | undefined;
  includeAllExperiences?: boolean | undefined;
  waterfall?: boolean | undefined;
}

export function bookOptions(o: BookOptionsInput): string {
  const required = [...new Set((o.required ?? []).map((s) => s.trim()).filter(Boolean))].sort().join(',');
  return new URLSearchParams([
    ['required', required],
    ['include_all_experiences', String(o.includeAllExperiences === true)],
    ['waterfall', String(o.waterfall === true)],
  ]).toString();
}

/** The same options from a GET /v1/enrich query, as the service reads it (`required` comma-separated). */
export function bookOptionsOfQuery(query: URLSearchParams): string {
  return bookOptions({
    required: (query.get('required') ?? '').split(','),
    includeAllExperiences: query.get('include_all_experiences') === 'true',
    waterfall: query.get('waterfall') === 'true',
  });
}

/** The answer-changing options a contact key was bought with (or a bulk row's key asks for). */
export function bookOptionsOfKey(key: string): string {
  const q = key.indexOf('?');
  const params = new URLSearchParams(q === -1 ? '' : key.slice(q + 1));
  return bookOptions({ required: requiredOfKey(key), includeAllExperiences: params.get('all_experiences') === 'true', waterfall: params.get('waterfall') === 'true' });
}
