/**
 * Spend on the team hub, in the options page while signed in. An admin sees every member's spend today and this month
 * beside their daily and monthly budgets (and sets them), the usage per day, member and action, exports the hub's
 * CSV, and revokes a member (asked first: it cannot be undone; never themselves). A member sees their own spend and budgets. Every
 * figure is the hub's own (the same rows its budgets are checked against).
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, ErrorState, useBusyAction } from '@/components/ui';
import { formatCount, formatCredits } from '@/components/ui/format';
import { request } from '@/components/shared/hooks';
import { queryKeys } from '@/components/shared/query-client';
import { toErrorData } from '@/components/shared/use-settings';
import { downloadText } from '@/components/shared/download';
import type { HubUsage, Spend, UsageMember } from '@/lib/hub-client/usage';
import { t, tn } from '@/lib/i18n/t';
import { ConfirmAsk } from './ConfirmAsk';
import './hub.css';

/** "3 of 5 credits" or "3 credits · no budget" (a count, never "free": 0 spent of a budget of 0 is not free). */
function spentOf(spent: number, budget: number | null): string {
  return budget === null ? t('team_usage_spent_no_budget', tn('credits', spent)) : t('team_usage_spent_of', formatCount(spent), tn('credits', budget));
}

function SpendLine({ who, spend }: { who: string; spend: Spend }) {
  return (
    <p className="opt-note" data-testid="hub-spend-line">
      <strong>{who}</strong> {t('team_usage_today', spentOf(spend.spentToday, spend.dailyBudget))} · {t('team_usage_month', spentOf(spend.spentMonth, spend.monthlyBudget))}
    </p>
  );
}

/** A budget typed by an admin: empty is "no budget", else a whole number of credits. */
function budgetOf(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : 'invalid';
}

function MemberRow({ member, onChanged }: { member: UsageMember; onChanged: () => void }) {
  const [daily, setDaily] = useState(member.dailyBudget?.toString() ?? '');
  const [monthly, setMonthly] = useState(member.monthlyBudget?.toString() ?? '');
  const [asking, setAsking] = useState(false);
  const [saved, setSaved] = useState(false);
  const dailyBudget = budgetOf(daily);
  const monthlyBudget = budgetOf(monthly);
  const invalid = dailyBudget === 'invalid' || monthlyBudget === 'invalid';
  const changed = dailyBudget !== member.dailyBudget || monthlyBudget !== member.monthlyBudget;
  const save = useBusyAction(async () => {
    if (dailyBudget === 'invalid' || monthlyBudget === 'invalid') return;
    await request('hub/admin/budget', { memberId: member.id, dailyBudget, monthlyBudget });
    setSaved(true);
    onChanged();
  });
  const revoke = useBusyAction(async () => {
    await request('hub/admin/revoke', { memberId: member.id });
    setAsking(false);
    onChanged();
  });
  const role = t(member.role === 'admin' ? 'hub_role_admin' : 'hub_role_member');
  return (
    <tr data-testid="hub-member-row" aria-label={member.name}>
      <th scope="row">
        {member.name}
        <span className="hub-role">{member.revoked ? t('team_usage_revoked') : member.you ? t('team_admin_you_role', role) : role}</span>
      </th>
      <td className="hub-num">{spentOf(member.spentToday, member.dailyBudget)}</td>
      <td className="hub-num">{spentOf(member.spentMonth, member.monthlyBudget)}</td>
      <td>
        {!member.revoked && (
          <input className="ui-input hub-budget__input" inputMode="numeric" aria-label={t('team_usage_daily_for', member.name)} placeholder={t('team_usage_none')} value={daily} onChange={(e) => { setDaily(e.currentTarget.value); setSaved(false); }} maxLength={9} aria-invalid={dailyBudget === 'invalid' || undefined} />
        )}
      </td>
      <td>
        {!member.revoked && (
          <input className="ui-input hub-budget__input" inputMode="numeric" aria-label={t('team_usage_monthly_for', member.name)} placeholder={t('team_usage_none')} value={monthly} onChange={(e) => { setMonthly(e.currentTarget.value); setSaved(false); }} maxLength={9} aria-invalid={monthlyBudget === 'invalid' || undefined} />
        )}
      </td>
      <td>
        {!member.revoked && !asking && (
          <div className="hub-budget">
            <Button size="sm" variant="secondary" disabled={invalid || !changed} loading={save.busy} onClick={() => void save.run()} aria-label={t('team_usage_save_for', member.name)}>
              {t('team_usage_save')}
            </Button>
            {!member.you && (
              <Button size="sm" variant="ghost" onClick={() => setAsking(true)} aria-label={t('team_usage_revoke_for', member.name)}>
                {t('team_usage_revoke')}
              </Button>
            )}
            {saved && !changed && (
              <span className="ui-muted" role="status">
                {t('team_usage_saved')}
              </span>
            )}
          </div>
        )}
        {invalid && <p className="ui-field__error">{t('team_usage_budget_invalid')}</p>}
        {save.error && <ErrorState error={save.error} compact />}
        {asking && (
          <ConfirmAsk
            label={t('team_usage_revoke_for', member.name)}
            question={t('team_usage_revoke_confirm', member.name)}
            action={t('team_usage_revoke')}
            busy={revoke.busy}
            onConfirm={() => void revoke.run()}
            onCancel={() => setAsking(false)}
          />
        )}
        {revoke.error && <ErrorState error={revoke.error} compact />}
      </td>
    </tr>
  );
}

