import type { Hono } from 'hono';
import { estimateCost } from '../../lib/api/pricing';
import { EnrichParamsSchema } from '../../lib/api/requests';
import { errorResponse, notFound } from '../errors';
import { meetsRequired } from '../../lib/api/required';
import type { SandboxState } from '../state';
import { delay, describeLookup, LOOKUP_NAMES, parseOr400, queryOf, type AppEnv } from './common';

/** GET /v1/enrich: one contact from an email, phone, social profile or name + company. */
export function registerEnrich(api: Hono<AppEnv>, state: SandboxState): void {
  api.get('/v1/enrich', async (c) => {
    const account = c.get('account');
    const params = parseOr400(EnrichParamsSchema, queryOf(c));
    const cost = estimateCost({ kind: 'enrich', realtime: params.realtime, waterfall: params.waterfall });
    if (!state.ledger.canAfford(account.key, cost)) {
      return errorResponse(c, 'insufficient_credits', `This lookup costs up to ${cost} credit(s); the balance is ${state.ledger.balance(account.key)}.`);
    }
    if (params.realtime) await delay(state.options.realtimeDelayMs);

    const described = describeLookup(params, LOOKUP_NAMES);
    const id = state.store.findContactId(params);
    const contact = id === undefined ? undefined : state.store.contact(id, { experiences: params.include_all_experiences, waterfall: params.waterfall });
    if (!contact) return notFound(c, `No contact found for ${described}.`);
    const required = params.required ?? [];
    if (!meetsRequired(contact, required)) {
      return notFound(c, `No contact with the required fields (${required.join(', ')}) found for ${described}.`);
    }
    if (params.realtime) contact.last_updated = 'today';
    if (!state.ledger.charge(account.key, 'enrich', cost, String(id))) {
      return errorResponse(c, 'insufficient_credits', `This lookup costs ${cost} credit(s); the balance is ${state.ledger.balance(account.key)}.`);
    }
    return c.json({ result: contact });
  });
}
