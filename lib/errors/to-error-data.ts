/**
 * Any thrown value → ErrorData, the form errors take across message boundaries. The API client's errors keep
 * their kind, status, request id and scrubbed detail; our own refusals (HandledError) pass as they are; anything
 * else is an internal error whose message is ours, never a raw payload.
 */
import { ApiError, toErrorData as apiErrorData } from '../api/errors';
import type { ErrorData } from '../messaging/protocol';
import { HandledError } from '../messaging/router';

export function toErrorData(error: unknown): ErrorData {
  if (error instanceof HandledError) return error.data;
  if (error instanceof ApiError) return apiErrorData(error);
  if (isErrorData(error)) return error;
  if (typeof error === 'object' && error !== null && (error as { kind?: unknown }).kind === 'aborted') {
    return { kind: 'aborted', message: 'Cancelled before it finished.' };
  }
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { kind: 'internal', message: 'Something went wrong in the extension.', detail: detail.slice(0, 2000) };
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
