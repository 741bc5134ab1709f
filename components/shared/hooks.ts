/*
 * Data hooks of every extension page (side panel, popup, options/onboarding): typed requests to the background with
 * loading/error state, cost estimates, and background events. Answers are cached in the surface's QueryClient
 * (query-client.tsx); errors are always ErrorData (the shared catalogue words them).
 */
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toErrorData } from '@/lib/errors/to-error-data';
import { forgetAnswers, queryKeys } from './query-client';
import { background, onBackgroundEvent } from '@/lib/messaging/extension';
import type { Event, RequestInput, RequestOutput, RequestType } from '@/lib/messaging/protocol';
import type { CostAction, CostEstimate } from '@/lib/model/lookup';
import type { ErrorData } from '@/lib/model/errors';

export type AsyncState<T> =
  | { status: 'idle' }
  | { status: 'loading'; previous?: T }
  | { status: 'success'; data: T }
  | { status: 'error'; error: ErrorData };

/** Any thrown value as ErrorData: the one function in lib/errors, re-exported for the pages' components. */
export { toErrorData };

export function request<T extends RequestType>(type: T, input: RequestInput<T>): Promise<RequestOutput<T>> {
  return background.request(type, input);
}

/** The single paid lookups: each takes the price its button showed (`quotedCredits`, lib/engine/lookups.ts). */
type PaidLookup = 'contact/enrich' | 'company/enrich' | 'contact/similar' | 'company/similar' | 'email/verify' | 'contact/search';

/**
 * A paid lookup held to the price its button showed (`quotedCredits`; undefined: none to hold it to), so a dearer one
 * is refused as `price_changed` with nothing sent. Charged, answered from the cache or refused, every price on screen
 * may have changed after it: the estimates are asked again.
 */
export async function paidRequest<T extends PaidLookup>(type: T, input: RequestInput<T>, quotedCredits: number | undefined): Promise<RequestOutput<T>> {
  try {
    return await request(type, quotedCredits === undefined ? input : { ...input, quotedCredits });
  } finally {
    invalidateEstimates();
  }
}

/**
 * Runs `fn` on demand (`run`) and tracks its state. A newer run supersedes an older one still in flight, so a
 * slow answer for the previous tab or target never overwrites the current one.
 */
export function useAsyncAction<Args extends unknown[], T>(fn: (...args: Args) => Promise<T>) {
  const [state, setState] = useState<AsyncState<T>>({ status: 'idle' });
  const generation = useRef(0);
  const fnRef = useRef(fn);
  fnRef.current = fn;
  useEffect(() => () => void (generation.current += 1), []);

  const run = useCallback(async (...args: Args): Promise<T | undefined> => {
    const mine = ++generation.current;
    setState((s) => ({ status: 'loading', previous: s.status === 'success' ? s.data : undefined }));
    try {
      const data = await fnRef.current(...args);
      if (mine === generation.current) setState({ status: 'success', data });
      return data;
    } catch (cause) {
      if (mine === generation.current) setState({ status: 'error', error: toErrorData(cause) });
      return undefined;
    }
  }, []);

  const reset = useCallback(() => {
    generation.current += 1;
    setState({ status: 'idle' });
  }, []);

  const set = useCallback((data: T) => {
    generation.current += 1;
    setState({ status: 'success', data });
  }, []);

  return { state, run, reset, set };
}

/**
 * A request that runs whenever its key changes (null = do not run), answered from the surface's QueryClient: two
 * components asking the same question share one request. `reload` asks again and keeps showing what was known.
 */
export function useRequest<T extends RequestType>(type: T, input: RequestInput<T> | null, key: string | null = input ? JSON.stringify(input) : null) {
  const inputRef = useRef(input);
  inputRef.current = input;
  const client = useQueryClient();
  const queryKey = queryKeys.request(type, key ?? '');
  const query = useQuery({
    queryKey,
    queryFn: () => request(type, inputRef.current as RequestInput<T>),
    enabled: key !== null && input !== null,
    staleTime: 0,
  });
  const { refetch } = query;
  const reload = useCallback(() => {
    if (inputRef.current !== null) void refetch();
  }, [refetch]);
  const set = useCallback((data: RequestOutput<T>) => client.setQueryData(queryKey, data), [client, queryKey]);
  return { state: asyncStateOf(query, key !== null && input !== null), reload, set };
}

/** A query's state in the shape the panel's components read: loading keeps what was known before. */
function asyncStateOf<T>(query: UseQueryResult<T>, enabled: boolean): AsyncState<T> {
  if (!enabled) return { status: 'idle' };
  if (query.isFetching || query.isPending) return { status: 'loading', ...(query.data !== undefined ? { previous: query.data } : {}) };
  if (query.isError) return { status: 'error', error: toErrorData(query.error) };
  return { status: 'success', data: query.data as T };
}

/*
 * One runtime listener for the whole page, fanned out to components: a list of 300 rows with a cost each would
 * otherwise parse every event 300 times.
 */
const eventListeners = new Set<(event: Event) => void>();
let unsubscribeRuntime: (() => void) | null = null;

function subscribe(listener: (event: Event) => void): () => void {
  eventListeners.add(listener);
  unsubscribeRuntime ??= onBackgroundEvent((event) => {
    for (const l of [...eventListeners]) l(event);
  });
  return () => {
    eventListeners.delete(listener);
    if (eventListeners.size === 0 && unsubscribeRuntime) {
      unsubscribeRuntime();
      unsubscribeRuntime = null;
    }
  };
}

/** Subscribes to background events for the component's lifetime; the latest listener is always used. */
export function useBackgroundEvent(listener: (event: Event) => void) {
  const ref = useRef(listener);
  ref.current = listener;
  useEffect(() => subscribe((event) => ref.current(event)), []);
}

/** How long a price is shown without asking again, however many rows show it (a list of 300 scrolling past). */
const ESTIMATE_TTL_MS = 20_000;

/** Forget every price asked (after a lookup, the same action may now be free): shown ones are asked again. */
export function invalidateEstimates() {
  void forgetAnswers(queryKeys.estimates);
}

/**
 * What an action costs, asked of the background before any paid click. One question per action at a time however
 * many components show its price; a charge, a change of settings or a cleared cache asks again (query-client.tsx).
 */
export function useEstimate(action: CostAction | null): { estimate: CostEstimate | null; error: ErrorData | null; refresh: () => void } {
  const key = action ? JSON.stringify(action) : null;
  const actionRef = useRef(action);
  actionRef.current = action;
  const query = useQuery({
    queryKey: queryKeys.estimate(key ?? ''),
    queryFn: () => request('credits/estimate', actionRef.current as CostAction),
    enabled: key !== null,
    staleTime: ESTIMATE_TTL_MS,
  });
  const { refetch } = query;
  const refresh = useCallback(() => {
    if (key) void refetch();
  }, [key, refetch]);
  if (key === null) return { estimate: null, error: null, refresh };
  // A failed question shows no price (a paid button without one stays off), never an older one.
  if (query.isError) return { estimate: null, error: toErrorData(query.error), refresh };
  return { estimate: query.data ?? null, error: null, refresh };
}

/** A value that only updates after `ms` of quiet (search boxes). */
export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Re-renders every `ms` so relative times ("3 min ago") and countdowns stay true. */
export function useNow(ms = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
