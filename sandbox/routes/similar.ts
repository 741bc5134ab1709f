import type { Hono } from 'hono';
import { estimateCost } from '../../lib/api/pricing';
import { SimilarCompaniesParamsSchema, SimilarContactsParamsSchema } from '../../lib/api/requests';
import { errorResponse, notFound } from '../errors';
import type { CompanyFeatures } from '../seed/companies';
import type { ContactFeatures } from '../seed/contacts';
import type { SandboxState } from '../state';
import { companyKeyText } from './company';
import { describeLookup, LOOKUP_NAMES, parseOr400, queryOf, type AppContext, type AppEnv } from './common';

/**
 * GET /v2/similar-companies (and /v1/, which the spec's examples call) and GET /v1/similar-contacts.
 * Without `reveal_all` a lookalike's `description` is withheld (null); the rest is shown.
 */
export function registerSimilar(api: Hono<AppEnv>, state: SandboxState): void {
  const similarCompanies = (c: AppContext) => {
    const account = c.get('account');
    const params = parseOr400(SimilarCompaniesParamsSchema, queryOf(c));
    const key = companyKeyText(params.url);
    if (!key) return errorResponse(c, 'bad_request', `url: "${params.url}" is not a website or company profile address.`);
    const id = state.store.findCompanyId(params.url);
    if (id === undefined) return notFound(c, `No company found for ${key}.`);
    const found = state.store.companySimilarity.similar(id - 1, params.size);
    const cost = estimateCost({ kind: 'similarCompanies', size: params.size, revealAll: params.reveal_all, returned: found.length });
    if (!state.ledger.charge(account.key, 'similar-companies', cost, String(id))) {
      return errorResponse(c, 'insufficient_credits', `These ${found.length} lookalikes cost ${cost} credit(s); the balance is ${state.ledger.balance(account.key)}.`);
    }
    return c.json(
      found.map(({ index, score }) => {
        const f = state.store.companyFeatures[index] as CompanyFeatures;
        return {
          description: params.reveal_all ? f.description : null,
          industry: [f.industry],
          name: f.name,
          similarity_score: score,
          specialities: f.specialities,
          website: f.website,
        };
      }),
    );
  };
  api.get('/v2/similar-companies', similarCompanies);
  api.get('/v1/similar-companies', similarCompanies);

  api.get('/v1/similar-contacts', (c) => {
    const account = c.get('account');
    const params = parseOr400(SimilarContactsParamsSchema, queryOf(c));
    if (!state.ledger.canAfford(account.key, estimateCost({ kind: 'similarContacts' }))) {
      return errorResponse(c, 'insufficient_credits', 'Lookalike contacts cost 1 credit per request with results; the balance is 0.');
    }
    const id = state.store.findContactId(params);
    if (id === undefined) return notFound(c, `No contact found for ${describeLookup(params, LOOKUP_NAMES)}.`);
    const found = state.store.contactSimilarity.similar(id - 1, params.size);
    const cost = estimateCost({ kind: 'similarContacts', returned: found.length });
    if (!state.ledger.charge(account.key, 'similar-contacts', cost, String(id))) {
      return errorResponse(c, 'insufficient_credits', 'Lookalike contacts cost 1 credit per request with results.');
    }
    return c.json(
      found.map(({ index, score }) => {
        const f = state.store.contactFeatures[index] as ContactFeatures;
        return { job_title: f.title, pnet: [f.pnetUrl], location: `${f.city}, ${f.region}, ${f.country}`, name: f.name, similarity_score: score };
      }),
    );
  });
}
