/**
 * The contact book's record of what a row shows, if the user bought it (lib/contacts/saved.ts). Asked again after a
 * purchase (event/credits) or a cleared cache (event/cache); a record deleted meanwhile is caught when it is opened.
 */
import { useEffect, useState } from 'react';
import type { SavedQuery, SavedRecord } from '@/lib/contacts';
import { type AlsoKnownAs, ContactLookupSchema, type ContactLookup, type ContactOptions } from '@/lib/messaging/protocol';
import { request, useBackgroundEvent } from '../hooks';

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

export function useSaved(query: SavedQuery | null): { saved: SavedRecord | null; recheck: () => void } {
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
  return { saved: state.key === key ? state.saved : null, recheck: () => setNonce((n) => n + 1) };
}
