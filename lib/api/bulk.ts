import { ApiError, invalidRequestError } from './errors';
import { BULK_MAX_INPUTS, PATHS } from './limits';
import { BulkQuerySchema, type BulkQuery } from './requests';
import { UNREADABLE_CONTACT, type BulkEnrichResult, type EnrichedContact } from './schemas';
import { teamPurchaseOfBulkEntry, type TeamPurchase } from '../hub-client/purchase';

/*
 * One bulk chunk: at most 1,000 inputs (spec limit) in one `POST /v1/bulk-enrich`. Chunking, ordering and
 * progress belong to the scheduler (lib/engine/bulk-job.ts), which sends one chunk per queue task. An input that
 * fails our own contract is answered locally as failed and never sent; the others are matched to the answer by
 * position. Inputs are kept as given: removing duplicates is the caller's job (it knows what it already paid for).
 */

export const BULK_ROUTE = `POST ${PATHS.bulkEnrich}`;

interface EntryBase {
  /** Position in the inputs given. */
  index: number;
  input: BulkQuery;
}
export type BulkEntry =
  /** `team`: a team hub answered it free (a teammate bought the person): not charged (lib/hub-client/purchase.ts). */
  | (EntryBase & { status: 'enriched'; contact: EnrichedContact; team?: TeamPurchase })
  | (EntryBase & { status: 'not_enriched' })
  | (EntryBase & { status: 'failed'; error: ApiError });

export interface BulkChunkPlan {
  inputs: readonly BulkQuery[];
  /** Inputs that pass the contract, with their position: what is sent. */
  valid: Array<{ index: number; query: BulkQuery }>;
  /** Entries settled locally (invalid inputs), by position. */
  local: Map<number, BulkEntry>;
}

/** Splits a chunk into what is sent and what fails locally. More than 1,000 inputs is a caller bug. */
export function planBulkChunk(inputs: readonly BulkQuery[]): BulkChunkPlan {
  if (inputs.length > BULK_MAX_INPUTS) {
    throw new ApiError('bad_request', `A bulk request carries at most ${BULK_MAX_INPUTS} inputs, not ${inputs.length} (${BULK_ROUTE}).`);
  }
  const valid: BulkChunkPlan['valid'] = [];
  const local = new Map<number, BulkEntry>();
  inputs.forEach((input, index) => {
    const parsed = BulkQuerySchema.safeParse(input);
    if (parsed.success) valid.push({ index, query: parsed.data });
    else local.set(index, { index, input, status: 'failed', error: invalidRequestError(BULK_ROUTE, parsed.error.issues) });
  });
  return { inputs, valid, local };
}

/** One entry per input, in input order; `result` answers the valid inputs (none when nothing was sent). */
export function settleBulkChunk(plan: BulkChunkPlan, result: BulkEnrichResult | null): BulkEntry[] {
  if (result && result.contacts.length !== plan.valid.length) {
    // Results are matched to inputs by position; a length mismatch makes every position doubtful.
    throw new ApiError('bad_response', `The API returned ${result.contacts.length} results for ${plan.valid.length} inputs (${BULK_ROUTE}).`);
  }
  const entries = plan.inputs.map((input, index) => plan.local.get(index) ?? ({ index, input, status: 'not_enriched' } as BulkEntry));
  plan.valid.forEach(({ index }, i) => {
    const contact = result?.contacts[i]?.enriched_contact ?? null;
    if (contact === UNREADABLE_CONTACT) {
      entries[index] = { index, input: plan.inputs[index]!, status: 'failed', error: new ApiError('bad_response', `The API returned an unreadable contact for entry ${index + 1} (${BULK_ROUTE}); it may have been charged.`) };
    } else if (contact) {
      const team = teamPurchaseOfBulkEntry(result?.contacts[i]);
      entries[index] = { index, input: plan.inputs[index]!, status: 'enriched', contact, ...(team ? { team } : {}) };
    }
  });
  return entries;
}
