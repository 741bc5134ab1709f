import type { Hono } from 'hono';
import { estimateCost } from '../../lib/api/pricing';
import { BulkEnrichBodySchema } from '../../lib/api/requests';
import { BadRequest, errorResponse } from '../errors';
import { meetsRequired } from '../../lib/api/required';
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
    const docs = state.store.contactJsonBytesMany(ids.filter((id): id is number => id !== undefined));
    // Documents are copied in as stored UTF-8 bytes: parsing and re-serialising 1000 contacts would dominate, and
    // so did decoding them into strings and encoding the 3 MB answer again.
    const matches = body.query_list.map((_, i) => {
      const id = ids[i];
      const doc = id === undefined ? undefined : docs.get(id);
      const matched = doc !== undefined && (required.length === 0 || meetsRequired(JSON.parse(utf8.decode(doc)) as Record<string, unknown>, required));
      return matched ? doc : undefined;
    });
    const enriched = matches.filter((doc) => doc !== undefined).length;
    const cost = estimateCost({ kind: 'bulkEnrich', inputs: body.query_list.length, enriched });
    if (!state.ledger.charge(account.key, 'bulk-enrich', cost, `records:${enriched}`)) {
      return errorResponse(c, 'insufficient_credits', `This batch enriches ${enriched} record(s) costing ${cost} credit(s); the balance is ${state.ledger.balance(account.key)}.`);
    }
    const answer = bulkAnswer(
      matches,
      body.query_list.map((q) => q.value),
      enriched,
    );
    return c.body(answer, 200, { 'Content-Type': 'application/json; charset=UTF-8' });
  });
}

/**
 * `{"contacts":[{"enriched_contact":<doc or null>,"value":<input>},…],"records_enriched":n}` as UTF-8 bytes,
 * written into one buffer sized up front.
 */
function bulkAnswer(docs: ReadonlyArray<Uint8Array | undefined>, values: readonly string[], enriched: number): Uint8Array<ArrayBuffer> {
  const tails = values.map((value) => toUtf8.encode(`,"value":${JSON.stringify(value)}}`));
  const head = toUtf8.encode('{"contacts":[');
  const end = toUtf8.encode(`],"records_enriched":${enriched}}`);
  let size = head.length + end.length;
  docs.forEach((doc, i) => {
    size += (i > 0 ? 1 : 0) + ENTRY_START.length + (doc ? doc.length : NULL.length) + (tails[i] as Uint8Array).length;
  });
  // Plain Uint8Array and TextEncoder (no Node Buffer): the same route answers inside the extension's demo mode.
  const out = new Uint8Array(size);
  let at = 0;
  const put = (bytes: Uint8Array) => {
    out.set(bytes, at);
    at += bytes.length;
  };
  put(head);
  docs.forEach((doc, i) => {
    if (i > 0) put(COMMA);
    put(ENTRY_START);
    put(doc ?? NULL);
    put(tails[i] as Uint8Array);
  });
  put(end);
  if (at !== size) throw new Error(`bulk answer: wrote ${at} of ${size} bytes`);
  return out;
}

const toUtf8 = new TextEncoder();
const utf8 = new TextDecoder();
const ENTRY_START = toUtf8.encode('{"enriched_contact":');
const NULL = toUtf8.encode('null');
const COMMA = toUtf8.encode(',');

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
