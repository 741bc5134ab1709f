/**
 * The team hub's own refusals, as data: which one it was (`code`) and, for a budget, which budget and how far. The
 * error data of any kind may carry one (`ErrorData.hub`), so the kind keeps deciding what the extension does (a 429
 * still pauses the queue, a refused token still marks the saved key as refused) and the hub's code decides the words
 * (lib/errors/catalogue.ts). Pure: read from a response's status and parsed body, or made by the sign-in client.
 */
import { z } from 'zod';

export const HUB_REFUSAL_CODES = [
  /** Sign-in: the invite is unknown, used or expired. */
  'invalid_invite',
  /** Sign-in: the address is plain http off this machine, or the hub refuses plain http from here. */
  'not_https',
  /** Sign-in: no hub answered there (down, wrong port, offline). */
  'unreachable',
  /** Sign-in: something answered, but not a team hub (a web page, another service). */
  'not_a_hub',
  /** Too many failed sign-ins from this network (the hub's own limit). */
  'sign_in_limited',
  /** The hub no longer knows the member's token (revoked, or signed in elsewhere with a new invite). */
  'token_refused',
  /** Proxy mode: a member or team budget would be passed. */
  'budget_exceeded',
  /** Proxy mode: the team has no key in the hub (an admin turned proxy mode off). */
  'proxy_off',
  /** Proxy mode: the enrichment service refused the team's key. */
  'team_key_refused',
  /** Proxy mode: the service did not answer in time; it may have charged. */
  'upstream_timeout',
  /** Proxy mode: the team's key is at its rate limit for longer than the hub waits. */
  'rate_limited',
  /** Admin: an admin cannot revoke their own membership. */
  'revoke_self',
  /** Admin: the member is the team's last admin. */
  'last_admin',
  /** Admin: the invite was used, has expired or was withdrawn already. */
  'invite_not_open',
  /** Admin: the hub has no shared secret to seal the team's key with (HUB_KEY_SECRET). */
  'key_secret_missing',
  /** Lists: the list is not the member's to see (gone, or made private by its maker). */
  'list_not_found',
  /** Lists: the person is no longer on the list. */
  'list_item_not_found',
  /** Lists: only the list's maker or a team admin removes people from it. */
  'list_owner_required',
  /** Any other failure of the hub itself. */
  'hub_failed',
] as const;
export type HubRefusalCode = (typeof HUB_REFUSAL_CODES)[number];

export const HubBudgetSchema = z.strictObject({
  scope: z.enum(['member', 'team']),
  period: z.enum(['day', 'month']),
  budget: z.number().int().nonnegative(),
  spent: z.number().int().nonnegative(),
  cost: z.number().int().nonnegative(),
});
export type HubBudget = z.infer<typeof HubBudgetSchema>;

export const HubRefusalSchema = z.strictObject({
  code: z.enum(HUB_REFUSAL_CODES),
  budget: HubBudgetSchema.optional(),
  /** The hub's host, for words that name it ("No team hub answers at hub.example.com"). */
  host: z.string().max(300).optional(),
});
export type HubRefusal = z.infer<typeof HubRefusalSchema>;

/** The hub's error body (the service's shape plus its own codes); a budget refusal adds the budget. */
const HubErrorBodySchema = z.looseObject({ errorCode: z.string().max(100), budget: z.unknown().optional() });

/** Error codes only the hub sends (the service's own are bad_request, invalid_key, insufficient_credits, …). */
const BY_HUB_CODE: Record<string, HubRefusalCode> = {
  budget_exceeded: 'budget_exceeded',
  proxy_off: 'proxy_off',
  team_key_refused: 'team_key_refused',
  upstream_timeout: 'upstream_timeout',
  hub_token_refused: 'token_refused',
  invalid_invite: 'invalid_invite',
  https_required: 'not_https',
  cannot_revoke_self: 'revoke_self',
  last_admin: 'last_admin',
  invite_not_open: 'invite_not_open',
  key_secret_missing: 'key_secret_missing',
  list_not_found: 'list_not_found',
  list_item_not_found: 'list_item_not_found',
  list_owner_required: 'list_owner_required',
};

/**
 * The hub refusal a failed answer carries, or null when it is the service's own (or nobody's we know). `body` is the
 * parsed JSON body, or, for a 429, its text (the service's 429 is an HTML page; the hub's is JSON with its code).
 */
export function hubRefusalOf(status: number | undefined, body: unknown): HubRefusal | null {
  let parsedBody = body;
  if (typeof body === 'string') {
    try {
      parsedBody = JSON.parse(body) as unknown;
    } catch {
      return null;
    }
  }
  const parsed = HubErrorBodySchema.safeParse(parsedBody);
  if (!parsed.success) return null;
  if (status === 429 && parsed.data.errorCode === 'rate_limited') return { code: 'rate_limited' };
  const code = BY_HUB_CODE[parsed.data.errorCode];
  if (!code) return null;
  if (code !== 'budget_exceeded') return { code };
  const budget = HubBudgetSchema.safeParse(parsed.data.budget);
  return budget.success ? { code, budget: budget.data } : { code };
}
