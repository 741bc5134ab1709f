/**
 * The one catalogue that turns an error (as data, from the background) into words and recovery actions.
 * Every UI (side panel, popup, options, onboarding) shows errors through `describeError`, so the same failure
 * reads the same everywhere. Words say what happened and what to do; they never include the API key.
 */
import { t, tn } from '@/lib/i18n/t';
import type { ErrorData, ErrorKind } from '../model/errors';
import type { HubRefusalCode } from '../hub-client/refusal';

export type ErrorAction =
  | 'open-settings'
  | 'retry'
  | 'copy-details'
  | 'upgrade-plan'
  | 'wait'
  | 'add-credits';

export type ErrorSeverity = 'info' | 'warning' | 'error';

export interface ErrorDescription {
  title: string;
  message: string;
  actions: ErrorAction[];
  /** When the operation resumes (or may be retried) on its own. */
  retryInMs?: number;
  severity: ErrorSeverity;
}

/** "in 12 s", "in 2 min": for rate-limit and service waits. */
export function formatWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 90) return t('words_seconds', seconds);
  return t('words_minutes', Math.ceil(seconds / 60));
}

/** "free", "1 credit", "3 credits": as the price was shown. */
function creditsText(n: number): string {
  return n === 0 ? t('credits_free') : tn('credits', n);
}

type Describer = (error: ErrorData) => ErrorDescription;

const catalogue: Record<ErrorKind, Describer> = {
  bad_request: (e) => ({
    title: t('errors_bad_request_title'),
    message: t('errors_bad_request_message', e.errorText ?? t('errors_bad_request_default')),
    actions: ['retry', 'copy-details'],
    severity: 'error',
  }),
  invalid_key: () => ({
    title: t('errors_invalid_key_title'),
    message: t('errors_invalid_key_message'),
    actions: ['open-settings'],
    severity: 'error',
  }),
  no_key: () => ({
    title: t('errors_no_key_title'),
    message: t('errors_no_key_message'),
    actions: ['open-settings'],
    severity: 'warning',
  }),
  out_of_credits: () => ({
    title: t('errors_out_of_credits_title'),
    message: t('errors_out_of_credits_message'),
    actions: ['add-credits', 'open-settings'],
    severity: 'error',
  }),
  plan_required: () => ({
    title: t('errors_plan_required_title'),
    message: t('errors_plan_required_message'),
    actions: ['upgrade-plan'],
    severity: 'warning',
  }),
  not_found: (e) => ({
    title: t('errors_not_found_title'),
    message: t('errors_not_found_message', e.errorText ?? t('errors_not_found_default')),
    actions: [],
    severity: 'info',
  }),
  rate_limited: (e) => {
    const wait = e.retryAfterMs ?? 60_000;
    return {
      title: t('errors_rate_limited_title'),
      message: t('errors_rate_limited_message', formatWait(wait)),
      actions: ['wait'],
      retryInMs: wait,
      severity: 'info',
    };
  },
  server: (e) => ({
    title: t('errors_server_title'),
    message:
      e.retryAfterMs !== undefined
        ? t('errors_server_retrying', formatWait(e.retryAfterMs))
        : t('errors_server_message'),
    actions: ['retry', 'copy-details'],
    ...(e.retryAfterMs !== undefined ? { retryInMs: e.retryAfterMs } : {}),
    severity: 'error',
  }),
  network: () => ({
    title: t('errors_network_title'),
    message: t('errors_network_message'),
    actions: ['retry', 'open-settings'],
    severity: 'error',
  }),
  timeout: () => ({
    title: t('errors_timeout_title'),
    message: t('errors_timeout_message'),
    actions: ['retry'],
    severity: 'error',
  }),
  redirected: (e) => ({
    title: t('errors_redirected_title'),
    message: t('errors_redirected_message', e.message),
    actions: ['open-settings', 'copy-details'],
    severity: 'error',
  }),
  aborted: () => ({
    title: t('errors_aborted_title'),
    message: t('errors_aborted_message'),
    actions: ['retry'],
    severity: 'info',
  }),
  bad_response: (e) =>
    // `credits` set: the service answered 2xx, so it processed and charged the request (lib/engine/unreadable.ts).
    // Retrying would charge again; the answer is kept and read again after an update.
    e.credits !== undefined && e.credits > 0
      ? {
          title: t('errors_bad_response_charged_title'),
          message: t('errors_bad_response_charged_message', creditsText(e.credits)),
          actions: ['copy-details'],
          severity: 'error',
        }
      : {
          title: t('errors_bad_response_title'),
          message: t('errors_bad_response_message'),
          actions: ['copy-details', 'retry'],
          severity: 'error',
        },
  budget_exceeded: () => ({
    title: t('errors_budget_exceeded_title'),
    message: t('errors_budget_exceeded_message'),
    actions: ['open-settings'],
    severity: 'warning',
  }),
  price_changed: (e) => ({
    title: t('errors_price_changed_title'),
    message: t('errors_price_changed_message', creditsText(e.quotedCredits ?? 0), creditsText(e.credits ?? 1)),
    actions: [],
    severity: 'warning',
  }),
  // The panel cannot ask for the site itself: without access it does not even know the tab's address (and Firefox
  // refuses a permission prompt that is not the click's first step). The toolbar button grants this page at once.
  permission_needed: () => ({
    title: t('errors_permission_needed_title'),
    message: t('errors_permission_needed_message'),
    actions: ['retry'],
    severity: 'warning',
  }),
  not_scannable: () => ({
    title: t('errors_not_scannable_title'),
    message: t('errors_not_scannable_message'),
    actions: [],
    severity: 'info',
  }),
  invalid_message: () => ({
    title: t('errors_invalid_message_title'),
    message: t('errors_invalid_message_message'),
    actions: ['copy-details'],
    severity: 'error',
  }),
  forbidden: () => ({
    title: t('errors_forbidden_title'),
    message: t('errors_forbidden_message'),
    actions: ['copy-details'],
    severity: 'error',
  }),
  internal: () => ({
    title: t('errors_internal_title'),
    message: t('errors_internal_message'),
    actions: ['retry', 'copy-details'],
    severity: 'error',
  }),
};

