import type { Hono } from 'hono';
import { CREDIT_RULES, estimateCost } from '../../lib/api/pricing';
import { CompanyParamsSchema } from '../../lib/api/requests';
import { errorResponse, notFound } from '../errors';
import { cleanDomain, parseProfileUrl } from '../normalise';
import type { SandboxState } from '../state';
import { delay, parseOr400, queryOf, type AppEnv } from './common';

/** GET /v1/company: a company by website (cleaned to its registrable domain) or company profile URL. */
export function registerCompany(api: Hono<AppEnv>, state: SandboxState): void {
  api.get('/v1/company', async (c) => {
    const account = c.get('account');
    const params = parseOr400(CompanyParamsSchema, queryOf(c));
    const key = companyKeyText(params.url);
    if (!key) return errorResponse(c, 'bad_request', `url: "${params.url}" is not a website address.`);
    const id = state.store.findCompanyId(params.url);
    if (id === undefined) return notFound(c, `No company found for ${key}.`);
    const recent = state.ledger.usedWithin(account.key, 'company', String(id), CREDIT_RULES.company.freeWithinDays);
    const cost = estimateCost({ kind: 'company', found: true, enrichedWithinWindow: recent });
    if (!state.ledger.canAfford(account.key, cost)) {
      return errorResponse(c, 'insufficient_credits', `Company enrichment costs ${cost} credit(s); the balance is ${state.ledger.balance(account.key)}.`);
    }
    if (params.fetch_realtime) await delay(state.options.realtimeDelayMs);
    const company = state.store.company(id);
    if (!company) return notFound(c, `No company found for ${key}.`);
    if (params.fetch_realtime) (company.overview as Record<string, unknown>).last_updated = 'today';
    if (!state.ledger.charge(account.key, 'company', cost, String(id))) {
      return errorResponse(c, 'insufficient_credits', `Company enrichment costs ${cost} credit(s).`);
    }
    return c.json({ result: company });
  });
}

/** What a company URL names, for messages: its cleaned domain or its profile handle. */
export function companyKeyText(url: string): string | null {
  const profile = parseProfileUrl(url);
  if (profile?.network === 'linkedin' && profile.kind === 'company') return `company profile "${profile.handle}"`;
  const domain = cleanDomain(url);
  return domain ? `domain "${domain}"` : null;
}
