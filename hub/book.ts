/**
 * The team's shared book: who in the team bought which person, when, and the answer. Asked by any identifier of
 * the person before buying; written after buying. Conflict rule (docs/hub.md): the first purchase (its date and
 * buyer) is kept, the newest answer wins, credits add up, and a write is applied once per (member, write id).
 */
import { sql } from 'kysely';
import type { HubDb } from './db/open';
import { newId } from './tokens';

export interface BookHit {
  entryId: string;
  boughtBy: { id: string; name: string };
  firstBoughtAt: Date;
  answeredAt: Date;
  options: string;
  credits: number;
  matched: string[];
}

/** Entries of the team that any of `identities` names (one per entry). */
export async function askBook(db: HubDb, teamId: string, identities: string[]): Promise<BookHit[]> {
  if (identities.length === 0) return [];
  const rows = await db
    .selectFrom('book_keys')
    .innerJoin('book_entries', 'book_entries.id', 'book_keys.entry_id')
    .innerJoin('members', 'members.id', 'book_entries.bought_by')
    .select([
      'book_keys.identity',
      'book_entries.id',
      'book_entries.first_bought_at',
      'book_entries.answered_at',
      'book_entries.options',
      'book_entries.credits',
      'members.id as buyer_id',
      'members.name as buyer_name',
    ])
    .where('book_keys.team_id', '=', teamId)
    .where('book_keys.identity', 'in', identities)
    .execute();
  const byEntry = new Map<string, BookHit>();
  for (const r of rows) {
    const hit = byEntry.get(r.id) ?? {
      entryId: r.id,
      boughtBy: { id: r.buyer_id, name: r.buyer_name },
      firstBoughtAt: r.first_bought_at,
      answeredAt: r.answered_at,
      options: r.options,
      credits: r.credits,
      matched: [],
    };
    hit.matched.push(r.identity);
    byEntry.set(r.id, hit);
  }
  return [...byEntry.values()];
}

/** The stored answer of an entry of the team (null when the entry is another team's or has no answer). */
export async function bookAnswer(db: HubDb, teamId: string, entryId: string): Promise<{ answer: unknown; options: string } | null> {
  const row = await db.selectFrom('book_entries').select(['answer', 'options']).where('id', '=', entryId).where('team_id', '=', teamId).executeTakeFirst();
  return row && row.answer !== null ? { answer: row.answer, options: row.options } : null;
}

/** The stored answers of several entries of the team, by entry id (entries of another team, or without an answer, are absent). */
export async function bookAnswers(db: HubDb, teamId: string, entryIds: readonly string[]): Promise<Map<string, { answer: unknown; options: string }>> {
  if (entryIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('book_entries')
    .select(['id', 'answer', 'options'])
    .where('id', 'in', [...new Set(entryIds)])
    .where('team_id', '=', teamId)
    .execute();
  // A purchase that found nobody is stored as JSON null: no answer to give, as for one entry (`bookAnswer`).
  return new Map(rows.filter((r) => r.answer !== null).map((r) => [r.id, { answer: r.answer, options: r.options }]));
}

export interface BookWrite {
  writeId: string;
  identities: string[];
  answer: unknown;
  options: string;
  boughtAt: Date;
  credits: number;
}

/** Records a purchase; returns the entry it landed in and whether this write was a replay of an earlier one. */
export async function writeBook(db: HubDb, member: { id: string; teamId: string }, write: BookWrite): Promise<{ entryId: string; replayed: boolean }> {
  return db.transaction().execute(async (trx) => {
    // One writer per team at a time: two members writing the same new person at once must land in one entry.
    await sql`select pg_advisory_xact_lock(hashtext(${`book:${member.teamId}`}))`.execute(trx);
    const seen = await trx
      .selectFrom('book_writes')
      .select('entry_id')
      .where('team_id', '=', member.teamId)
      .where('member_id', '=', member.id)
      .where('write_id', '=', write.writeId)
      .executeTakeFirst();
    if (seen) return { entryId: seen.entry_id, replayed: true };

    const existing = await trx
      .selectFrom('book_keys')
      .innerJoin('book_entries', 'book_entries.id', 'book_keys.entry_id')
      .select(['book_entries.id', 'book_entries.first_bought_at', 'book_entries.answered_at'])
      .where('book_keys.team_id', '=', member.teamId)
      .where('book_keys.identity', 'in', write.identities)
      .orderBy('book_entries.first_bought_at')
      .limit(1)
      .executeTakeFirst();
    const answer = write.answer === undefined ? null : JSON.stringify(write.answer);
    let entryId: string;
    if (!existing) {
      entryId = newId();
      await trx
        .insertInto('book_entries')
        .values({
          id: entryId,
          team_id: member.teamId,
          bought_by: member.id,
          first_bought_at: write.boughtAt,
          answer,
          options: write.options,
          answered_at: write.boughtAt,
          answered_by: member.id,
          credits: write.credits,
        })
        .execute();
    } else {
      entryId = existing.id;
      const earlier = write.boughtAt < existing.first_bought_at;
      const newer = write.boughtAt > existing.answered_at && answer !== null;
      await trx
        .updateTable('book_entries')
        .set((eb) => ({
          credits: eb('credits', '+', write.credits),
          ...(earlier ? { first_bought_at: write.boughtAt, bought_by: member.id } : {}),
          ...(newer ? { answer, options: write.options, answered_at: write.boughtAt, answered_by: member.id } : {}),
        }))
        .where('id', '=', entryId)
        .execute();
    }
    // An identifier already written for another entry stays there: it belongs to the first person it named.
    await trx
      .insertInto('book_keys')
      .values(write.identities.map((identity) => ({ team_id: member.teamId, identity, entry_id: entryId })))
      .onConflict((oc) => oc.columns(['team_id', 'identity']).doNothing())
      .execute();
    await trx.insertInto('book_writes').values({ team_id: member.teamId, member_id: member.id, write_id: write.writeId, entry_id: entryId }).execute();
    return { entryId, replayed: false };
  });
}
