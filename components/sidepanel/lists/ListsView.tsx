import { useEffect, useRef, useState } from 'react';
import { Button, Checkbox, ErrorState, TextField } from '@/components/ui';
import type { AsyncState } from '@/components/shared/hooks';
import type { TeamList } from '@/lib/hub-client/lists';
import { EnrichedContactSchema } from '@/lib/api/schemas';
import type { ErrorData } from '@/lib/model/errors';
import { CrmExportButton } from '../contacts/CrmExportButton';
import { openRecord, peopleForExport } from '../contacts/open-record';
import { WebhookSendButton } from '../contacts/WebhookSendButton';
import { request, toErrorData, useRequest } from '@/components/shared/hooks';
import { lookupForContact } from '@/components/shared/lookup';
import { useNavigation } from '../navigation';
import { ListRow, RequestList } from '../RequestList';
import { PaidListAction, type PaidStep } from './PaidListAction';
import { ShareListWithTeam, TeamListDetail, TeamLists } from './TeamLists';
import { t, tn } from '@/lib/i18n/t';

/** Saved lists: create, open, export (CRM presets), send to the webhook, verify all emails, refresh, remove. */
export function ListsView({ active }: { active: boolean }) {
  const lists = useRequest('lists/all', active ? {} : null);
  // The team hub's lists: only while signed in to one (`team` null otherwise, and the view is as without a hub).
  const hub = useRequest('hub/lists/all', active ? {} : null);
  const team = hub.state.status === 'success' ? hub.state.data.team : hub.state.status === 'loading' ? (hub.state.previous?.team ?? null) : null;
  const teamLists: AsyncState<TeamList[]> = hub.state.status === 'success' ? { status: 'success', data: hub.state.data.lists } : hub.state.status === 'loading' ? { status: 'loading' } : hub.state.status === 'error' ? hub.state : { status: 'idle' };
  const [shareNew, setShareNew] = useState(false);
  const [openTeamId, setOpenTeamId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  /** The list just left: its Open button takes focus back, so a keyboard user returns where they were. */
  const [cameFrom, setCameFrom] = useState<string | null>(null);
  const [error, setError] = useState<ErrorData | null>(null);

  const create = async () => {
    setError(null);
    try {
      if (team !== null && shareNew) {
        const made = await request('hub/lists/create', { name, shared: true });
        setName('');
        setOpenTeamId(made.id);
        hub.reload();
        return;
      }
      const list = await request('lists/create', { name });
      setName('');
      setOpenId(list.id);
      lists.reload();
    } catch (cause) {
      setError(toErrorData(cause));
    }
  };

  if (openTeamId)
    return (
      <TeamListDetail
        id={openTeamId}
        active={active}
        onBack={() => {
          setCameFrom(openTeamId);
          setOpenTeamId(null);
          hub.reload();
        }}
      />
    );
  if (openId)
    return (
      <ListDetail
        id={openId}
        onBack={() => {
          setCameFrom(openId);
          setOpenId(null);
          lists.reload();
        }}
      />
    );
  return (
    <div className="sp-view" data-testid="saved-lists">
      <div className="sp-toolbar">
        <TextField label={t('book_lists_new')} hideLabel placeholder={t('book_list_new_name')} value={name} maxLength={120} onChange={(e) => setName(e.target.value)} className="sp-grow" />
        <Button size="sm" icon="plus" disabled={!name.trim()} onClick={() => void create()}>
          {t('book_lists_create')}
        </Button>
      </div>
      {team !== null && <Checkbox label={t('team_list_create_shared', team)} checked={shareNew} onChange={(e) => setShareNew(e.currentTarget.checked)} />}
      {error && <ErrorState error={error} compact />}
      <RequestList
        request={lists}
        loadingRows={3}
        loadingLabel={t('book_lists_loading')}
        empty={{ icon: 'layers', title: t('book_lists_empty_title'), text: t('book_lists_empty_text') }}
        label={t('book_lists_label')}
      >
        {(all) =>
          all.map((l) => (
            <ListRow
              key={l.id}
              label={l.name}
              meta={tn('book_lists_entries', l.count)}
              actions={
                <Button size="sm" autoFocus={l.id === cameFrom} onClick={() => setOpenId(l.id)} aria-label={t('book_lists_open_named', l.name)}>
                  {t('sidepanel_open')}
                </Button>
              }
            />
          ))
        }
      </RequestList>
      {team !== null && <TeamLists team={team} state={teamLists} reload={hub.reload} cameFrom={cameFrom} onOpen={setOpenTeamId} />}
      {/* Signed in, but the hub did not answer: said, with Retry, under the user's own lists (which work as ever). */}
      {hub.state.status === 'error' && (
        <section className="sp-stack" aria-label={t('team_lists_heading_plain')} data-testid="team-lists">
          <h3 className="sp-strong">{t('team_lists_heading_plain')}</h3>
          <ErrorState error={hub.state.error} compact onRetry={hub.reload} />
        </section>
      )}
    </div>
  );
}

function ListDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const heading = useRef<HTMLHeadingElement | null>(null);
  useEffect(() => heading.current?.focus(), []);
  const members = useRequest('lists/members', { id });
  const nav = useNavigation();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [error, setError] = useState<ErrorData | null>(null);
  // While the members load again (after a removal, after a refresh), the list stays on screen as it was: its paid
  // actions live in it, and a run would stop if they went away for a moment.
  const data = members.state.status === 'success' ? members.state.data : members.state.status === 'loading' ? (members.state.previous ?? null) : null;
  const [companiesLeftOut, setCompaniesLeftOut] = useState(0);

  // The members as they are at the click (every one: 'lists/members' reads them by id), not as the screen loaded them.
  const current = async () => peopleForExport((await request('lists/members', { id })).entries.map((e) => e.id));
  const people = async () => (await current()).people;
  const exportPeople = async () => {
    const { people: found, companiesLeftOut: left } = await current();
    setCompaniesLeftOut(left);
    return found;
  };
  const verifySteps = async (): Promise<PaidStep[]> =>
    (await people()).flatMap(({ contact }) => {
      const email = contact.current_work_email;
      return email ? [{ cost: { action: 'email/verify' as const, email }, run: (quotedCredits: number) => request('email/verify', { email, quotedCredits }) }] : [];
    });
  const refreshSteps = async (): Promise<PaidStep[]> =>
    (await people()).flatMap(({ contact }) => {
      const lookup = lookupForContact(EnrichedContactSchema.parse(contact));
      // Priced as what it sends, a refresh: the contact is cached (it is in the book), so an estimate of the plain
      // lookup said "free" while each refresh was charged.
      return lookup
        ? [{ cost: { action: 'contact/enrich' as const, lookup, refresh: true }, run: (quotedCredits: number) => request('contact/enrich', { lookup, refresh: true, quotedCredits }) }]
        : [];
    });
  // Each action reads the members when the user asks for its price, so people removed meanwhile are not paid for.
  const [offerPaid, setOfferPaid] = useState(false);

  const removeSelected = async () => {
    try {
      await request('lists/remove', { id, recordIds: [...selected] });
      setSelected(new Set());
      members.reload();
    } catch (cause) {
      setError(toErrorData(cause));
    }
  };
  /** Deleting a list cannot be undone, so it is asked first (its contacts stay in the contact book either way). */
  const [deleting, setDeleting] = useState<'no' | 'asking' | 'kept'>('no');
  const confirmDelete = deleting === 'asking';
  /** "Keep the list" (or Escape) gives focus back to "Delete list". */
  const keep = () => setDeleting('kept');
  const deleteList = async () => {
    try {
      await request('lists/delete', { id });
      onBack();
    } catch (cause) {
      setDeleting('no');
      setError(toErrorData(cause));
    }
  };

  return (
    <div className="sp-view" data-testid="saved-list">
      <div className="sp-toolbar sp-toolbar--start">
        <Button size="sm" variant="ghost" onClick={onBack}>
          ← {t('book_tab_lists')}
        </Button>
        {/* Focus lands on the list's name when it opens: the Open button pressed is gone. */}
        <h2 className="sp-strong" tabIndex={-1} ref={heading}>
          {data?.list.name ?? ''}
        </h2>
      </div>
      {members.state.status === 'error' && <ErrorState error={members.state.error} onRetry={members.reload} />}
      {error && <ErrorState error={error} compact />}
      {data && (
        <>
          <p className="sp-hint">{t('book_lists_in_list', data.entries.length)}</p>
          <CrmExportButton what={t('book_lists_export_what', data.list.name)} fileBase={data.list.name} disabled={data.entries.length === 0} load={exportPeople} />
          {companiesLeftOut > 0 && (
            <p className="sp-hint" role="status">
              {tn('book_export_companies_left_out', companiesLeftOut)}
            </p>
          )}
          <div className="sp-export">
            <WebhookSendButton disabled={data.entries.length === 0} source={() => ({ kind: 'list', id })} />
            <ShareListWithTeam name={data.list.name} recordIds={async () => (await request('lists/members', { id })).entries.map((e) => e.id)} />
            {!offerPaid && (
              <Button size="sm" disabled={data.entries.length === 0} onClick={() => setOfferPaid(true)}>
                {t('book_lists_verify_or_refresh')}
              </Button>
            )}
            {offerPaid && <PaidListAction label={t('book_lists_verify_all')} steps={verifySteps} />}
            {offerPaid && <PaidListAction label={t('book_lists_refresh_all')} steps={refreshSteps} onDone={members.reload} />}
            <Button size="sm" variant="ghost" disabled={selected.size === 0} onClick={() => void removeSelected()}>
              {t('book_lists_remove')}
            </Button>
            {!confirmDelete && (
              <Button size="sm" variant="ghost" icon="trash" autoFocus={deleting === 'kept'} onClick={() => setDeleting('asking')}>
                {t('book_lists_delete')}
              </Button>
            )}
          </div>
          {confirmDelete && (
            <div
              className="sp-confirm"
              role="alertdialog"
              aria-label={t('book_lists_delete')}
              aria-describedby="sp-list-delete-question"
              data-testid="list-delete-confirm"
              onKeyDown={(e) => {
                if (e.key === 'Escape') keep();
              }}
            >
              <p id="sp-list-delete-question">{tn('book_lists_delete_confirm', data.entries.length, data.list.name)}</p>
              <div className="sp-export">
                <Button size="sm" variant="danger" icon="trash" onClick={() => void deleteList()}>
                  {t('book_lists_delete')}
                </Button>
                {/* Focus on the safe answer: a held or doubled Enter must not delete what cannot be restored. */}
                <Button size="sm" variant="ghost" autoFocus onClick={keep}>
                  {t('book_lists_keep')}
                </Button>
              </div>
            </div>
          )}
          <ul className="sp-history" aria-label={t('book_lists_members')}>
            {data.entries.map((e) => (
              <ListRow
                key={e.id}
                testId="list-row"
                before={<input type="checkbox" aria-label={t('sidepanel_select_value', e.name)} checked={selected.has(e.id)} onChange={(ev) => setSelected((s) => { const n = new Set(s); if (ev.target.checked) n.add(e.id); else n.delete(e.id); return n; })} />}
                label={e.line}
                meta={e.handle}
                actions={
                  <Button size="sm" detail={t('credits_free')} aria-label={t('book_lists_open_member', e.name)} onClick={() => void openRecord(e.id, nav)}>
                    {t('sidepanel_open')}
                  </Button>
                }
              />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
