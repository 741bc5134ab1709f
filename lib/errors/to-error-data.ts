/**
 * The one function that turns any thrown value into ErrorData, the form errors take across message boundaries
 * and into the UI (there were four, and they disagreed). The API client's errors keep their kind, status, request id
 * and scrubbed detail; our own refusals (HandledError) and the background's answers in the UI (RequestFailed) pass as
 * they are; anything else is an internal error whose message is ours, never a raw payload.
 */
import { t } from '@/lib/i18n/t';
import { ApiError } from '../api/errors';
import { HandledError, RequestFailed } from './handled-error';
import { hubRefusalOf } from '../hub-client/refusal';
import type { ErrorData } from '../model/errors';

export function toErrorData(error: unknown): ErrorData {
  if (error instanceof HandledError) return error.data;
  if (error instanceof RequestFailed) return error.error;
  if (error instanceof ApiError) return apiErrorData(error);
  if (isErrorData(error)) return error;
  if (typeof error === 'object' && error !== null && (error as { kind?: unknown }).kind === 'aborted') {
    return { kind: 'aborted', message: t('errors_cancelled_before_finished') };
  }
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { kind: 'internal', message: t('errors_internal_short'), detail: detail.slice(0, 2000) };
}

/** An API error as data, every text bounded as ErrorDataSchema requires. */
function apiErrorData(err: ApiError): ErrorData {
  const data: ErrorData = { kind: err.kind, message: err.message.slice(0, 2000) };
  if (err.status !== undefined) data.status = err.status;
  if (err.requestId !== undefined) data.requestId = err.requestId.slice(0, 200);
  if (err.retryAfterMs !== undefined) data.retryAfterMs = err.retryAfterMs;
  if (err.errorText !== undefined) data.errorText = err.errorText.slice(0, 2000);
  // A team hub's own refusal (proxy mode): the same kind, the hub's words (lib/errors/catalogue.ts).
  const hub = hubRefusalOf(err.status, err.body);
  if (hub) data.hub = hub;
  const detail = detailOf(err);
  if (detail) data.detail = detail.slice(0, 20_000);
  return data;
}

/** Copyable technical detail: request id, zod issues, the (already scrubbed) body excerpt. */
function detailOf(err: ApiError): string | undefined {
  const lines: string[] = [];
  if (err.requestId) lines.push(`request id: ${err.requestId}`); // i18n-ignore: copied technical detail for bug reports, kept in English
  if (err.issues?.length) lines.push(...err.issues.map((i) => `at ${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`)); // i18n-ignore: copied technical detail for bug reports, kept in English
  if (err.body !== undefined && err.body !== '') {
    lines.push(`body: ${typeof err.body === 'string' ? err.body : JSON.stringify(err.body).slice(0, 2000)}`);
  }
  return lines.length ? lines.join('\n') : undefined;
}

function isErrorData(value: unknown): value is ErrorData {
  return (
    typeof value === 'object' &&
    value !== null &&
    !(value instanceof Error) &&
    typeof (value as { kind?: unknown }).kind === 'string' &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}
