/**
 * Team lists on the hub, from the background: the team's shared lists and the member's private ones on the hub, their
 * people, creating and sharing one, and adding people of the member's own contact book to one. The hub's answers are
 * hostile input: validated here, and a list item's answer is read with the API's schemas (lib/contacts/entry.ts) into
 * the same row the contact book shows.
 */
import { z } from 'zod';
import { contactAliasLookups } from '../cache/aliases';
import { entryOf } from '../contacts/entry';
import { BookEntrySchema, type BookRecord } from '../contacts/schema';
import { callHub } from './sign-in';

/** Where and as whom the background talks to the hub (from the sign-in; never sent to a page). */
export interface HubConnection {
  hubUrl: string;
  token: string;
  memberId: string;
  fetch?: typeof fetch;
}

const Id = z.string().min(1).max(100);
const Name = z.string().min(1).max(200);

/** A list on the hub as pages see it: `mine` when the member made it (only they may share or unshare it). */
export const TeamListSchema = z.strictObject({ id: Id, name: Name, shared: z.boolean(), mine: z.boolean(), ownerName: z.string().max(100), count: z.number().int().nonnegative() });
export type TeamList = z.infer<typeof TeamListSchema>;

/** One person of a team list: the contact book's row for the hub's stored answer, who bought them and who added them. */
export const TeamListItemSchema = z.strictObject({ entry: BookEntrySchema, boughtBy: z.string().max(100), addedBy: z.string().max(100) });
export type TeamListItem = z.infer<typeof TeamListItemSchema>;

const HubListSchema = z.looseObject({ id: Id, name: Name, shared: z.boolean(), owner_id: Id, owner_name: z.string().max(100), count: z.number().int().nonnegative() });
const HubListsSchema = z.looseObject({ lists: z.array(HubListSchema).max(10_000) });
const HubListRefSchema = z.looseObject({ id: Id, name: Name, shared: z.boolean() });
const HubItemSchema = z.looseObject({
  id: Id,
  first_bought_at: z.union([z.string(), z.number()]),
  answer: z.unknown(),
  added_by_name: z.string().max(100),
  bought_by_name: z.string().max(100),
});
const HubItemsSchema = z.looseObject({ list: z.looseObject({ id: Id, name: Name, shared: z.boolean(), owner_id: Id }), items: z.array(HubItemSchema).max(100_000) });
const WrittenSchema = z.looseObject({ entryId: Id });
const AddedSchema = z.looseObject({ added: z.number().int().nonnegative() });

const auth = (c: HubConnection) => ({ token: c.token });

export async function teamLists(c: HubConnection): Promise<TeamList[]> {
  const { lists } = await callHub(c.hubUrl, '/hub/lists', { method: 'get', ...auth(c) }, HubListsSchema, c.fetch);
  return lists.map((l) => ({ id: l.id, name: l.name, shared: l.shared, mine: l.owner_id === c.memberId, ownerName: l.owner_name, count: l.count }));
}

export async function createTeamList(c: HubConnection, name: string, shared: boolean): Promise<TeamList> {
  const made = await callHub(c.hubUrl, '/hub/lists', { method: 'post', json: { name, shared }, ...auth(c) }, HubListRefSchema, c.fetch);
  return { id: made.id, name: made.name, shared: made.shared, mine: true, ownerName: '', count: 0 };
}

export async function shareTeamList(c: HubConnection, id: string, shared: boolean): Promise<void> {
  await callHub(c.hubUrl, `/hub/lists/${encodeURIComponent(id)}/shared`, { method: 'put', json: { shared }, ...auth(c) }, HubListRefSchema, c.fetch);
}