/** A team hub's budget refusal: whose budget, which period, how far (hub/spend.ts `BudgetRefusal`). */
function hubBudgetMessage(e: ErrorData): string {
  const b = e.hub?.budget;
  if (!b) return t('hub_error_budget_message');
  // Counted ("0 credits"), not priced: a budget of 0 is not "free".
  const count = (n: number) => tn('credits', n);
  return t(`hub_error_budget_${b.scope}_${b.period}`, count(b.budget), count(b.spent), count(b.cost));
}

/**
 * The team hub's refusals (lib/hub-client/refusal.ts): the hub's words, with the recovery its kind allows. A 429 keeps
 * its countdown; a sign-in failure points at the options page, where the hub is signed in to and left.
 */
const hubCatalogue: Record<HubRefusalCode, Describer> = {
  invalid_invite: () => ({ title: t('hub_error_invalid_invite_title'), message: t('hub_error_invalid_invite_message'), actions: [], severity: 'warning' }),
  not_https: () => ({ title: t('hub_error_not_https_title'), message: t('hub_error_not_https_message'), actions: [], severity: 'warning' }),
  unreachable: (e) => ({ title: t('hub_error_unreachable_title'), message: t('hub_error_unreachable_message', e.hub?.host ?? ''), actions: ['retry'], severity: 'error' }),
  not_a_hub: (e) => ({ title: t('hub_error_not_a_hub_title'), message: t('hub_error_not_a_hub_message', e.hub?.host ?? ''), actions: ['copy-details'], severity: 'error' }),
  sign_in_limited: (e) => ({
    title: t('hub_error_sign_in_limited_title'),
    message: t('hub_error_sign_in_limited_message', formatWait(e.retryAfterMs ?? 600_000)),
    actions: [],
    severity: 'warning',
  }),
  token_refused: () => ({ title: t('hub_error_token_refused_title'), message: t('hub_error_token_refused_message'), actions: ['open-settings'], severity: 'error' }),
  budget_exceeded: (e) => ({ title: t('hub_error_budget_title'), message: hubBudgetMessage(e), actions: [], severity: 'warning' }),
  proxy_off: () => ({ title: t('hub_error_proxy_off_title'), message: t('hub_error_proxy_off_message'), actions: ['open-settings'], severity: 'error' }),
  team_key_refused: () => ({ title: t('hub_error_team_key_refused_title'), message: t('hub_error_team_key_refused_message'), actions: ['copy-details'], severity: 'error' }),
  upstream_timeout: () => ({ title: t('hub_error_upstream_timeout_title'), message: t('hub_error_upstream_timeout_message'), actions: ['copy-details'], severity: 'error' }),
  rate_limited: (e) => {
    const wait = e.retryAfterMs ?? 60_000;
    return { title: t('hub_error_rate_limited_title'), message: t('hub_error_rate_limited_message', formatWait(wait)), actions: ['wait'], retryInMs: wait, severity: 'info' };
  },
  revoke_self: () => ({ title: t('hub_error_revoke_self_title'), message: t('hub_error_revoke_self_message'), actions: [], severity: 'warning' }),
  last_admin: () => ({ title: t('hub_error_last_admin_title'), message: t('hub_error_last_admin_message'), actions: [], severity: 'warning' }),
  invite_not_open: () => ({ title: t('hub_error_invite_not_open_title'), message: t('hub_error_invite_not_open_message'), actions: [], severity: 'info' }),
  key_secret_missing: () => ({ title: t('hub_error_key_secret_missing_title'), message: t('hub_error_key_secret_missing_message'), actions: ['copy-details'], severity: 'error' }),
  list_not_found: () => ({ title: t('hub_error_list_not_found_title'), message: t('hub_error_list_not_found_message'), actions: [], severity: 'warning' }),
  list_item_not_found: () => ({ title: t('hub_error_list_item_not_found_title'), message: t('hub_error_list_item_not_found_message'), actions: [], severity: 'info' }),
  list_owner_required: () => ({ title: t('hub_error_list_owner_required_title'), message: t('hub_error_list_owner_required_message'), actions: [], severity: 'warning' }),
  hub_failed: () => ({ title: t('hub_error_hub_failed_title'), message: t('hub_error_hub_failed_message'), actions: ['retry', 'copy-details'], severity: 'error' }),
};

/** Words and recovery actions for an error (as data). Unknown kinds read as an internal error. */
export function describeError(error: ErrorData): ErrorDescription {
  if (error.hub) return hubCatalogue[error.hub.code](error);
  const describe = catalogue[error.kind] ?? catalogue.internal;
  return describe(error);
}

/** The kinds the catalogue covers (all of `ErrorKind`); used by tests and docs. */
export const DESCRIBED_KINDS = Object.keys(catalogue) as ErrorKind[];

/**
 * Copyable technical detail for "copy details": kind, status, request id and the raw detail. The API key never
 * reaches ErrorData, so nothing here can leak it.
 */
export function errorDetails(error: ErrorData): string {
  const lines = [`kind: ${error.kind}`, `message: ${error.message}`];
  if (error.status !== undefined) lines.push(`status: ${error.status}`);
  if (error.requestId) lines.push(`request id: ${error.requestId}`); // i18n-ignore: copied technical detail for bug reports, kept in English
  if (error.errorText) lines.push(`service said: ${error.errorText}`); // i18n-ignore: copied technical detail for bug reports, kept in English
  if (error.detail) lines.push(`detail: ${error.detail}`);
  return lines.join('\n');
}
