// Today's and this month's credits, for any extension page (panel header, popup, options): asked once, then kept
// live by 'event/credits', which carries the summary itself (query-client.tsx).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { CreditsSummary } from '@/lib/model/state';
import { request } from './hooks';
import { queryKeys } from './query-client';

/**
 * The summary has no time of its own, so an event heard after the question was asked is taken as newer than its
 * answer (query-client.tsx cancels the question before writing the event's summary): opened while a bulk job
 * charged, the answer (read before a charge) used to land after the event and keep "today" too low until the next
 * charge. A new `revision` asks again (the popup after a verification).
 */
export function useCreditsSummary(revision: unknown = null): CreditsSummary | null {
  const query = useQuery({ queryKey: queryKeys.credits, queryFn: () => request('credits/summary', {}), staleTime: Infinity });
  const { refetch } = query;
  const asked = useRef(revision);
  useEffect(() => {
    if (Object.is(asked.current, revision)) return;
    asked.current = revision;
    void refetch();
  }, [revision, refetch]);
  return query.data ?? null;
}
