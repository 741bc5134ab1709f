import type { Hono } from 'hono';
import { estimateCost } from '../../lib/api/pricing';
import { ProspectorBodySchema, type ProspectorBody } from '../../lib/api/requests';
import { BadRequest, errorResponse } from '../errors';
import type { ContactFeatures } from '../seed/contacts';
import type { SandboxState } from '../state';
import { parseOr400, type AppEnv } from './common';

/**
 * POST /v1/prospector (contact search), enterprise plans only. Filters: OR within one filter, AND across
 * filters; job_title and location match as case-insensitive substrings, the others exactly (case-insensitive).
 * `company_domain` / `company_name` (not in the spec; docs/api-decisions.md, D-prospector-company) keep the people
 * whose current employer has that website domain (`www.` and case ignored) or that exact name (case ignored).
 * Credits = records returned; a page costing more than the balance is refused whole.
 */
export function registerProspector(api: Hono<AppEnv>, state: SandboxState): void {
  api.post('/v1/prospector', async (c) => {
    const account = c.get('account');
    if (account.plan !== 'enterprise') {
      return errorResponse(c, 'plan_required', 'Contact search is available on enterprise plans only.');
    }
    let raw: unknown;
    try {
      raw = await c.req.json();
    } catch {
      throw new BadRequest('Send the search filters as a JSON body.');
    }
    const body = parseOr400(ProspectorBodySchema, raw);
    const matches = search(state.store.contactFeatures, body, employeesOf(state, body));
    const start = (body.page - 1) * body.page_size;
    const pageIds = matches.slice(start, start + body.page_size);
    const cost = estimateCost({ kind: 'prospector', pageSize: body.page_size, returned: pageIds.length });
    if (!state.ledger.charge(account.key, 'prospector', cost, `page:${body.page}`)) {
      return errorResponse(c, 'insufficient_credits', `This page returns ${pageIds.length} record(s) costing ${cost} credit(s); the balance is ${state.ledger.balance(account.key)}.`);
    }
    return c.json({
      credits_deducted: cost,
      page: body.page,
      page_size: body.page_size,
      records_returned: pageIds.length,
      total_records_found: matches.length,
      results: pageIds.map((id) => state.store.contact(id)),
    });
  });
}

/** Contact ids working at a company the company filters name; undefined when the body has no company filter. */
function employeesOf(state: SandboxState, body: ProspectorBody): Set<number> | undefined {
  if (!body.company_domain && !body.company_name) return undefined;
  const domains = (body.company_domain ?? []).map((d) => d.toLowerCase().replace(/^www\./, ''));
  const names = (body.company_name ?? []).map((n) => n.toLowerCase());
  const rows = state.db
    .prepare<[string, string], { id: number }>(
      `SELECT contacts.id FROM contacts JOIN companies ON companies.id = contacts.company_id
       WHERE companies.domain IN (SELECT value FROM json_each(?)) OR lower(companies.name) IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(domains), JSON.stringify(names));
  return new Set(rows.map((r) => r.id));
}

/**
 * Ids (1-based) of contacts matching every given filter, in id order. `atCompany`: the ids the company filters
 * allow (looked up in the database by the route), or undefined for no company filter.
 */
export function search(contacts: ContactFeatures[], body: ProspectorBody, atCompany?: ReadonlySet<number>): number[] {
  const lower = (values: string[] | undefined) => values?.map((v) => v.toLowerCase());
  const titles = lower(body.job_title);
  const seniorities = lower(body.seniority);
  const locations = lower(body.location);
  const skills = lower(body.skills);
  const interests = lower(body.interests);
  const industries = lower(body.industry);
  const out: number[] = [];
  contacts.forEach((f, i) => {
    if (atCompany && !atCompany.has(i + 1)) return;
    if (titles && !titles.some((t) => f.title.toLowerCase().includes(t))) return;
    if (seniorities && !seniorities.includes(f.seniority)) return;
    if (locations) {
      const place = `${f.city}, ${f.region}, ${f.country}`.toLowerCase();
      if (!locations.some((l) => place.includes(l))) return;
    }
    if (skills && !f.skills.some((s) => skills.includes(s.toLowerCase()))) return;
    if (interests && !f.interests.some((s) => interests.includes(s.toLowerCase()))) return;
    if (industries && !industries.includes(f.industry)) return;
    out.push(i + 1);
  });
  return out;
}
