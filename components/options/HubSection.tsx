/**
 * The team hub: its address and an invite → the background redeems the invite and keeps the member's token where the
 * key goes (the page never sees it); "Signed in to <team> as <member>"; "Leave the hub" puts the user's own key and
 * address back (the hub is told to forget the token first: it is forgotten here even when the hub cannot be reached),
 * and below it the spend on the hub (./hub/UsageView.tsx), and for a team admin the invites, the team's settings and
 * the audit log (./hub/InvitesView.tsx, TeamSettingsView.tsx, AuditView.tsx). The hub's origin is asked for first, in the click, as a saved API address's is (the background calls
 * the hub from then on); leaving asks for the previous address's origin again and gives the hub's back.
 */
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button, Chip, ErrorState, Section } from '@/components/ui';
import { request } from '@/components/shared/hooks';
import { queryKeys } from '@/components/shared/query-client';
import { toErrorData } from '@/components/shared/use-settings';
import { hostOf, validateHubUrl } from '@/lib/hub-client/address';
import { HubJoinSchema, type HubState } from '@/lib/hub-client/session';
import { t } from '@/lib/i18n/t';
import type { ErrorData } from '@/lib/model/errors';
import { applyPermissionPlan, originPattern } from '@/lib/permissions';
import { Field, type Status, StatusLine } from './fields';
import { AuditView } from './hub/AuditView';
import { InvitesView } from './hub/InvitesView';
import { TeamSettingsView } from './hub/TeamSettingsView';
import { UsageView } from './hub/UsageView';
import { permissionsApi, requiredOrigins } from './permissions-glue';

export interface HubSectionProps {
  /** The API address and key hint now: the sign-in is "in use" only while they are still the hub's. */
  apiBaseUrl: string;
  keyHint: string | null;
  /** After signing in or leaving (the key and address changed: the caller reloads the settings snapshot). */
  onChanged: () => void;
}

/** Asks for `request` and gives back `revoke`, in the click (see permissions-glue.ts). */
function changeOrigins(requested: (string | null)[], revoked: (string | null)[]) {
  const required = new Set(requiredOrigins());
  const wanted = requested.filter((o): o is string => o !== null && !required.has(o));
  const given = revoked.filter((o): o is string => o !== null && !required.has(o) && !wanted.includes(o));
  return applyPermissionPlan(permissionsApi, { request: wanted, revoke: given });
}

/** The sign-in as the page may know it. The address and key are part of the question: changed elsewhere, it may no longer be in use. */
export function useHubState(apiBaseUrl: string, keyHint: string | null) {
  return useQuery({ queryKey: queryKeys.request('hub/state', `${apiBaseUrl}|${keyHint ?? ''}`), queryFn: () => request('hub/state', {}) });
}

/** Under the API key: while a hub sign-in is the saved key, say so (removing or replacing it leaves the hub's lookups). */
export function HubKeyNote({ apiBaseUrl, keyHint }: Pick<HubSectionProps, 'apiBaseUrl' | 'keyHint'>) {
  const { data } = useHubState(apiBaseUrl, keyHint);
  if (!data?.signedIn || !data.inUse) return null;
  return (
    <p className="opt-note opt-note--lead" data-testid="options-key-is-hub">
      {t('hub_key_is_sign_in', data.teamName)}
    </p>
  );
}

