/**
 * The two calls of a sign-in, from the background: redeem the invite for a member token (`POST /hub/invites/redeem`),
 * then ask who that is and what the team is (`GET /hub/me`). Answers are validated; every failure leaves as error data
 * that says what happened and what to do (`hub` names the refusal: lib/hub-client/refusal.ts). Redirects are never
 * followed: the token would go with them.
 */
import ky, { type KyResponse } from 'ky';
import { z } from 'zod';
import { parseRetryAfter } from '../api/errors';
import { HandledError } from '../errors/handled-error';
import type { ErrorData, ErrorKind } from '../model/errors';
import { t } from '../i18n/t';
import { hostOf } from './address';
import { hubRefusalOf, type HubRefusalCode } from './refusal';
import { HubMemberSchema, HubTeamSchema } from './session';

const TIMEOUT_MS = 15_000;

// The hub's member carries more (its team id); only these fields are kept.
const AnyMemberSchema = z.looseObject(HubMemberSchema.shape);
const RedeemedSchema = z.object({ token: z.string().min(1).max(512), member: AnyMemberSchema });
const MeSchema = z.object({ member: AnyMemberSchema, team: z.looseObject(HubTeamSchema.shape) });

const KIND_OF: Record<HubRefusalCode, ErrorKind> = {
  invalid_invite: 'forbidden',
  not_https: 'forbidden',
  unreachable: 'network',
  not_a_hub: 'bad_response',
  sign_in_limited: 'rate_limited',
  token_refused: 'invalid_key',
  budget_exceeded: 'budget_exceeded',
  proxy_off: 'forbidden',
  team_key_refused: 'forbidden',
  upstream_timeout: 'timeout',
  rate_limited: 'rate_limited',
  revoke_self: 'forbidden',
  last_admin: 'forbidden',
  invite_not_open: 'not_found',
  key_secret_missing: 'forbidden',
  list_not_found: 'not_found',
  list_item_not_found: 'not_found',
  list_owner_required: 'forbidden',
  hub_failed: 'server',
};

const MESSAGE_OF: Partial<Record<HubRefusalCode, (host: string) => string>> = {
  invalid_invite: () => t('hub_error_invalid_invite_message'),
  not_https: () => t('hub_error_not_https_message'),
  unreachable: (host) => t('hub_error_unreachable_message', host),
  not_a_hub: (host) => t('hub_error_not_a_hub_message', host),
  token_refused: () => t('hub_error_token_refused_message'),
};

function refusal(code: HubRefusalCode, hubUrl: string, extra: Partial<ErrorData> = {}): HandledError {
  const host = hostOf(hubUrl);
  const message = (MESSAGE_OF[code]?.(host) ?? t('hub_error_hub_failed_message')).slice(0, 2000);
  return new HandledError({ kind: KIND_OF[code], message, hub: { code, host }, ...extra });
}

/** A call to the hub's own API: the method, a JSON body, the member's token. */
export interface HubCallInit {
  method: 'get' | 'post' | 'put' | 'delete';
  json?: unknown;
  token?: string;
}

async function send(hubUrl: string, path: string, init: HubCallInit, fetchImpl?: typeof fetch): Promise<KyResponse> {
  try {
    return await ky(`${hubUrl}${path}`, {
      method: init.method,
      ...(init.json !== undefined ? { json: init.json } : {}),
      headers: { accept: 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
      redirect: 'manual',
      throwHttpErrors: false,
      retry: 0,
      timeout: TIMEOUT_MS,
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
    });
  } catch (error) {
    throw refusal('unreachable', hubUrl, { detail: error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 2000) : undefined });
  }
}

/** The answer's JSON when it is the hub's success, else the refusal that says why not. */
async function read<T>(response: KyResponse, schema: z.ZodType<T>, hubUrl: string): Promise<T> {
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    body = undefined;
  }
  const status = response.status;
  if (status >= 200 && status < 300) {
    const parsed = schema.safeParse(body);
    if (parsed.success) return parsed.data;
    throw refusal('not_a_hub', hubUrl, { status, detail: text.slice(0, 500) });
  }
  // Status 0 (a browser's opaque redirect) or a 30x: something that is not the hub's API answered.
  if (status < 400) throw refusal('not_a_hub', hubUrl, { status });
  const said = hubRefusalOf(status, text);
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
    throw refusal('sign_in_limited', hubUrl, { status, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) });
  }
  if (said) throw refusal(said.code, hubUrl, { status });
  if (status === 404 || body === undefined) throw refusal('not_a_hub', hubUrl, { status, detail: text.slice(0, 500) });
  throw refusal('hub_failed', hubUrl, { status, detail: text.slice(0, 500) });
}

export type Redeemed = { token: string; member: z.infer<typeof HubMemberSchema> };

export async function redeemInvite(hubUrl: string, code: string, name: string | undefined, fetchImpl?: typeof fetch): Promise<Redeemed> {
  const response = await send(hubUrl, '/hub/invites/redeem', { method: 'post', json: { code, ...(name ? { name } : {}) } }, fetchImpl);
  const redeemed = await read(response, RedeemedSchema, hubUrl);
  return { token: redeemed.token, member: { id: redeemed.member.id, name: redeemed.member.name, role: redeemed.member.role } };
}

export type Me = { member: z.infer<typeof HubMemberSchema>; team: z.infer<typeof HubTeamSchema> };

export async function whoAmI(hubUrl: string, token: string, fetchImpl?: typeof fetch): Promise<Me> {
  const response = await send(hubUrl, '/hub/me', { method: 'get', token }, fetchImpl);
  const me = await read(response, MeSchema, hubUrl);
  return { member: { id: me.member.id, name: me.member.name, role: me.member.role }, team: { id: me.team.id, name: me.team.name, proxy: me.team.proxy } };
}

/** A member's call to the hub's API (lists, usage, sign-out): its validated JSON, or the refusal that says why not. */
export async function callHub<T>(hubUrl: string, path: string, init: HubCallInit, schema: z.ZodType<T>, fetchImpl?: typeof fetch): Promise<T> {
  return read(await send(hubUrl, path, init, fetchImpl), schema, hubUrl);
}

/** The same for an answer that is text (the usage CSV). */
export async function callHubText(hubUrl: string, path: string, init: HubCallInit, fetchImpl?: typeof fetch): Promise<string> {
  const response = await send(hubUrl, path, init, fetchImpl);
  if (response.status >= 200 && response.status < 300) return response.text();
  return read(response, z.never(), hubUrl);
}
