import { abortedError, ApiError, invalidRequestError } from './errors';
import { BULK_MAX_INPUTS, PATHS } from './limits';
import { BulkQuerySchema, type BulkQuery, type BulkRequiredField } from './requests';
import type { BulkEnrichResult, EnrichedContact } from './schemas';

/*
 * Bulk enrichment of any number of inputs: chunks of at most 1000 (spec limit), sent one after another so the
 * order of results is the order of inputs and progress is meaningful. A failed chunk fails only its own
 * entries. Inputs are kept as given: removing duplicates is the caller's job (it knows what it already paid for).
 */

export interface BulkProgress {
  /** Inputs settled so far (enriched, not enriched or failed). */
  done: number;
  total: number;
  enriched: number;
  failed: number;
}

export interface BulkOptions {
  signal?: AbortSignal | undefined;
  onProgress?: ((progress: BulkProgress) => void) | undefined;
  /** Fields every enriched contact must contain (`required_fields`). */
  requiredFields?: BulkRequiredField['field_type'][] | undefined;
}

interface EntryBase {
  /** Position in the inputs given. */
  index: number;
  input: BulkQuery;
}
export type BulkEntry =
  | (EntryBase & { status: 'enriched'; contact: EnrichedContact })
  | (EntryBase & { status: 'not_enriched' })
  | (EntryBase & { status: 'failed'; error: ApiError });

export interface BulkChunkReport {
  /** 0-based number of the request. */
  chunk: number;
  /** Index (in the inputs) of the chunk's first and last entry. */
  first: number;
  last: number;
  size: number;
  error?: ApiError;
}

export interface BulkRun {
  /** One entry per input, in input order. */
  entries: BulkEntry[];
  chunks: BulkChunkReport[];
  enriched: number;
  failed: number;
}

export type SendChunk = (
  queryList: BulkQuery[],
  requiredFields: BulkRequiredField[],
  signal: AbortSignal | undefined,
) => Promise<BulkEnrichResult>;

export async function runBulkEnrich(
  inputs: readonly BulkQuery[],
  opts: Omit<BulkOptions, 'requiredFields'> & { required: BulkRequiredField[] },
  send: SendChunk,
): Promise<BulkRun> {
  const route = `POST ${PATHS.bulkEnrich}`;
  const entries: BulkEntry[] = new Array<BulkEntry>(inputs.length);
  const valid: { index: number; query: BulkQuery }[] = [];

  inputs.forEach((input, index) => {
    const parsed = BulkQuerySchema.safeParse(input);
    if (parsed.success) valid.push({ index, query: parsed.data });
    else entries[index] = { index, input, status: 'failed', error: invalidRequestError(route, parsed.error.issues) };
  });

  const progress: BulkProgress = { done: inputs.length - valid.length, total: inputs.length, enriched: 0, failed: 0 };
  progress.failed = progress.done;
  const chunks: BulkChunkReport[] = [];
  let stopped: ApiError | undefined;

  for (let start = 0, chunk = 0; start < valid.length; start += BULK_MAX_INPUTS, chunk++) {
    const part = valid.slice(start, start + BULK_MAX_INPUTS);
    const report: BulkChunkReport = { chunk, first: part[0]!.index, last: part.at(-1)!.index, size: part.length };
    chunks.push(report);

    const error = stopped ?? (opts.signal?.aborted ? abortedError(route) : undefined);
    const outcome = error ?? (await sendChunk(part.map((p) => p.query), opts, send, route));

    if (outcome instanceof ApiError) {
      report.error = outcome;
      if (outcome.kind === 'aborted') stopped = outcome; // nothing after a cancel is sent
      for (const { index } of part) entries[index] = { index, input: inputs[index]!, status: 'failed', error: outcome };
      progress.failed += part.length;
    } else {
      part.forEach(({ index }, i) => {
        const contact = outcome.contacts[i]?.enriched_contact ?? null;
        entries[index] = contact
          ? { index, input: inputs[index]!, status: 'enriched', contact }
          : { index, input: inputs[index]!, status: 'not_enriched' };
        if (contact) progress.enriched++;
      });
    }
    progress.done += part.length;
    opts.onProgress?.({ ...progress });
  }

  return { entries, chunks, enriched: progress.enriched, failed: progress.failed };
}

async function sendChunk(
  queryList: BulkQuery[],
  opts: { signal?: AbortSignal | undefined; required: BulkRequiredField[] },
  send: SendChunk,
  route: string,
): Promise<BulkEnrichResult | ApiError> {
  try {
    const result = await send(queryList, opts.required, opts.signal);
    if (result.contacts.length !== queryList.length) {
      // Results are matched to inputs by position; a length mismatch makes every position doubtful.
      return new ApiError(
        'bad_response',
        `The API returned ${result.contacts.length} results for ${queryList.length} inputs (${route}).`,
      );
    }
    return result;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
}