/** A list's people as contact-book rows; an answer that does not read as a person is left out and counted. */
export async function teamListItems(c: HubConnection, id: string): Promise<{ list: Omit<TeamList, 'ownerName' | 'count'>; items: TeamListItem[]; unreadable: number }> {
  const answer = await callHub(c.hubUrl, `/hub/lists/${encodeURIComponent(id)}/items`, { method: 'get', ...auth(c) }, HubItemsSchema, c.fetch);
  const items: TeamListItem[] = [];
  for (const item of answer.items) {
    const at = new Date(item.first_bought_at).getTime();
    const boughtAt = Number.isFinite(at) ? at : 0;
    const entry = entryOf({ id: item.id, kind: 'person', key: '', keys: [], value: item.answer, firstBoughtAt: boughtAt, lastBoughtAt: boughtAt, creditsSpent: 0 });
    if (entry) items.push({ entry, boughtBy: item.bought_by_name, addedBy: item.added_by_name });
  }
  const { list } = answer;
  return { list: { id: list.id, name: list.name, shared: list.shared, mine: list.owner_id === c.memberId }, items, unreadable: answer.items.length - items.length };
}

/**
 * Whether this member may remove people from a list: its maker, or a team admin on a shared list. The hub decides
 * (hub/lists.ts `removeFromList`); this only tells the side panel whether to offer the button.
 */
export function mayRemoveFrom(list: { mine: boolean; shared: boolean }, role: 'admin' | 'member'): boolean {
  return list.mine || (list.shared && role === 'admin');
}

/** Removes one person (a book entry) from a team list; the person stays in the team's book. */
export async function removeFromTeamList(c: HubConnection, id: string, entryId: string): Promise<void> {
  await callHub(c.hubUrl, `/hub/lists/${encodeURIComponent(id)}/items/${encodeURIComponent(entryId)}`, { method: 'delete', ...auth(c) }, z.looseObject({}), c.fetch);
}

/** Book writes sent at once while adding people (each is one small request; the hub serialises a team's writes). */
const WRITE_CONCURRENCY = 4;
/** The most entries one `POST /hub/lists/:id/items` takes. */
const ITEMS_PER_REQUEST = 1000;

/**
 * Adds people of the member's contact book to a team list. The hub's lists hold entries of the team's book, so each
 * person is written to the book first (what a teammate then reads in the list is what the member paid for), with
 * 0 credits: sharing a person spends nothing, and a purchase the book learns of otherwise keeps its own credits.
 * The write id is the record's, so adding the same person again changes nothing. Companies, and people without an
 * email, phone or profile to name them by, cannot go into the team's book: they are counted in `skipped`.
 */
export async function addToTeamList(c: HubConnection, id: string, records: readonly BookRecord[]): Promise<{ added: number; skipped: number }> {
  const entryIds: string[] = [];
  let skipped = 0;
  const people = records.filter((r) => {
    const ok = r.kind === 'person' && contactAliasLookups(r.value).length > 0;
    if (!ok) skipped++;
    return ok;
  });
  for (let i = 0; i < people.length; i += WRITE_CONCURRENCY) {
    const written = await Promise.all(
      people.slice(i, i + WRITE_CONCURRENCY).map((record) => {
        const [lookup, ...aliases] = contactAliasLookups(record.value);
        const body = { writeId: `list:${record.id}`.slice(0, 200), lookup, aliases: aliases.slice(0, 100), answer: record.value, boughtAt: new Date(record.lastBoughtAt).toISOString(), credits: 0 };
        return callHub(c.hubUrl, '/hub/book', { method: 'post', json: body, ...auth(c) }, WrittenSchema, c.fetch);
      }),
    );
    entryIds.push(...written.map((w) => w.entryId));
  }
  let added = 0;
  const unique = [...new Set(entryIds)];
  for (let i = 0; i < unique.length; i += ITEMS_PER_REQUEST) {
    const chunk = unique.slice(i, i + ITEMS_PER_REQUEST);
    added += (await callHub(c.hubUrl, `/hub/lists/${encodeURIComponent(id)}/items`, { method: 'post', json: { entryIds: chunk }, ...auth(c) }, AddedSchema, c.fetch)).added;
  }
  return { added, skipped };
}
