/**
 * What a proxied request may cost before it leaves (reserved against budgets) and what it did cost after, by the
 * extension's own pricing rules (lib/api/pricing.ts): one decision for the extension, the sandbox and the hub.
 * The hub cannot see the service's 30-day free company re-enrichment, so a company lookup is counted at 1.
 */
import { estimateCost } from '../lib/api/pricing';

export interface PricedRequest {
  action: string;
  maxCost: number;
  /** The charge, from the status and the parsed answer. */
  costOf(status: number, body: unknown): number;
}

const ok = (status: number) => status >= 200 && status < 300;
const arrayLength = (body: unknown) => (Array.isArray(body) ? body.length : 0);
const num = (v: string | null, fallback: number) => {
  const n = Number(v);
  return v !== null && Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback;
};

/** Null for a path the hub does not forward. `bodyInfo` carries what a POST body says (bulk inputs, page size). */
export function priceRequest(method: string, path: string, query: URLSearchParams, bodyInfo: { inputs?: number; pageSize?: number }): PricedRequest | null {
  const flag = (name: string) => query.get(name) === 'true';
  if (method === 'GET' && path === '/v1/enrich') {
    const realtime = flag('realtime');
    const waterfall = flag('waterfall');
    return {
      action: 'enrich',
      maxCost: estimateCost({ kind: 'enrich', realtime, waterfall }),
      costOf: (s) => estimateCost({ kind: 'enrich', realtime, waterfall, matched: ok(s) }),
    };
  }
  if (method === 'POST' && path === '/v1/bulk-enrich') {
    const inputs = bodyInfo.inputs ?? 1000;
    return {
      action: 'bulk-enrich',
      maxCost: estimateCost({ kind: 'bulkEnrich', inputs }),
      costOf: (s, b) => (ok(s) ? estimateCost({ kind: 'bulkEnrich', inputs, enriched: Number((b as { records_enriched?: unknown })?.records_enriched) || 0 }) : 0),
    };
  }
  if (method === 'GET' && path === '/v1/company') {
    return { action: 'company', maxCost: estimateCost({ kind: 'company' }), costOf: (s) => estimateCost({ kind: 'company', found: ok(s) }) };
  }
  if (method === 'GET' && (path === '/v2/similar-companies' || path === '/v1/similar-companies')) {
    const size = Math.min(num(query.get('size'), 10), 500);
    const revealAll = /^true$/i.test(query.get('reveal_all') ?? '');
    return {
      action: 'similar-companies',
      maxCost: estimateCost({ kind: 'similarCompanies', size, revealAll }),
      costOf: (s, b) => (ok(s) ? estimateCost({ kind: 'similarCompanies', size, revealAll, returned: arrayLength(b) }) : 0),
    };
  }
  if (method === 'GET' && path === '/v1/similar-contacts') {
    return {
      action: 'similar-contacts',
      maxCost: estimateCost({ kind: 'similarContacts' }),
      costOf: (s, b) => (ok(s) ? estimateCost({ kind: 'similarContacts', returned: arrayLength(b) }) : 0),
    };
  }
  if (method === 'GET' && path === '/v1/email-verification') {
    return { action: 'email-verification', maxCost: estimateCost({ kind: 'emailVerification' }), costOf: (s) => (ok(s) ? estimateCost({ kind: 'emailVerification' }) : 0) };
  }
  if (method === 'POST' && path === '/v1/prospector') {
    const pageSize = Math.min(bodyInfo.pageSize ?? 25, 100);
    return {
      action: 'prospector',
      maxCost: estimateCost({ kind: 'prospector', pageSize }),
      costOf: (s, b) => {
        if (!ok(s)) return 0;
        const deducted = Number((b as { credits_deducted?: unknown })?.credits_deducted);
        return Number.isFinite(deducted) ? deducted : estimateCost({ kind: 'prospector', pageSize });
      },
    };
  }
  return null;
}
