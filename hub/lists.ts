/**
 * Lists of book entries: shared with the whole team, or private to their owner. A member sees the team's shared
 * lists and their own private ones, may add entries of their own team to any list they see, and only the owner
 * shares (or unshares) a list. A person is removed from a list by its owner, or, from a shared list, by a team admin
 * too (docs/hub.md, "Team lists"): a shared list is the team's, but one member's tidying must not undo another's.
 */
import { sql } from 'kysely';
import { audit } from './audit';
import type { HubDb } from './db/open';
import type { Member } from './teams';
import { newId } from './tokens';

export async function createList(db: HubDb, member: Member, name: string, shared: boolean) {
  const id = newId();
  await db.insertInto('lists').values({ id, team_id: member.teamId, owner_id: member.id, name, shared }).execute();
  if (shared) await audit(db, member.teamId, member.id, 'list.share', { listId: id, name });
  return { id, name, shared };
}

/**
 * The lists a member may see: the team's shared ones and their own private ones, each with its owner's name and how
 * many entries it holds. `owner_id` and `created_at` keep their stored names (existing clients read them).
 */
export async function visibleLists(db: HubDb, member: Member) {
  return db
    .selectFrom('lists')
    .innerJoin('members', 'members.id', 'lists.owner_id')
    .select([
      'lists.id',
      'lists.name',
      'lists.shared',
      'lists.owner_id',
      'lists.created_at',
      'members.name as owner_name',
      sql<number>`(select count(*)::int from list_items where list_items.list_id = lists.id)`.as('count'),
    ])
    .where('lists.team_id', '=', member.teamId)
    .where((eb) => eb.or([eb('lists.shared', '=', true), eb('lists.owner_id', '=', member.id)]))
    .orderBy('lists.created_at')
    .execute();
}

async function visibleList(db: HubDb, member: Member, listId: string) {
  return db
    .selectFrom('lists')
    .select(['id', 'name', 'shared', 'owner_id'])
    .where('id', '=', listId)
    .where('team_id', '=', member.teamId)
    .where((eb) => eb.or([eb('shared', '=', true), eb('owner_id', '=', member.id)]))
    .executeTakeFirst();
}

/** Shares a list with the team or makes it private again; only its owner may. Null when it is not theirs. */
export async function setListShared(db: HubDb, member: Member, listId: string, shared: boolean): Promise<{ id: string; name: string; shared: boolean } | null> {
  const done = await db
    .updateTable('lists')
    .set({ shared })
    .where('id', '=', listId)
    .where('team_id', '=', member.teamId)
    .where('owner_id', '=', member.id)
    .returning(['id', 'name', 'shared'])
    .executeTakeFirst();
  if (!done) return null;
  await audit(db, member.teamId, member.id, shared ? 'list.share' : 'list.unshare', { listId, name: done.name });
  return done;
}

/** Adds entries of the member's own team to a list they may see; null when the list is not theirs to see. */
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

export type RemoveOutcome = 'removed' | 'no_list' | 'not_allowed' | 'not_in_list';

/**
 * Removes one entry from a list the member sees, if they may (see the header): `no_list` when the list is not theirs to
 * see (another team's, someone's private one), `not_allowed` for a member who neither made it nor is an admin,
 * `not_in_list` when the entry is not on it (removed already). The book entry itself stays: other lists and the book
 * still hold the person.
 */
export async function removeFromList(db: HubDb, member: Member, listId: string, entryId: string): Promise<RemoveOutcome> {
  const list = await visibleList(db, member, listId);
  if (!list) return 'no_list';
  if (list.owner_id !== member.id && member.role !== 'admin') return 'not_allowed';
  const done = await db.deleteFrom('list_items').where('list_id', '=', listId).where('entry_id', '=', entryId).executeTakeFirst();
  if (Number(done.numDeletedRows) === 0) return 'not_in_list';
  await audit(db, member.teamId, member.id, 'list.remove', { listId, name: list.name, entryId });
  return 'removed';
}

/** A list's entries with the stored answer, who added each and who first bought it; null when not theirs to see. */
export async function listItems(db: HubDb, member: Member, listId: string) {
  if (!(await visibleList(db, member, listId))) return null;
  return db
    .selectFrom('list_items')
    .innerJoin('book_entries', 'book_entries.id', 'list_items.entry_id')
    .innerJoin('members as adder', 'adder.id', 'list_items.added_by')
    .innerJoin('members as buyer', 'buyer.id', 'book_entries.bought_by')
    .select([
      'book_entries.id',
      'book_entries.first_bought_at',
      'book_entries.answer',
      'list_items.added_at',
      'list_items.added_by',
      'adder.name as added_by_name',
      'buyer.name as bought_by_name',
    ])
    .where('list_items.list_id', '=', listId)
    .orderBy('list_items.added_at')
    .execute();
}

/** A list's summary as its viewer sees it (for the items' answer). */
export async function listOf(db: HubDb, member: Member, listId: string) {
  return (await visibleList(db, member, listId)) ?? null;
}
