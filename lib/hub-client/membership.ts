/**
 * Signing in to a team hub and leaving it, over the background's stores. In proxy mode the member's token goes where
 * the API key went (the key store) and the API address becomes the hub's, so the extension's transport, limiter,
 * cache and ledger work as they do against the service; the user's own key and address are kept in the sign-in and
 * put back on leaving, unless the user changed them since (then theirs stay). A team without proxy mode keeps its key
 * out of the hub: the sign-in is kept, and lookups still use the user's own key and address.
 */
import { HandledError } from '../errors/handled-error';
import type { KeyStore, SecretText } from '../keystore';
import type { SettingsStore } from '../settings/store';
import { t } from '../i18n/t';
import { validateHubUrl } from './address';
import { readSession, type HubJoin, type HubSession, type HubState } from './session';
import { redeemInvite, whoAmI } from './sign-in';

export interface MembershipDeps {
  keystore: KeyStore;
  settings: Pick<SettingsStore, 'get' | 'update'>;
  /** Where the sign-in is kept (lib/keystore `createIdbSecretText('hubSession')`). */
  session: SecretText;
  fetch?: typeof fetch;
  now?: () => number;
}

export function createMembership(deps: MembershipDeps) {
  const now = deps.now ?? Date.now;

  async function current(): Promise<HubSession | null> {
    return readSession(await deps.session.get());
  }

  async function state(): Promise<HubState> {
    const session = await current();
    if (!session) return { signedIn: false };
    const inUse = session.team.proxy && (await deps.keystore.get()) === session.token && (await deps.settings.get()).apiBaseUrl === session.hubUrl;
    return {
      signedIn: true,
      hubUrl: session.hubUrl,
      teamName: session.team.name,
      memberName: session.member.name,
      role: session.member.role,
      proxy: session.team.proxy,
      signedInAt: session.signedInAt,
      inUse,
      previousApiBaseUrl: session.previous.apiBaseUrl,
    };
  }

  async function join(input: HubJoin): Promise<HubState> {
    const checked = validateHubUrl(input.hubUrl);
    if (!checked.ok) throw new HandledError({ kind: 'invalid_message', message: checked.message, hub: { code: 'not_https' } });
    if (await current()) throw new HandledError({ kind: 'invalid_message', message: t('hub_already_signed_in') });
    const hubUrl = checked.url;
    const redeemed = await redeemInvite(hubUrl, input.code, input.name, deps.fetch);
    const me = await whoAmI(hubUrl, redeemed.token, deps.fetch);
    const session: HubSession = {
      hubUrl,
      token: redeemed.token,
      team: me.team,
      member: me.member,
      signedInAt: now(),
      previous: { apiKey: await deps.keystore.get(), apiBaseUrl: (await deps.settings.get()).apiBaseUrl },
    };
    // Kept before anything is replaced: whatever stops half-way, leaving can still put the user's key back.
    await deps.session.set(JSON.stringify(session));
    if (me.team.proxy) {
      await deps.keystore.set(redeemed.token);
      await deps.settings.update({ apiBaseUrl: hubUrl });
    }
    return state();
  }

  /** Forgets the sign-in; in proxy mode puts back the key and address it replaced (what the user changed since stays). */
  async function leave(): Promise<HubState> {
    const session = await current();
    if (session?.team.proxy) {
      if ((await deps.keystore.get()) === session.token) {
        if (session.previous.apiKey) await deps.keystore.set(session.previous.apiKey);
        else await deps.keystore.clear();
      }
      if ((await deps.settings.get()).apiBaseUrl === session.hubUrl) await deps.settings.update({ apiBaseUrl: session.previous.apiBaseUrl });
    }
    await deps.session.clear();
    return { signedIn: false };
  }

  return { state, join, leave };
}

export type Membership = ReturnType<typeof createMembership>;
