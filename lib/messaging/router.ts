import type { z } from 'zod';
import { HandledError } from '../errors/handled-error';
import type { ErrorData } from '../model/errors';
import { type ContentMessage, ContentMessageSchema } from './content-to-background';
import { exceedsSize, MAX_MESSAGE_BYTES } from './size';
import { type Reply, RequestEnvelopeSchema, type RequestOutput, type RequestType, requests } from './ui-to-background';

/** Who sent a message, as the browser reports it (runtime.MessageSender, reduced to what we check). */
export interface SenderInfo {
  id?: string;
  url?: string;
  tab?: { id?: number };
  frameId?: number;
}

export type SenderKind = 'extension-page' | 'content-script' | 'foreign';

/** Where the demo pages live in the package (wxt.config.ts writes them, lib/build/demo-assets.ts). */
export const DEMO_PAGES_PATH = '/demo/';

/**
 * A message with no stamp is no evidence of trust: only our own extension may talk to us, and only pages served
 * from our own origin count as extension pages. Content scripts share our id but run on the page's URL.
 */
export function classifySender(sender: SenderInfo, ownId: string, ownOrigin: string): SenderKind {
  if (sender.id !== ownId) return 'foreign';
  // The demo pages (our origin, /demo/) carry the scanner itself, like any web page would have it injected: they
  // speak with a content script's rights only (report a scan), never an extension page's (demo mode, keys, lookups).
  if (sender.url?.startsWith(`${ownOrigin.replace(/\/+$/, '')}${DEMO_PAGES_PATH}`)) return sender.tab?.id !== undefined ? 'content-script' : 'foreign';
  if (sender.url?.startsWith(ownOrigin)) return 'extension-page';
  if (sender.tab?.id !== undefined) return 'content-script';
  return 'foreign';
}

/**
 * Broadcasts (`event/*`) come only from the background. `runtime.sendMessage` from a content script reaches every
 * extension page too, so a page on tab A could otherwise paint its own findings into the panel of tab B or fake
 * the credits line, or a tab's events reach another tab's panel. The background is an extension page without a tab;
 * content scripts carry their tab and the page's URL, other extensions another id.
 */
export function isBackgroundSender(sender: SenderInfo, ownId: string, ownOrigin: string): boolean {
  return classifySender(sender, ownId, ownOrigin) === 'extension-page' && sender.tab === undefined;
}

export type Handlers<Ctx> = {
  [T in RequestType]: (input: ParsedInput<T>, ctx: Ctx) => Promise<RequestOutput<T>>;
};
/** The parsed (post-default) input a handler receives. */
export type ParsedInput<T extends RequestType> = z.infer<(typeof requests)[T]['input']>;

function fail(kind: ErrorData['kind'], message: string, detail?: string): Reply<never> {
  return { ok: false, error: { kind, message, ...(detail ? { detail } : {}) } };
}


/**
 * Validates and dispatches one message. Extension pages may send any `Request`; content scripts only
 * `ContentMessage`s, which go to `onContent`. Everything else is refused with an error as data.
 */
export function createRouter<Ctx>(options: {
  ownId: string;
  ownOrigin: string;
  handlers: Handlers<Ctx>;
  context: (sender: SenderInfo) => Ctx;
  onContent: (message: ContentMessage, sender: SenderInfo) => Promise<unknown>;
  toErrorData: (error: unknown) => ErrorData;
}) {
  return async function route(message: unknown, sender: SenderInfo): Promise<Reply<unknown> | unknown> {
    const kind = classifySender(sender, options.ownId, options.ownOrigin);
    if (kind === 'foreign') return fail('forbidden', 'Messages from outside this extension are not accepted.');
    if (exceedsSize(message, MAX_MESSAGE_BYTES)) return fail('invalid_message', 'The message was too large and was ignored.');
    if (kind === 'content-script') {
      const parsed = ContentMessageSchema.safeParse(message);
      if (!parsed.success) return fail('forbidden', 'Content scripts may only report what they found on the page.');
      return options.onContent(parsed.data, sender);
    }
    const envelope = RequestEnvelopeSchema.safeParse(message);
    if (!envelope.success) return fail('invalid_message', 'Unknown request.', envelope.error.message);
    const type = envelope.data.type;
    const input = requests[type].input.safeParse(envelope.data.input);
    if (!input.success) return fail('invalid_message', 'The request was not valid.', input.error.message);
    try {
      const handler = options.handlers[type] as (input: unknown, ctx: Ctx) => Promise<unknown>;
      return { ok: true, data: await handler(input.data, options.context(sender)) };
    } catch (error) {
      return { ok: false, error: error instanceof HandledError ? error.data : options.toErrorData(error) };
    }
  };
}

