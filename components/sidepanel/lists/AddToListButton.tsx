import { useState } from 'react';
import { Button, ErrorState, Select, TextField, useBusyAction } from '@/components/ui';
import type { EnrichedContact } from '@/lib/api/schemas';
import { recordIdFor } from '@/lib/contacts/record';
import { request, toErrorData } from '@/components/shared/hooks';
import { t } from '@/lib/i18n/t';

const NEW = '__new__';
/** A team hub list's choice: its hub id after this prefix (local list ids never start with it). */
const TEAM = 'team:';

/** The most ids one 'lists/add' request takes (lib/messaging/contacts-requests.ts). */
const ADD_PAGE = 10_000;

/**
 * "Add to list" for any view: give it the contact book ids of what is shown (lib/contacts recordIdFor) and it
 * offers the saved lists or a new one. Only what is in the book can be listed (what was paid for). The ids are asked
 * for when "Add" is clicked and may take a while to gather (the contact book reads every matching contact, page by
 * page); they are added in requests of at most 10,000, in order.
 */
export function AddToListButton({ recordIds, label = t('book_list_add_to') }: { recordIds: () => string[] | Promise<string[]>; label?: string }) {
  const [open, setOpen] = useState(false);
  const [lists, setLists] = useState<Array<{ id: string; name: string; count: number }>>([]);
  /** The team hub's lists, offered after the user's own while signed in to a hub. */
  const [teamLists, setTeamLists] = useState<Array<{ id: string; name: string; count: number; shared: boolean }>>([]);
  const [choice, setChoice] = useState(NEW);
  const [name, setName] = useState('');
  const [done, setDone] = useState<string | null>(null);
  /** Closing the picker gives focus back to its button: the picker's controls disappear with it. */
  const [refocus, setRefocus] = useState(false);
  const close = () => {
    setOpen(false);
    setRefocus(true);
  };
  const { busy, error, setError, run } = useBusyAction(async () => {
    const ids = await recordIds();
    if (ids.length === 0) return;
    const team = choice.startsWith(TEAM) ? teamLists.find((l) => TEAM + l.id === choice) : undefined;
    if (team) {
      let added = 0;
      let skipped = 0;
      for (let i = 0; i < ids.length; i += ADD_PAGE) {
        const r = await request('hub/lists/add', { id: team.id, recordIds: ids.slice(i, i + ADD_PAGE) });
        added += r.added;
        skipped += r.skipped;
      }
      setDone(skipped > 0 ? t('team_list_added_partly', added, team.name, skipped) : t('book_list_added', added, team.name));
      close();
      return;
    }
    const list = choice === NEW ? await request('lists/create', { name }) : lists.find((l) => l.id === choice);
    if (!list) return;
    let added = 0;
    for (let i = 0; i < ids.length; i += ADD_PAGE) added += (await request('lists/add', { id: list.id, recordIds: ids.slice(i, i + ADD_PAGE) })).added;
    setDone(added < ids.length ? t('book_list_added_partly', added, list.name, ids.length - added) : t('book_list_added', added, list.name));
    close();
  });

  const start = async () => {
    setOpen(true);
    setDone(null);
    setError(null);
    try {
      const [all, hub] = await Promise.all([request('lists/all', {}), request('hub/lists/all', {}).catch(() => ({ team: null, lists: [] }))]);
      setLists(all);
      setTeamLists(hub.lists);
      setChoice(all[0]?.id ?? (hub.lists[0] ? TEAM + hub.lists[0].id : NEW));
    } catch (cause) {
      setError(toErrorData(cause));
    }
  };

  const add = () => void run();

  if (!open) {
    return (
      <span className="sp-addtolist">
        <Button size="sm" icon="plus" autoFocus={refocus} onClick={() => void start()}>
          {label}
        </Button>
        {done && (
          <span className="sp-hint" role="status">
            {done}
          </span>
        )}
      </span>
    );
  }
  return (
    <div
      className="sp-addtolist sp-export"
      role="group"
      aria-label={t('book_list_add_group')}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !busy) close();
      }}
    >
      <Select label={t('book_list_label')} inline autoFocus value={choice} onChange={(e) => setChoice(e.target.value)} options={[
          ...lists.map((l) => ({ value: l.id, label: `${l.name} (${l.count})` })),
          ...teamLists.map((l) => ({ value: TEAM + l.id, label: t(l.shared ? 'team_list_option_shared' : 'team_list_option_private', l.name, l.count) })),
          { value: NEW, label: t('book_list_new_option') },
        ]} />
      {choice === NEW && <TextField label={t('book_list_new_name')} hideLabel placeholder={t('book_list_new_name')} value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />}
      <Button size="sm" variant="primary" loading={busy} disabled={choice === NEW && name.trim() === ''} onClick={add}>
        {t('book_list_add')}
      </Button>
      <Button size="sm" variant="ghost" onClick={close}>
        {t('book_cancel')}
      </Button>
      {error && <ErrorState error={error} compact />}
    </div>
  );
}

/** The button for one enriched person shown anywhere (profile header, search result): by its book id. */
export function AddContactToList({ contact }: { contact: EnrichedContact }) {
  return <AddToListButton recordIds={() => [recordIdFor('person', '', contact)]} />;
}
