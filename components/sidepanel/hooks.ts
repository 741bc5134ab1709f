/*
 * Data hooks of the side panel: typed requests to the background with loading/error state, cost estimates,
 * and background events. Errors are always ErrorData (the shared catalogue words them).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { toErrorData } from '@/lib/errors/to-error-data';
import { background, onBackgroundEvent } from '@/lib/messaging/extension';
import type { Event, RequestInput, RequestOutput, RequestType } from '@/lib/messaging/protocol';
import type { CostAction, CostEstimate } from '@/lib/model/lookup';
import type { ErrorData } from '@/lib/model/errors';

export type AsyncState<T> =
  | { status: 'idle' }
  | { status: 'loading'; previous?: T }
  | { status: 'success'; data: T }
  | { status: 'error'; error: ErrorData };

/** Any thrown value as ErrorData: the one function in lib/errors, re-exported for the panel's components. */
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

/** A request that runs whenever its key changes (null = do not run). */
export function useRequest<T extends RequestType>(type: T, input: RequestInput<T> | null, key: string | null = input ? JSON.stringify(input) : null) {
  const action = useAsyncAction((i: RequestInput<T>) => request(type, i));
  const inputRef = useRef(input);
  inputRef.current = input;
  const { run, reset } = action;
  useEffect(() => {
    if (key === null || inputRef.current === null) {
      reset();
      return;
    }
    void run(inputRef.current);
  }, [key, run, reset]);
  const reload = useCallback(() => {
    if (inputRef.current !== null) void run(inputRef.current);
  }, [run]);
  return { ...action, reload };
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

const estimateCache = new Map<string, { at: number; estimate: CostEstimate }>();
const estimatesInFlight = new Map<string, Promise<CostEstimate>>();
/**
 * Bumped whenever prices may have changed: an answer to a question asked before is neither shared nor cached (a
 * charge landing while a row's price was being asked left "1 credit" on rows now cached, until the cache expired).
 */
let estimateEpoch = 0;

function forgetEstimates() {
  estimateEpoch += 1;
  estimateCache.clear();
  estimatesInFlight.clear();
}

/** One question per action at a time, however many components show its price. */
function fetchEstimate(key: string, action: CostAction): Promise<CostEstimate> {
  const existing = estimatesInFlight.get(key);
  if (existing) return existing;
  const epoch = estimateEpoch;
  const pending: Promise<CostEstimate> = request('credits/estimate', action).then(
    (estimate) => {
      if (estimatesInFlight.get(key) === pending) estimatesInFlight.delete(key);
      if (epoch === estimateEpoch) estimateCache.set(key, { at: Date.now(), estimate });
      return estimate;
    },
    (cause: unknown) => {
      if (estimatesInFlight.get(key) === pending) estimatesInFlight.delete(key);
      throw cause;
    },
  );
  estimatesInFlight.set(key, pending);
  return pending;
}
const ESTIMATE_TTL_MS = 20_000;

/** Forget cached estimates (after a lookup, the same action may now be free). */
export function invalidateEstimates() {
  forgetEstimates();
  for (const refresh of estimateSubscribers) refresh();
}

/** Mounted estimates, asked again after a lookup (the same action may now be cached and free). */
const estimateSubscribers = new Set<() => void>();

/**
 * What an action costs, asked of the background before any paid click. Shared cache for a few seconds, so a list
 * of 300 rows scrolling past does not ask twice.
 */
export function useEstimate(action: CostAction | null): { estimate: CostEstimate | null; error: ErrorData | null; refresh: () => void } {
  const key = action ? JSON.stringify(action) : null;
  const [state, setState] = useState<{ key: string | null; estimate: CostEstimate | null; error: ErrorData | null }>(() => {
    const hit = key ? estimateCache.get(key) : undefined;
    return { key, estimate: hit && Date.now() - hit.at < ESTIMATE_TTL_MS ? hit.estimate : null, error: null };
  });
  const [nonce, setNonce] = useState(0);
  const actionRef = useRef(action);
  actionRef.current = action;

  useEffect(() => {
    const current = actionRef.current;
    if (!key || !current) {
      setState({ key, estimate: null, error: null });
      return;
    }
    const hit = estimateCache.get(key);
    if (hit && Date.now() - hit.at < ESTIMATE_TTL_MS) {
      setState({ key, estimate: hit.estimate, error: null });
      return;
    }
    let live = true;
    setState((s) => (s.key === key ? s : { key, estimate: null, error: null }));
    fetchEstimate(key, current).then(
      (estimate) => {
        if (live) setState({ key, estimate, error: null });
      },
      (cause) => {
        if (live) setState({ key, estimate: null, error: toErrorData(cause) });
      },
    );
    return () => {
      live = false;
    };
  }, [key, nonce]);

  useBackgroundEvent((event) => {
    // A charge, a change of settings or a removed cache entry can each change a price shown ("free" no longer).
    if (event.type === 'event/credits' || event.type === 'event/settings' || event.type === 'event/cache') {
      forgetEstimates();
      setNonce((n) => n + 1);
    }
  });
  useEffect(() => {
    const bump = () => setNonce((n) => n + 1);
    estimateSubscribers.add(bump);
    return () => void estimateSubscribers.delete(bump);
  }, []);

  const refresh = useCallback(() => {
    if (key) estimateCache.delete(key);
    setNonce((n) => n + 1);
  }, [key]);

  return { estimate: state.key === key ? state.estimate : null, error: state.key === key ? state.error : null, refresh };
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
