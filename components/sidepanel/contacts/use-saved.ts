/**
 * The contact book's record of what a row shows, if the user bought it (lib/contacts/saved.ts). Asked again after a
 * purchase (event/credits) or a cleared cache (event/cache); a record deleted meanwhile is caught when it is opened.
 */
import { useEffect, useState } from 'react';
import type { SavedQuery, SavedRecord } from '@/lib/contacts';
import { request, useBackgroundEvent } from '../hooks';
import { useNavigation } from '../navigation';
import { openRecord } from './open-record';

/**
 * The book's answer to one question (`key`, null: none asked), asked again whenever a purchase or a cleared cache may
 * have changed it, and on `again()`. `none` until known, and when the asking fails: not knowing is not owning (the
 * priced lookup stays, as without a book).
 */
function useBookAnswer<T>(key: string | null, ask: (key: string) => Promise<T>, none: T): { answer: T; again: () => void } {
  const [state, setState] = useState<{ key: string | null; answer: T }>({ key: null, answer: none });
  const [nonce, setNonce] = useState(0);
  useEffect(() => {
    if (!key) return;
    let live = true;
    ask(key).then(
      (answer) => live && setState({ key, answer }),
      () => live && setState({ key, answer: none }),
    );
    return () => {
      live = false;
    };
    // `ask` and `none` are fixed per caller; the key says what is asked.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, nonce]);
  useBackgroundEvent((event) => {
    if (event.type === 'event/credits' || event.type === 'event/cache') {
      asked.clear();
      setNonce((n) => n + 1);
    }
  });
  return {
    answer: state.key === key ? state.answer : none,
    again: () => {
      if (key) asked.delete(key);
      setNonce((n) => n + 1);
    },
  };
}

/**
 * Questions asked and their answers, shared by the components that ask the same one (a loose row's value and its
 * button), until a purchase or a cleared cache may change them.
 */
const asked = new Map<string, Promise<SavedRecord | null>>();

function askSaved(key: string): Promise<SavedRecord | null> {
  let answer = asked.get(key);
  if (!answer) {
    answer = request('contacts/saved', JSON.parse(key) as SavedQuery).then((r) => r.saved);
    asked.set(key, answer);
    answer.catch(() => asked.delete(key));
  }
  return answer;
}

export interface Saved {
  record: SavedRecord;
  /** Shows the record in its view, free; one deleted from the book since it was asked is asked for again. */
  open: () => void;
}

export function useSaved(query: SavedQuery | null): Saved | null {
  const nav = useNavigation();
  const { answer: record, again } = useBookAnswer(
    query ? JSON.stringify(query) : null,
    askSaved,
    null,
  );
  return record && { record, open: () => void openRecord(record.id, nav).then((shown) => shown || again()) };
}
