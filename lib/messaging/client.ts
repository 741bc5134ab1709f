import { t } from '../i18n/t';
import { RequestFailed } from '../errors/handled-error';
import { ErrorDataSchema } from '../model/errors';
import type { RequestInput, RequestOutput, RequestType } from './ui-to-background';


export type Send = (message: unknown) => Promise<unknown>;

/**
 * Typed requests from an extension page to the background. `send` is `browser.runtime.sendMessage`
 * (see lib/messaging/extension.ts); passing it in keeps this module testable without a browser.
 */
export function createBackgroundClient(send: Send) {
  return {
    async request<T extends RequestType>(type: T, input: RequestInput<T>): Promise<RequestOutput<T>> {
      let reply: unknown;
      try {
        reply = await send({ type, input });
      } catch (cause) {
        throw new RequestFailed({
          kind: 'internal',
          message: t('errors_background_silent'),
          detail: String(cause),
        });
      }
      if (reply && typeof reply === 'object' && 'ok' in reply) {
        if (reply.ok === true && 'data' in reply) return reply.data as RequestOutput<T>;
        if (reply.ok === false && 'error' in reply) {
          const error = ErrorDataSchema.safeParse(reply.error);
          if (error.success) throw new RequestFailed(error.data);
        }
      }
      throw new RequestFailed({
        kind: 'internal',
        message: t('errors_background_unreadable'),
      });
    },
  };
}

export type BackgroundClient = ReturnType<typeof createBackgroundClient>;
