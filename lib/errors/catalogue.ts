/**
 * The one catalogue that turns an error (as data, from the background) into words and recovery actions.
 * Every UI (side panel, popup, options, onboarding) shows errors through `describeError`, so the same failure
 * reads the same everywhere. Words say what happened and what to do; they never include the API key.
 */
import type { ErrorData, ErrorKind } from '../messaging/protocol';

export type ErrorAction =
  | 'open-settings'
  | 'retry'
  | 'copy-details'
  | 'upgrade-plan'
  | 'wait'
  | 'add-credits'
  | 'grant-permission';

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
  if (seconds < 90) return `${seconds} s`;
  return `${Math.ceil(seconds / 60)} min`;
}

type Describer = (error: ErrorData) => ErrorDescription;

const catalogue: Record<ErrorKind, Describer> = {
  bad_request: (e) => ({
    title: 'The service could not read this request',
    message: `${e.errorText ?? 'Some input was not in a form the service accepts.'} Check what you typed (email, phone, profile address) and try again.`,
    actions: ['retry', 'copy-details'],
    severity: 'error',
  }),
  invalid_key: () => ({
    title: 'Your API key was not accepted',
    message: 'The enrichment service rejected the key. Open the settings, paste a valid key and test it.',
    actions: ['open-settings'],
    severity: 'error',
  }),
  no_key: () => ({
    title: 'No API key yet',
    message:
      'Add your API key in the settings to start enriching, or point the extension at the local demo sandbox to try it without an account.',
    actions: ['open-settings'],
    severity: 'warning',
  }),
  out_of_credits: () => ({
    title: 'Out of credits',
    message:
      'Your account has no credits left, so the service refused this lookup. Add credits in your account portal; cached results stay free meanwhile.',
    actions: ['add-credits', 'open-settings'],
    severity: 'error',
  }),
  plan_required: () => ({
    title: 'Contact search needs an Enterprise plan',
    message: 'Your current plan does not include contact search. Upgrade to an Enterprise plan to use it; enrichment keeps working.',
    actions: ['upgrade-plan'],
    severity: 'warning',
  }),
  not_found: (e) => ({
    title: 'No match found',
    message: `${e.errorText ?? 'The service has no record for this lookup.'} No credit was spent. Try another email, phone or profile address.`,
    actions: [],
    severity: 'info',
  }),
  rate_limited: (e) => {
    const wait = e.retryAfterMs ?? 60_000;
    return {
      title: 'Queued: rate limit reached',
      message: `The service allows 200 requests per minute. Your lookups are queued and resume in ${formatWait(wait)}; nothing is lost and nothing is charged twice.`,
      actions: ['wait'],
      retryInMs: wait,
      severity: 'info',
    };
  },
  server: (e) => ({
    title: 'The enrichment service had a problem',
    message:
      e.retryAfterMs !== undefined
        ? `The service failed on its side. Retrying in ${formatWait(e.retryAfterMs)}; if it keeps failing, try again later.`
        : 'The service failed on its side and automatic retries did not help. Try again in a minute.',
    actions: ['retry', 'copy-details'],
    ...(e.retryAfterMs !== undefined ? { retryInMs: e.retryAfterMs } : {}),
    severity: 'error',
  }),
  network: () => ({
    title: 'Cannot reach the enrichment service',
    message:
      'You seem to be offline, or the API address in the settings is wrong. Check your connection and the API base URL, then retry.',
    actions: ['retry', 'open-settings'],
    severity: 'error',
  }),
  timeout: () => ({
    title: 'The service took too long to answer',
    message:
      'The request timed out, so we did not repeat it on our own: the service may still have finished it and charged for it. Try again when you are ready (a retry is a new paid lookup), or turn realtime off to get the stored data faster.',
    actions: ['retry'],
    severity: 'error',
  }),
  redirected: (e) => ({
    title: 'The API address redirects elsewhere',
    message: `${e.message} Check the API base URL in the settings and enter the address the service gives you.`,
    actions: ['open-settings', 'copy-details'],
    severity: 'error',
  }),
  aborted: () => ({
    title: 'Cancelled',
    message: 'The request was cancelled before it finished. Nothing more will be charged for it.',
    actions: ['retry'],
    severity: 'info',
  }),
  bad_response: () => ({
    title: 'Unexpected answer from the service',
    message:
      'The service answered in a form this extension does not understand. Copy the details and report them; retrying may help.',
    actions: ['copy-details', 'retry'],
    severity: 'error',
  }),
  budget_exceeded: () => ({
    title: 'Daily budget reached',
    message:
      'This action would go over the daily credit budget you set, so it was not sent. Raise or remove the budget in the settings, or try again tomorrow.',
    actions: ['open-settings'],
    severity: 'warning',
  }),
  permission_needed: () => ({
    title: 'Permission needed for this site',
    message:
      'The extension may only read this page after you allow it. Click the toolbar icon or grant access to this site, then try again.',
    actions: ['grant-permission'],
    severity: 'warning',
  }),
  not_scannable: () => ({
    title: 'This page cannot be scanned',
    message:
      'Browser pages (chrome://, the extension store, PDF viewers) are closed to extensions. Open a normal web page to find contacts.',
    actions: [],
    severity: 'info',
  }),
  invalid_message: () => ({
    title: 'Request refused',
    message: 'The extension received a request it could not accept. Reload the extension; if it happens again, copy the details and report it.',
    actions: ['copy-details'],
    severity: 'error',
  }),
  forbidden: () => ({
    title: 'Not allowed',
    message: 'This part of the extension may not make that request. Use the side panel or the options page instead.',
    actions: ['copy-details'],
    severity: 'error',
  }),
  internal: () => ({
    title: 'Something went wrong in the extension',
    message: 'An unexpected error happened. Retry; if it happens again, reload the extension and copy the details into a bug report.',
    actions: ['retry', 'copy-details'],
    severity: 'error',
  }),
};

/** Words and recovery actions for an error (as data). Unknown kinds read as an internal error. */
export function describeError(error: ErrorData): ErrorDescription {
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
  if (error.requestId) lines.push(`request id: ${error.requestId}`);
  if (error.errorText) lines.push(`service said: ${error.errorText}`);
  if (error.detail) lines.push(`detail: ${error.detail}`);
  return lines.join('\n');
}
