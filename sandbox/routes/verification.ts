import type { Hono } from 'hono';
import { estimateCost } from '../../lib/api/pricing';
import { EmailVerificationParamsSchema } from '../../lib/api/requests';
import { errorResponse } from '../errors';
import type { SandboxState } from '../state';
import { parseOr400, queryOf, type AppEnv } from './common';

/** Statuses of known addresses that count as deliverable. Historical (old employer) and unverified ones bounce. */
const DELIVERABLE = new Set(['verified', 'probable', 'personal']);

/**
 * GET /v1/email-verification, answered from the data: a known deliverable address is verified; a domain of a
 * catch-all company is `catch_all` (its unknown addresses cannot be proven, so not verified); anything else is
 * not verified. Bad syntax is a free 400.
 */
export function registerVerification(api: Hono<AppEnv>, state: SandboxState): void {
  api.get('/v1/email-verification', (c) => {
    const account = c.get('account');
    const { email } = parseOr400(EmailVerificationParamsSchema, queryOf(c));
    const cost = estimateCost({ kind: 'emailVerification', syntaxValid: true });
    if (!state.ledger.canAfford(account.key, cost)) {
      return errorResponse(c, 'insufficient_credits', `Email verification costs ${cost} credit; the balance is 0.`);
    }
    const result = verifyEmail(state, email);
    if (!state.ledger.charge(account.key, 'email-verification', cost, email.toLowerCase())) {
      return errorResponse(c, 'insufficient_credits', `Email verification costs ${cost} credit.`);
    }
    return c.json(result);
  });
}

export function verifyEmail(state: SandboxState, email: string): { verified: boolean; catch_all: boolean } {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const company = state.store.companyIdByDomain(domain);
  const statuses = state.store.emailStatuses(email);
  return {
    verified: statuses.some((s) => s !== null && DELIVERABLE.has(s)),
    catch_all: company?.catchAll ?? false,
  };
}
