/**
 * The contact book's record of what a row shows, if the user bought it (lib/contacts/saved.ts). Answers are shared in
 * the surface's QueryClient by the components that ask the same question (a loose row's value and its button), and
 * asked again after a purchase (event/credits) or a cleared cache (event/cache), query-client.tsx; a record deleted
 * meanwhile is caught when it is opened.
 */
import { useQuery } from '@tanstack/react-query';
import type { SavedQuery, SavedRecord } from '@/lib/contacts';
import { request } from '@/components/shared/hooks';
import { queryKeys } from '@/components/shared/query-client';
import { useNavigation } from '../navigation';
import { openRecord } from './open-record';

export interface Saved {
  record: SavedRecord;
  /** Shows the record in its view, free; one deleted from the book since it was asked is asked for again. */
  open: () => void;
}

/**
 * The book's answer to one question (null: none asked). Null until known, and when the asking fails: not knowing is
 * not owning (the priced lookup stays, as without a book).
 */
export function useSaved(query: SavedQuery | null): Saved | null {
  const nav = useNavigation();
  const key = query ? JSON.stringify(query) : null;
  const answer = useQuery({
    queryKey: queryKeys.savedAnswer(key ?? ''),
    queryFn: async () => (await request('contacts/saved', JSON.parse(key as string) as SavedQuery)).saved,
    enabled: key !== null,
    // Kept until an event says a purchase or a cleared cache may have changed it.
    staleTime: Infinity,
  });
  const record = key !== null && answer.isSuccess ? answer.data : null;
  const { refetch } = answer;
  return record && { record, open: () => void openRecord(record.id, nav).then((shown) => shown || void refetch()) };
}
