import type { Hono } from 'hono';
import { estimateCost } from '../../lib/api/pricing';
import { BulkEnrichBodySchema } from '../../lib/api/requests';
import { BadRequest, errorResponse } from '../errors';
import { meetsRequired } from '../required';
import type { SandboxState } from '../state';
import type { BulkLookupField } from '../store';
import { parseOr400, type AppContext, type AppEnv } from './common';

/**
 * POST /v1/bulk-enrich: up to 1000 inputs, order kept, misses as `enriched_contact: null`. Credits: one per
 * enriched record. A balance of 0 is refused before any work; a batch whose enriched records cost more than
 * the balance is refused whole (403, nothing charged), never half-served.
 */
export function registerBulk(api: Hono<AppEnv>, state: SandboxState): void {
  api.post('/v1/bulk-enrich', async (c) => {
    const account = c.get('account');
    const body = parseOr400(BulkEnrichBodySchema, await readBody(c));
    if (!state.ledger.canAfford(account.key, 1)) {
      return errorResponse(c, 'insufficient_credits', `Bulk enrichment costs 1 credit per enriched record; the balance is 0.`);
    }
    const required = body.required_fields.map((r) => r.field_type);
    const ids = findIds(state, body.query_list);
    const docs = state.store.contactJsonMany(ids.filter((id): id is number => id !== undefined));
    // Documents are spliced in as stored JSON text: parsing and re-serialising 1000 contacts would dominate.
    const entries = body.query_list.map(({ value }, i) => {
      const id = ids[i];
      const json = id === undefined ? undefined : docs.get(id);
      const matched = json !== undefined && (required.length === 0 || meetsRequired(JSON.parse(json) as Record<string, unknown>, required));
      return { json: matched ? json : 'null', value };
    });
    const enriched = entries.filter((e) => e.json !== 'null').length;
    const cost = estimateCost({ kind: 'bulkEnrich', inputs: body.query_list.length, enriched });
    if (!state.ledger.charge(account.key, 'bulk-enrich', cost, `records:${enriched}`)) {
      return errorResponse(c, 'insufficient_credits', `This batch enriches ${enriched} record(s) costing ${cost} credit(s); the balance is ${state.ledger.balance(account.key)}.`);
    }
    const contacts = entries.map((e) => `{"enriched_contact":${e.json},"value":${JSON.stringify(e.value)}}`).join(',');
    return c.body(`{"contacts":[${contacts}],"records_enriched":${enriched}}`, 200, { 'Content-Type': 'application/json; charset=UTF-8' });
  });
}

/** Contact id per input, in input order: one batched lookup per field type (at most three queries). */
function findIds(state: SandboxState, queries: ReadonlyArray<{ field_type: BulkLookupField; value: string }>): Array<number | undefined> {
  const ids = new Array<number | undefined>(queries.length);
  const byField = new Map<BulkLookupField, number[]>();
  queries.forEach((q, i) => {
    const positions = byField.get(q.field_type);
    if (positions) positions.push(i);
    else byField.set(q.field_type, [i]);
  });
  for (const [field, positions] of byField) {
    const found = state.store.findContactIds(
      field,
      positions.map((i) => (queries[i] as { value: string }).value),
    );
    positions.forEach((position, j) => (ids[position] = found[j]));
  }
  return ids;
}

/** The documented multipart form (fields holding JSON-encoded arrays), a urlencoded form, or a JSON body. */
async function readBody(c: AppContext): Promise<unknown> {
  const type = c.req.header('Content-Type') ?? '';
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    let form: Awaited<ReturnType<typeof c.req.parseBody>>;
    try {
      form = await c.req.parseBody();
    } catch (error) {
      // A cut or boundary-less multipart body is the client's mistake, not the sandbox's failure (was a 500).
      throw new BadRequest(`The form body could not be read (${(error as Error).message}). Send multipart/form-data with a boundary, or a JSON body.`);
    }
    const out: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(form)) {
      if (typeof value !== 'string') throw new BadRequest(`${name}: expected a text field holding a JSON array, got a file`);
      out[name] = value;
    }
    return out;
  }
  try {
    return await c.req.json();
  } catch {
    throw new BadRequest('Send multipart/form-data fields required_fields and query_list (JSON-encoded arrays), or the same as a JSON body.');
  }
}
