/**
 * The contact book's record of what a row shows, if the user bought it (lib/contacts/saved.ts). Asked again after a
 * purchase (event/credits) or a cleared cache (event/cache); a record deleted meanwhile is caught when it is opened.
 */
import { useEffect, useState } from 'react';
import type { SavedQuery, SavedRecord } from '@/lib/contacts';
import type { BulkEntry } from '@/lib/messaging/protocol';
import { type AlsoKnownAs, ContactLookupSchema, type ContactLookup, type ContactOptions } from '@/lib/messaging/protocol';
import { request, useBackgroundEvent } from '../hooks';
import { useNavigation } from '../navigation';
import { openRecord } from './open-record';

/**
 * The question for a person known by `lookups` and, when given, their other identifiers. A value the request's
 * schema would refuse would make the whole question fail: it is left out instead.
 */
export function savedPersonQuery(lookups: readonly ContactLookup[], options: ContactOptions, also?: AlsoKnownAs): SavedQuery | null {
  const candidates: ContactLookup[] = [
    ...lookups,
    ...(also?.profiles ?? []).map((social_profile) => ({ social_profile })),
    ...(also?.emails ?? []).map((email) => ({ email })),
    ...(also?.phones ?? []).map((phone) => ({ phone })),
  ];
  const valid = candidates.filter((l) => ContactLookupSchema.safeParse(l).success).slice(0, 30);
  return valid.length > 0 ? { kind: 'person', lookups: valid, options } : null;
}

export interface Saved {
  record: SavedRecord;
  /** Shows the record in its view, free; one deleted from the book since it was asked is asked for again. */
  open: () => void;
}

export function useSaved(query: SavedQuery | null): Saved | null {
  const nav = useNavigation();
  const key = query ? JSON.stringify(query) : null;
  const [state, setState] = useState<{ key: string | null; saved: SavedRecord | null }>({ key: null, saved: null });
  const [nonce, setNonce] = useState(0);
  useEffect(() => {
    if (!key) return;
    let live = true;
    request('contacts/saved', JSON.parse(key) as SavedQuery).then(
      ({ saved }) => live && setState({ key, saved }),
      // Not knowing is not owning: the row offers the priced lookup, as without a book.
      () => live && setState({ key, saved: null }),
    );
    return () => {
      live = false;
    };
  }, [key, nonce]);
  useBackgroundEvent((event) => {
    if (event.type === 'event/credits' || event.type === 'event/cache') setNonce((n) => n + 1);
  });
  const record = state.key === key ? state.saved : null;
  return record && { record, open: () => void openRecord(record.id, nav).then((shown) => shown || setNonce((n) => n + 1)) };
}

/** The most entries a selection is asked about (a page's people; a larger selection is not asked, only priced). */
const MAX_ASKED = 2000;

/**
 * Of a bulk selection, the indexes of the entries that would be charged although the user bought that person before
 * (`contacts/saved-entries`). Empty until known, or when the selection is too large to ask about.
 */
export function useSavedEntries(entries: readonly BulkEntry[], requiredFields: readonly string[]): number[] {
  const key = entries.length > 0 && entries.length <= MAX_ASKED ? JSON.stringify([entries, requiredFields]) : null;
  const [state, setState] = useState<{ key: string | null; saved: number[] }>({ key: null, saved: [] });
  const [nonce, setNonce] = useState(0);
  useEffect(() => {
    if (!key) return;
    let live = true;
    const [asked, fields] = JSON.parse(key) as [BulkEntry[], string[]];
    request('contacts/saved-entries', { entries: asked, ...(fields.length > 0 ? { requiredFields: fields } : {}) }).then(
      ({ saved }) => live && setState({ key, saved }),
      () => live && setState({ key, saved: [] }),
    );
    return () => {
      live = false;
    };
  }, [key, nonce]);
  useBackgroundEvent((event) => {
    if (event.type === 'event/credits' || event.type === 'event/cache') setNonce((n) => n + 1);
  });
  return state.key === key ? state.saved : [];
}