export function HubSection({ apiBaseUrl, keyHint, onChanged }: HubSectionProps) {
  const query = useHubState(apiBaseUrl, keyHint);
  const [hubUrl, setHubUrl] = useState('');
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ hubUrl?: string; code?: string }>({});
  const [status, setStatus] = useState<Status>(null);
  const [error, setError] = useState<ErrorData | null>(null);
  const [busy, setBusy] = useState<'join' | 'leave' | null>(null);

  const done = (state: HubState) => {
    query.refetch().catch(() => undefined);
    onChanged();
    return state;
  };

  function join(event: FormEvent) {
    event.preventDefault();
    const address = validateHubUrl(hubUrl);
    const input = HubJoinSchema.safeParse({ hubUrl, code, ...(name.trim() ? { name } : {}) });
    const codeError = code.trim() === '' ? t('hub_invite_empty') : input.success || !input.error.issues.some((i) => i.path[0] === 'code') ? undefined : t('hub_invite_malformed');
    setErrors({ ...(address.ok ? {} : { hubUrl: address.message }), ...(codeError ? { code: codeError } : {}) });
    if (!address.ok || codeError || !input.success) return;
    const host = hostOf(address.url);
    setError(null);
    setBusy('join');
    // In the submit handler, before any await: the browser shows its prompt only during the user's gesture.
    const permission = changeOrigins([originPattern(address.url)], []);
    setStatus({ tone: 'info', text: t('hub_allow_prompt', host) });
    void (async () => {
      try {
        const outcome = await permission;
        if (!outcome.ok) {
          setStatus({ tone: 'warning', text: t('hub_declined', host) });
          return;
        }
        setStatus({ tone: 'info', text: t('hub_signing_in', host) });
        done(await request('hub/join', { ...input.data, hubUrl: address.url }));
        setCode('');
        setStatus(null);
      } catch (e) {
        setStatus(null);
        setError(toErrorData(e));
      } finally {
        setBusy(null);
      }
    })();
  }

  function leave(state: Extract<HubState, { signedIn: true }>) {
    setError(null);
    setBusy('leave');
    // The previous address's origin back (it may have been given back since), the hub's given back.
    const permission = state.proxy ? changeOrigins([originPattern(state.previousApiBaseUrl)], [originPattern(state.hubUrl)]) : changeOrigins([], [originPattern(state.hubUrl)]);
    void (async () => {
      try {
        await permission;
        // The hub is told to forget this browser's token first; the sign-in is forgotten here whatever it answered.
        const out = await request('hub/sign-out', {});
        done({ signedIn: false });
        const after = await request('settings/get', {});
        const left = t(after.key.present ? 'hub_left' : 'hub_left_no_key', after.settings.apiBaseUrl);
        setStatus(out.revoked ? { tone: 'success', text: left } : { tone: 'warning', text: `${left} ${t('team_sign_out_unreachable', hostOf(state.hubUrl))}` });
      } catch (e) {
        setStatus(null);
        setError(toErrorData(e));
      } finally {
        setBusy(null);
      }
    })();
  }

  const state = query.data;
  return (
    <Section title={t('hub_options_title')} headingLevel={2}>
      {query.isError && <ErrorState error={toErrorData(query.error)} compact onRetry={() => void query.refetch()} />}
      {state?.signedIn ? (
        <div className="opt-form" data-testid="hub-signed-in">
          <p className="opt-key__current">
            <Chip tone={state.proxy && !state.inUse ? 'warning' : 'success'} icon="check">
              {t('hub_signed_in', state.teamName, state.memberName)}
            </Chip>{' '}
            <span className="ui-muted">{t(state.role === 'admin' ? 'hub_role_admin' : 'hub_role_member')}</span>
          </p>
          <p className="opt-note">
            {!state.proxy ? t('hub_signed_in_no_proxy') : state.inUse ? t('hub_signed_in_proxy', hostOf(state.hubUrl)) : t('hub_not_in_use')}
          </p>
          <div className="opt-actions">
            <Button variant="secondary" icon="x" onClick={() => leave(state)} loading={busy === 'leave'} disabled={busy !== null}>
              {t('hub_leave')}
            </Button>
          </div>
          <UsageView memberName={state.memberName} />
          {state.role === 'admin' && (
            <>
              <InvitesView />
              {/* In proxy mode the API address is the hub's: the service is where lookups went before it. */}
              <TeamSettingsView serviceUrl={state.proxy ? state.previousApiBaseUrl : apiBaseUrl} />
              <AuditView />
            </>
          )}
        </div>
      ) : (
        <form className="opt-form" onSubmit={join} noValidate aria-label={t('hub_options_title')}>
          <p className="opt-note opt-note--lead">{t('hub_intro')}</p>
          <Field label={t('hub_address_label')} hint={t('hub_address_hint')} error={errors.hubUrl ?? null}>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                className="ui-input opt-input--mono"
                type="url"
                inputMode="url"
                value={hubUrl}
                onChange={(e) => setHubUrl(e.currentTarget.value)}
                spellCheck={false}
                autoComplete="off"
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                maxLength={2048}
                placeholder="https://hub.example.com"
              />
            )}
          </Field>
          <Field label={t('hub_invite_label')} hint={t('hub_invite_hint')} error={errors.code ?? null}>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                className="ui-input opt-input--mono"
                type="password"
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
                spellCheck={false}
                autoComplete="off"
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                maxLength={200}
              />
            )}
          </Field>
          <Field label={t('hub_name_label')} hint={t('hub_name_hint')}>
            {({ id, describedBy }) => (
              <input id={id} className="ui-input" type="text" value={name} onChange={(e) => setName(e.currentTarget.value)} aria-describedby={describedBy} maxLength={100} />
            )}
          </Field>
          <div className="opt-actions">
            <Button type="submit" variant="primary" icon="check" loading={busy === 'join'} disabled={busy !== null || query.isLoading}>
              {t('hub_sign_in')}
            </Button>
          </div>
        </form>
      )}
      <StatusLine status={status} />
      {error && <ErrorState error={error} compact />}
    </Section>
  );
}
