/**
 * Invites, for a team admin in the options page: a single-use invite (member or admin, optionally named) whose code is
 * shown once, with Copy and when it expires; the team's open invites (unused, unexpired; never their codes), each
 * withdrawable. Names come from the hub: hostile text, shown as text.
 */
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button, CopyButton, ErrorState, Select, timeUntil, useBusyAction } from '@/components/ui';
import { request } from '@/components/shared/hooks';
import { queryKeys } from '@/components/shared/query-client';
import { toErrorData } from '@/components/shared/use-settings';
import type { NewInvite, OpenInvite } from '@/lib/hub-client/admin';
import { t } from '@/lib/i18n/t';
import { Field } from '../fields';
import { formatWhen } from './when';

type Role = 'member' | 'admin';

const roleWord = (role: Role) => t(role === 'admin' ? 'hub_role_admin' : 'hub_role_member');

function NewInviteBox({ invite, role, name }: { invite: NewInvite; role: Role; name: string }) {
  return (
    <div className="hub-new-invite" data-testid="hub-new-invite" role="status">
      <p className="opt-note">{name ? t('team_invite_made_named', name, roleWord(role)) : t('team_invite_made', roleWord(role))}</p>
      <div className="hub-budget">
        <code className="hub-code" data-testid="hub-invite-code">
          {invite.code}
        </code>
        <CopyButton value={invite.code} label={t('team_invite_copy')} showLabel variant="secondary" />
      </div>
      <p className="opt-note">{t('team_invite_expires', formatWhen(invite.expiresAt), timeUntil(invite.expiresAt))}</p>
      <p className="opt-note">{t('team_invite_once')}</p>
    </div>
  );
}

function InviteRow({ invite, busy, onWithdraw }: { invite: OpenInvite; busy: boolean; onWithdraw: (invite: OpenInvite) => void }) {
  const label = invite.name ?? t('team_invite_unnamed');
  return (
    <tr data-testid="hub-invite-row" aria-label={label}>
      <th scope="row">{label}</th>
      <td>{roleWord(invite.role)}</td>
      <td>{invite.createdBy ?? ''}</td>
      <td title={formatWhen(invite.expiresAt)}>{timeUntil(invite.expiresAt)}</td>
      <td>
        <Button size="sm" variant="ghost" loading={busy} onClick={() => onWithdraw(invite)} aria-label={t('team_invite_withdraw_for', label)}>
          {t('team_invite_withdraw')}
        </Button>
      </td>
    </tr>
  );
}

export function InvitesView() {
  const query = useQuery({ queryKey: queryKeys.request('hub/admin/invites', ''), queryFn: () => request('hub/admin/invites', {}) });
  const [role, setRole] = useState<Role>('member');
  const [name, setName] = useState('');
  const [made, setMade] = useState<{ invite: NewInvite; role: Role; name: string } | null>(null);
  const reload = () => void query.refetch();
  const create = useBusyAction(async () => {
    const named = name.trim();
    const invite = await request('hub/admin/invite', { role, ...(named ? { name: named } : {}) });
    setMade({ invite, role, name: named });
    setName('');
    reload();
  });
  // Withdrawn, or already used or expired: either way the list is read again as the hub has it now. A refusal is shown
  // above the list, not in the invite's row: the list read again no longer has that row.
  const [withdrawing, setWithdrawing] = useState<string | null>(null);
  const withdraw = useBusyAction(async (invite: OpenInvite) => {
    setWithdrawing(invite.id);
    try {
      await request('hub/admin/invite/withdraw', { id: invite.id });
    } finally {
      setWithdrawing(null);
      reload();
    }
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMade(null);
    void create.run();
  };
  const invites = query.data?.invites;
  return (
    <div className="hub-usage" data-testid="hub-invites">
      <h3 className="opt-subtitle">{t('team_invites_title')}</h3>
      <form className="hub-invite-form" onSubmit={submit} aria-label={t('team_invite_form')}>
        <Select label={t('team_invite_role')} value={role} onChange={(e) => setRole(e.currentTarget.value === 'admin' ? 'admin' : 'member')} options={[{ value: 'member', label: t('hub_role_member') }, { value: 'admin', label: t('hub_role_admin') }]} />
        <Field label={t('team_invite_name')}>
          {({ id }) => <input id={id} className="ui-input" type="text" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={100} />}
        </Field>
        <Button type="submit" variant="secondary" icon="plus" loading={create.busy}>
          {t('team_invite_create')}
        </Button>
      </form>
      {create.error && <ErrorState error={create.error} compact />}
      {made && <NewInviteBox {...made} />}
      {query.isError && <ErrorState error={toErrorData(query.error)} compact onRetry={reload} />}
      {withdraw.error && <ErrorState error={withdraw.error} compact />}
      {invites && invites.length === 0 && <p className="opt-note">{t('team_invites_none')}</p>}
      {invites && invites.length > 0 && (
        <div className="hub-table-wrap">
          <table className="hub-table" aria-label={t('team_invites_open')} data-testid="hub-open-invites">
            <thead>
              <tr>
                <th scope="col">{t('team_invite_name_col')}</th>
                <th scope="col">{t('team_invite_role')}</th>
                <th scope="col">{t('team_invite_by_col')}</th>
                <th scope="col">{t('team_invite_expires_col')}</th>
                <th scope="col">
                  <span className="ui-visually-hidden">{t('team_invite_withdraw')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {invites.map((i) => (
                <InviteRow key={i.id} invite={i} busy={withdrawing === i.id} onWithdraw={(invite) => void withdraw.run(invite)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
