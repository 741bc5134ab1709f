/** Lists of book entries: shared with the whole team, or private to their owner. */
import type { HubDb } from './db/open';
import type { Member } from './teams';
import { newId } from './tokens';

export async function createList(db: HubDb, member: Member, name: string, shared: boolean) {
  const id = newId();
  await db.insertInto('lists').values({ id, team_id: member.teamId, owner_id: member.id, name, shared }).execute();
  return { id, name, shared };
}

/** The lists a member may see: the team's shared ones and their own private ones. */
export async function visibleLists(db: HubDb, member: Member) {
  return db
    .selectFrom('lists')
    .select(['id', 'name', 'shared', 'owner_id', 'created_at'])
    .where('team_id', '=', member.teamId)
    .where((eb) => eb.or([eb('shared', '=', true), eb('owner_id', '=', member.id)]))
    .orderBy('created_at')
    .execute();
}

async function visibleList(db: HubDb, member: Member, listId: string) {
  return db
    .selectFrom('lists')
    .select('id')
    .where('id', '=', listId)
    .where('team_id', '=', member.teamId)
    .where((eb) => eb.or([eb('shared', '=', true), eb('owner_id', '=', member.id)]))
    .executeTakeFirst();
}

/** Adds entries of the member's own team to a list they may see; false when the list is not theirs to see. */
export async function addToList(db: HubDb, member: Member, listId: string, entryIds: string[]): Promise<number | null> {
  if (!(await visibleList(db, member, listId))) return null;
  const own = await db.selectFrom('book_entries').select('id').where('team_id', '=', member.teamId).where('id', 'in', entryIds.length ? entryIds : ['']).execute();
  if (own.length === 0) return 0;
  await db
    .insertInto('list_items')
    .values(own.map((e) => ({ list_id: listId, entry_id: e.id, added_by: member.id })))
    .onConflict((oc) => oc.columns(['list_id', 'entry_id']).doNothing())
    .execute();
  return own.length;
}

export async function listItems(db: HubDb, member: Member, listId: string) {
  if (!(await visibleList(db, member, listId))) return null;
  return db
    .selectFrom('list_items')
    .innerJoin('book_entries', 'book_entries.id', 'list_items.entry_id')
    .select(['book_entries.id', 'book_entries.first_bought_at', 'book_entries.answer', 'list_items.added_at', 'list_items.added_by'])
    .where('list_items.list_id', '=', listId)
    .orderBy('list_items.added_at')
    .execute();
}
