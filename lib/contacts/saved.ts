/**
 * "Do I own this one already?" for a person or company a page shows (issue 14: the book keeps what was bought after the
 * cache's freshness has run out). The cache decides whether a lookup is free; the book answers whether the user
 * already holds an answer they can open for nothing. A page row asks both: a cached answer opens free as before, and
 * a person bought 40 days ago (past the 30-day cache) opens from the book instead of offering to buy them again.
 *
 * Book records are found by the cache keys they were bought under (`BookRecord.keys`: the key and its aliases). A
 * key carries the options that change an answer (waterfall, all experiences, required fields), so each identifier is
 * asked under the user's current lookup options, then under each set of the two on/off options: an answer bought
 * with other settings is still the same person. (Required fields are asked only as the user's options carry them:
 * their combinations are too many to try, and such a record is still found by its other keys.)
 */
import { EnrichedContactSchema } from '../api/schemas';
import { companyEnrichKey, contactEnrichKey, contactEnrichKeys, contactIdentityOfKey, endpointOfKey } from '../cache/keys';
import { NO_SAVED_CONTACTS, type OpenSavedContacts, type SavedContacts } from '../engine/saved-contacts';
import { aliasLookupsOf, type AlsoKnownAs, type ContactLookup, ContactLookupSchema, type ContactOptions } from '../model/lookup';
import type { ContactBook } from './book';
import type { SavedQuery } from './schema';

const OPTION_SETS: readonly ContactOptions[] = [{}, { waterfall: true }, { includeAllExperiences: true }, { waterfall: true, includeAllExperiences: true }];

/** The book keys a saved answer for `query` would be filed under, most likely first. */
export function savedKeys(query: SavedQuery): string[] {
  if (query.kind === 'company') return [...new Set(query.urls.map((url) => companyEnrichKey(url)))];
  const sets = query.options ? [query.options, ...OPTION_SETS] : OPTION_SETS;
  return [...new Set(query.lookups.flatMap((lookup) => contactEnrichKeys(lookup, sets)))];
}

/**
 * The question for a person known by `lookups` and their other identifiers (`also`), or null when none of them is a
 * lookup the request's schema takes (page data is hostile: one bad value must not fail the whole question).
 */
export function savedPersonQuery(lookups: readonly ContactLookup[], options?: ContactOptions, also?: AlsoKnownAs): SavedQuery | null {
  const valid = [...lookups, ...(also ? aliasLookupsOf(also) : [])].filter((l) => ContactLookupSchema.safeParse(l).success).slice(0, 30);
  return valid.length === 0 ? null : { kind: 'person', lookups: valid, ...(options ? { options } : {}) };
}

/**
 * The book as a bulk job and its price ask it (lib/engine/saved-contacts.ts). The book's keys are read once and
 * indexed by who they look up, whatever options the purchase carried (an answer bought with waterfall or required
 * fields is still that person); each entry is then matched in memory by its own key and its other identifiers, and
 * only a match reads its record: a person, not deleted, whose stored answer still reads as a contact. Anything else is
 * no saved answer, and the entry is bought as usual.
 */
export async function openSavedContacts(book: Pick<ContactBook, 'keyIndex' | 'records'>): Promise<SavedContacts> {
  const index = new Map<string, string[]>();
  for (const [key, id] of await book.keyIndex()) {
    if (endpointOfKey(key) !== 'contact/enrich') continue;
    const who = contactIdentityOfKey(key);
    const ids = index.get(who);
    if (!ids) index.set(who, [id]);
    else if (!ids.includes(id)) ids.push(id);
  }
  if (index.size === 0) return NO_SAVED_CONTACTS;
  return {
    async find(entry, key) {
      // The entry's key is computed already (the job's row, the staged entry, the estimate); its other identifiers,
      // from a page, are few.
      const who = [contactIdentityOfKey(key), ...(entry.alsoKnownAs ? aliasLookupsOf(entry.alsoKnownAs).map((lookup) => contactEnrichKey(lookup)) : [])];
      for (const id of new Set(who.flatMap((w) => index.get(w) ?? []))) {
        const [record] = await book.records([id]);
        if (record?.kind !== 'person') continue;
        const contact = EnrichedContactSchema.safeParse(record.value);
        if (contact.success) return { contact: contact.data, boughtAt: record.lastBoughtAt };
      }
      return null;
    },
  };
}

/**
 * `openSavedContacts` for the background: the index is read once and kept until the book keeps another purchase (a
 * removed or restored record needs no new index: every match is read and checked). The selection bar asks for a new
 * estimate after every charge and change; without this each would read the whole book's keys again.
 */
export function savedContactsSource(book: Pick<ContactBook, 'keyIndex' | 'records' | 'purchases'>): OpenSavedContacts {
  let last: { purchases: number; saved: Promise<SavedContacts> } | null = null;
  return () => {
    const purchases = book.purchases();
    if (last?.purchases !== purchases) {
      const saved = openSavedContacts(book);
      last = { purchases, saved };
      // A failed read is not kept: the next question reads again.
      saved.catch(() => {
        if (last?.saved === saved) last = null;
      });
    }
    return last.saved;
  };
}
