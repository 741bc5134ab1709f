import type { Hono } from 'hono';
import { estimateCost } from '../../lib/api/pricing';
import { BulkEnrichBodySchema } from '../../lib/api/requests';
import { BadRequest, errorResponse } from '../errors';
import { meetsRequired } from '../required';
import type { SandboxState } from '../state';
import type { ContactLookup } from '../store';
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
    // Documents are spliced in as stored JSON text: parsing and re-serialising 1000 contacts would dominate.
    const entries = body.query_list.map(({ field_type, value }) => {
      const lookup: ContactLookup = { [field_type]: value };
      const id = state.store.findContactId(lookup);
      const json = id === undefined ? undefined : state.store.contactJson(id);
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

/** The documented multipart form (fields holding JSON-encoded arrays), a urlencoded form, or a JSON body. */
async function readBody(c: AppContext): Promise<unknown> {
  const type = c.req.header('Content-Type') ?? '';
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    const form = await c.req.parseBody();
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
