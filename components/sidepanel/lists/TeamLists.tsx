/**
 * The team hub's lists beside the user's own (docs/hub.md, "Lists"): shown only while signed in to a hub. Each is
 * marked "Team" (shared with every member) or "Only you" (private on the hub); a member opens one to see its people
 * (the hub's stored answers, as contact-book rows), and shares a private one they made; its maker (or a team admin, on
 * a shared list) removes a person from it (the person stays in the team's book). People are added from the
 * contact book ("Add to list" offers team lists too) or by sharing a saved list (ShareListWithTeam).
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Chip, ErrorState, useBusyAction } from '@/components/ui';
import { request, useRequest, type AsyncState } from '@/components/shared/hooks';
import type { TeamList } from '@/lib/hub-client/lists';
import { t, tn } from '@/lib/i18n/t';
import { ListRow, RequestList } from '../RequestList';

/** "Team" or "Only you": whether the whole team sees a list. */
export function TeamListChip({ shared }: { shared: boolean }) {
  return (
    <Chip tone={shared ? 'accent' : 'neutral'} icon={shared ? 'users' : 'user'}>
      {shared ? t('team_list_shared') : t('team_list_private')}
    </Chip>
  );
}

/** The team's lists, under the user's own. Nothing at all when not signed in to a hub: the view is as without one. */
export function TeamLists({ team, state, reload, cameFrom, onOpen }: { team: string; state: AsyncState<TeamList[]>; reload: () => void; cameFrom: string | null; onOpen: (id: string) => void }) {
  return (
    <section className="sp-stack" aria-label={t('team_lists_heading', team)} data-testid="team-lists">
      <h3 className="sp-strong">{t('team_lists_heading', team)}</h3>
      <RequestList
        request={{ state, reload }}
        loadingRows={2}
        loadingLabel={t('team_lists_loading')}
        empty={{ icon: 'layers', title: t('team_lists_empty_title'), text: t('team_lists_empty_text', team) }}
        label={t('team_lists_heading', team)}
      >
        {(all) =>
          all.map((l) => (
            <ListRow
              key={l.id}
              testId="team-list-row"
              label={
                <>
                  {l.name} <TeamListChip shared={l.shared} />
                </>
              }
              meta={l.mine ? tn('team_list_people_mine', l.count) : t('team_list_people_by', tn('team_list_people', l.count), l.ownerName)}
              actions={
                <Button size="sm" autoFocus={l.id === cameFrom} onClick={() => onOpen(l.id)} aria-label={t('book_lists_open_named', l.name)}>
                  {t('sidepanel_open')}
                </Button>
              }
            />
          ))
        }
      </RequestList>
    </section>
  );
}

/** One team list: its people as the team bought them; its maker may share it with the team or make it private. */
export function TeamListDetail({ id, onBack, active = true }: { id: string; onBack: () => void; active?: boolean }) {
  const heading = useRef<HTMLHeadingElement | null>(null);
  useEffect(() => heading.current?.focus(), []);
  // Read again each time the view comes back (the member added people from the contact book, a teammate removed some).
  const items = useRequest('hub/lists/items', active ? { id } : null, `{"id":${JSON.stringify(id)}}`);
  const data = items.state.status === 'success' ? items.state.data : items.state.status === 'loading' ? (items.state.previous ?? null) : null;
  const share = useBusyAction(async (shared: boolean) => {
    await request('hub/lists/share', { id, shared });
    items.reload();
  });
  const remove = useBusyAction(async (entryId: string) => {
    try {
      await request('hub/lists/remove', { id, entryId });
    } finally {
      // Removed, or removed already by someone else: the list is read again as the hub has it now.
      items.reload();
    }
  });
  return (
    <div className="sp-view" data-testid="team-list">
      <div className="sp-toolbar sp-toolbar--start">
        <Button size="sm" variant="ghost" onClick={onBack}>
          ← {t('book_tab_lists')}
        </Button>
        <h2 className="sp-strong" tabIndex={-1} ref={heading}>
          {data?.list.name ?? ''}
        </h2>
        {data && <TeamListChip shared={data.list.shared} />}
      </div>
      {items.state.status === 'error' && <ErrorState error={items.state.error} onRetry={items.reload} />}
      {share.error && <ErrorState error={share.error} compact />}
      {remove.error && <ErrorState error={remove.error} compact />}
      {data && (
        <>
          <p className="sp-hint">{data.list.shared ? tn('team_list_in_shared', data.items.length) : tn('team_list_in_private', data.items.length)}</p>
          {data.unreadable > 0 && (
            <p className="sp-hint" role="status">
              {tn('team_list_unreadable', data.unreadable)}
            </p>
          )}
          {data.list.mine && (
            <div className="sp-export">
              <Button size="sm" icon={data.list.shared ? 'user' : 'users'} loading={share.busy} onClick={() => void share.run(!data.list.shared)}>
                {data.list.shared ? t('team_list_make_private') : t('team_list_share')}
              </Button>
            </div>
          )}
          {data.items.length === 0 ? (
            <p className="sp-hint">{t('team_list_empty')}</p>
          ) : (
            <ul className="sp-history" aria-label={t('book_lists_members')}>
              {data.items.map((item) => (
                <ListRow
                  key={item.entry.id}
                  testId="team-list-person"
                  label={item.entry.line}
                  meta={[item.entry.handle, t('team_list_bought_added', item.boughtBy, item.addedBy)].filter(Boolean).join(' · ')}
                  actions={
                    data.canRemove ? (
                      <Button size="sm" variant="ghost" icon="minus" disabled={remove.busy} onClick={() => void remove.run(item.entry.id)} aria-label={t('team_list_remove_named', item.entry.name || item.entry.line)}>
                        {t('team_list_remove')}
                      </Button>
                    ) : null
                  }
                />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

/** On one of the user's saved lists: a team list of the same name, shared with the team, holding its people. */
export function ShareListWithTeam({ name, recordIds }: { name: string; recordIds: () => Promise<string[]> }) {
  const hub = useRequest('hub/lists/all', {});
  const [done, setDone] = useState<string | null>(null);
  const { busy, error, run } = useBusyAction(async () => {
    const ids = await recordIds();
    const list = await request('hub/lists/create', { name, shared: true });
    let added = 0;
    let skipped = 0;
    for (let i = 0; i < ids.length; i += 10_000) {
      const r = await request('hub/lists/add', { id: list.id, recordIds: ids.slice(i, i + 10_000) });
      added += r.added;
      skipped += r.skipped;
    }
    setDone(skipped > 0 ? t('team_list_shared_partly', name, added, skipped) : t('team_list_shared_done', name, added));
  });
  if (hub.state.status !== 'success' || hub.state.data.team === null) return null;
  const team = hub.state.data.team;
  return (
    <>
      <Button size="sm" icon="users" loading={busy} onClick={() => void run()}>
        {t('team_list_share_with', team)}
      </Button>
      {done && (
        <span className="sp-hint" role="status">
          {done}
        </span>
      )}
      {error && <ErrorState error={error} compact />}
    </>
  );
}