function UsageRows({ usage }: { usage: HubUsage }) {
  if (usage.rows.length === 0) return <p className="opt-note">{t('team_usage_no_rows')}</p>;
  return (
    <div className="hub-table-wrap">
      <table className="hub-table" aria-label={t('team_usage_rows_label')} data-testid="hub-usage-rows">
        <thead>
          <tr>
            <th scope="col">{t('team_usage_day')}</th>
            {usage.members && <th scope="col">{t('team_usage_member')}</th>}
            <th scope="col">{t('team_usage_action')}</th>
            <th scope="col" className="hub-num">{t('team_usage_requests')}</th>
            <th scope="col" className="hub-num">{t('team_usage_credits')}</th>
          </tr>
        </thead>
        <tbody>
          {usage.rows.map((r) => (
            <tr key={`${r.day}|${r.memberId}|${r.action}`}>
              <td>{r.day}</td>
              {usage.members && <td>{r.member}</td>}
              <td>{r.action}</td>
              <td className="hub-num">{r.requests}</td>
              <td className="hub-num">{formatCredits(r.credits)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function UsageView({ memberName }: { memberName: string }) {
  const query = useQuery({ queryKey: queryKeys.request('hub/usage', ''), queryFn: () => request('hub/usage', {}) });
  const exportCsv = useBusyAction(async () => {
    const { csv } = await request('hub/usage/csv', {});
    downloadText(`hub-usage-${new Date().toISOString().slice(0, 10)}.csv`, 'text/csv', csv);
  });
  const reload = () => void query.refetch();
  const usage = query.data;
  return (
    <div className="hub-usage" data-testid="hub-usage">
      <h3 className="opt-subtitle">{t(usage?.members ? 'team_usage_title_admin' : 'team_usage_title')}</h3>
      {query.isPending && <p className="opt-note">{t('team_usage_loading')}</p>}
      {query.isError && <ErrorState error={toErrorData(query.error)} compact onRetry={reload} />}
      {usage && (
        <>
          <SpendLine who={t('team_usage_you', memberName)} spend={usage.me} />
          <SpendLine who={t('team_usage_team')} spend={usage.team} />
          {usage.members && <p className="opt-note">{t('team_usage_budgets_note')}</p>}
          {usage.members && (
            <div className="hub-table-wrap">
              <table className="hub-table" aria-label={t('team_usage_members_label')} data-testid="hub-members">
                <thead>
                  <tr>
                    <th scope="col">{t('team_usage_member')}</th>
                    <th scope="col" className="hub-num">{t('team_usage_today_col')}</th>
                    <th scope="col" className="hub-num">{t('team_usage_month_col')}</th>
                    <th scope="col">{t('team_usage_daily_col')}</th>
                    <th scope="col">{t('team_usage_monthly_col')}</th>
                    <th scope="col">
                      <span className="ui-visually-hidden">{t('team_usage_actions_col')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {usage.members.map((m) => (
                    <MemberRow key={`${m.id}|${m.dailyBudget}|${m.monthlyBudget}|${m.revoked}`} member={m} onChanged={reload} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <UsageRows usage={usage} />
          <div className="opt-actions">
            {usage.members && (
              <Button size="sm" variant="secondary" icon="download" loading={exportCsv.busy} onClick={() => void exportCsv.run()}>
                {t('team_usage_export')}
              </Button>
            )}
            <Button size="sm" variant="ghost" icon="refresh" onClick={reload} loading={query.isFetching}>
              {t('team_usage_refresh')}
            </Button>
          </div>
          {exportCsv.error && <ErrorState error={exportCsv.error} compact />}
        </>
      )}
    </div>
  );
}
