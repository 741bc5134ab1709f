/**
 * The demo service's modules replaced by nothing: what the bench's "no demo" build (bench/worker-start.ts) bundles
 * instead of sql.js and the sandbox's embedded app, so the background's start can be timed with and without them in
 * the same browser. Never part of a shipped build (wxt.config.ts swaps it in only under BENCH_WITHOUT_DEMO).
 */
const absent = (): never => {
  throw new Error('This bench build has no demo mode.');
};

export default absent;
export const openEmbeddedSandbox = absent;
