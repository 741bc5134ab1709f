/**
 * The hub's audit log, for a team admin in the options page: the latest entries, newest first, each when, who and
 * what. Everything in it is the hub's data (names, list names, details other clients wrote): hostile text, rendered
 * as text only (React escapes it; nothing is set as HTML).
 */
import { useQuery } from '@tanstack/react-query';
import { Button, ErrorState } from '@/components/ui';
import { request } from '@/components/shared/hooks';
import { queryKeys } from '@/components/shared/query-client';
import { toErrorData } from '@/components/shared/use-settings';
import { AUDIT_SHOWN } from '@/lib/hub-client/admin';
import type { MessageKey } from '@/lib/i18n/keys';
import { t } from '@/lib/i18n/t';
import { formatWhen } from './when';

/** The hub's action names in words; one the extension does not know yet is shown as the hub wrote it. */
const ACTIONS: Record<string, MessageKey> = {
  'team.create': 'team_audit_team_create',
  'team.settings': 'team_audit_team_settings',
  'invite.create': 'team_audit_invite_create',
  'invite.redeem': 'team_audit_invite_redeem',
  'invite.withdraw': 'team_audit_invite_withdraw',
  'member.revoke': 'team_audit_member_revoke',
  'member.budget': 'team_audit_member_budget',
  'member.sign_out': 'team_audit_member_sign_out',
  'list.share': 'team_audit_list_share',
  'list.unshare': 'team_audit_list_unshare',
  'list.remove': 'team_audit_list_remove',
  'book.write': 'team_audit_book_write',
  purchase: 'team_audit_purchase',
  'purchase.unknown': 'team_audit_purchase_unknown',
};

export function actionWords(action: string): string {
  const key = Object.hasOwn(ACTIONS, action) ? ACTIONS[action] : undefined;
  return key ? t(key) : action;
}

export function AuditView() {
  const query = useQuery({ queryKey: queryKeys.request('hub/admin/audit', ''), queryFn: () => request('hub/admin/audit', {}) });
  const entries = query.data?.entries;
  return (
    <div className="hub-usage" data-testid="hub-audit">
      <h3 className="opt-subtitle">{t('team_audit_title')}</h3>
      <p className="opt-note">{t('team_audit_note', AUDIT_SHOWN)}</p>
      {query.isPending && <p className="opt-note">{t('team_usage_loading')}</p>}
      {query.isError && <ErrorState error={toErrorData(query.error)} compact onRetry={() => void query.refetch()} />}
      {entries && entries.length === 0 && <p className="opt-note">{t('team_audit_none')}</p>}
      {entries && entries.length > 0 && (
        <div className="hub-table-wrap">
          <table className="hub-table" aria-label={t('team_audit_title')} data-testid="hub-audit-rows">
            <thead>
              <tr>
                <th scope="col">{t('team_audit_when')}</th>
                <th scope="col">{t('team_audit_who')}</th>
                <th scope="col">{t('team_audit_what')}</th>
                <th scope="col">{t('team_audit_detail')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id} data-testid="hub-audit-row">
                  <td className="hub-nowrap">{formatWhen(e.at)}</td>
                  <td className="hub-nowrap">{e.who ?? t('team_audit_hub')}</td>
                  <td>{actionWords(e.action)}</td>
                  <td className="hub-detail">{e.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="opt-actions">
        <Button size="sm" variant="ghost" icon="refresh" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('team_usage_refresh')}
        </Button>
      </div>
    </div>
  );
}
