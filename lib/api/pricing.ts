/*
 * Credit pricing, shared by the extension (cost shown before a paid action, local ledger) and the sandbox
 * (its ledger). Rules the spec states plus our choices where it is silent (docs/api-decisions.md, D12).
 * A lookup that matches nothing (404) is always free.
 */

export const CREDIT_RULES = {
  enrich: { perMatch: 1, realtimeExtra: 1, waterfallExtra: 1 },
  /** Charged per enriched record, even if enriched within the last 30 days (spec). */
  bulkEnrich: { perEnrichedRecord: 1 },
  /** Free when the same key enriched the same company within `freeWithinDays` (spec). */
  company: { perCompany: 1, freeWithinDays: 30 },
  /** 1 credit per started block of `companiesPerCredit` returned; with reveal_all 1 per company. */
  similarCompanies: { companiesPerCredit: 10, revealAllPerCompany: 1 },
  /** 1 per request that returns at least one contact. */
  similarContacts: { perRequestWithResults: 1 },
  /** 1 per call; a syntactically invalid email is a free 400. */
  emailVerification: { perCall: 1 },
  /** Equals records returned (`credits_deducted`). */
  prospector: { perRecordReturned: 1 },
  checkKey: { perCall: 0 },
} as const;

/**
 * A paid action. Fields describing the outcome (`matched`, `enriched`, `returned`, …) are optional: leave them
 * out before the call to get the most it can cost; give them after the call to get what it did cost.
 */
export type CostAction =
  | { kind: 'enrich'; realtime?: boolean; waterfall?: boolean; matched?: boolean }
  | { kind: 'bulkEnrich'; inputs: number; enriched?: number }
  | { kind: 'company'; found?: boolean; enrichedWithinWindow?: boolean }
  | { kind: 'similarCompanies'; size: number; revealAll?: boolean; returned?: number }
  | { kind: 'similarContacts'; returned?: number }
  | { kind: 'emailVerification'; syntaxValid?: boolean }
  | { kind: 'prospector'; pageSize: number; returned?: number }
  | { kind: 'checkKey' };

/** Credits an action costs: its upper bound when the outcome is not given, its exact charge when it is. */
export function estimateCost(action: CostAction): number {
  switch (action.kind) {
    case 'enrich': {
      if (action.matched === false) return 0;
      const r = CREDIT_RULES.enrich;
      return r.perMatch + (action.realtime ? r.realtimeExtra : 0) + (action.waterfall ? r.waterfallExtra : 0);
    }
    case 'bulkEnrich':
      return CREDIT_RULES.bulkEnrich.perEnrichedRecord * count(action.enriched ?? action.inputs);
    case 'company':
      if (action.found === false || action.enrichedWithinWindow === true) return 0;
      return CREDIT_RULES.company.perCompany;
    case 'similarCompanies': {
      const n = count(action.returned ?? action.size);
      const r = CREDIT_RULES.similarCompanies;
      return action.revealAll ? n * r.revealAllPerCompany : Math.ceil(n / r.companiesPerCredit);
    }
    case 'similarContacts':
      return action.returned === 0 ? 0 : CREDIT_RULES.similarContacts.perRequestWithResults;
    case 'emailVerification':
      return action.syntaxValid === false ? 0 : CREDIT_RULES.emailVerification.perCall;
    case 'prospector':
      return CREDIT_RULES.prospector.perRecordReturned * count(action.returned ?? action.pageSize);
    case 'checkKey':
      return CREDIT_RULES.checkKey.perCall;
  }
}

const count = (n: number): number => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);
