/**
 * The two error classes that carry ErrorData as it is (no rewording, no scrubbing: it was made as data on purpose).
 * They live with the error data, below the messaging layer, so `toErrorData` can recognise them without lib/errors
 * importing the router or the client that throw them.
 */
import type { ErrorData } from '../model/errors';

/** The background's own refusal (over budget, price changed, a gone job): the router replies with `data` as it is. */
export class HandledError extends Error {
  constructor(readonly data: ErrorData) {
    super(data.message);
    this.name = 'HandledError';
  }
}

/** A failed request, as an extension page receives it: the background's error as data (lib/errors/catalogue.ts words it). */
export class RequestFailed extends Error {
  constructor(readonly error: ErrorData) {
    super(error.message);
    this.name = 'RequestFailed';
  }
}
