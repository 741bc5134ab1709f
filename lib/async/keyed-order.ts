/**
 * Steps that share a key run one after another, in the order they were asked for; steps of different keys do not
 * wait for each other. For read-modify-write of one stored record (a bulk job, an upload being staged, a tab's page
 * state) where two overlapping steps would lose a write. A step that fails does not stop the ones after it.
 */
export interface KeyedOrder<K> {
  <T>(key: K, step: () => Promise<T>): Promise<T>;
  /** Keys with a step queued or running (finished keys are forgotten, so a long-lived worker does not grow). */
  readonly busyKeys: () => number;
}

export function createKeyedOrder<K>(): KeyedOrder<K> {
  const tails = new Map<K, Promise<unknown>>();
  const inOrder = <T>(key: K, step: () => Promise<T>): Promise<T> => {
    const run = (tails.get(key) ?? Promise.resolve()).then(step);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    tails.set(key, settled);
    void settled.then(() => {
      if (tails.get(key) === settled) tails.delete(key);
    });
    return run;
  };
  return Object.assign(inOrder, { busyKeys: () => tails.size });
}

/** One queue for everything (a single stored record): each step starts when the one asked before it has settled. */
export function createOrder(): <T>(step: () => Promise<T>) => Promise<T> {
  const inOrder = createKeyedOrder<null>();
  return (step) => inOrder(null, step);
}
