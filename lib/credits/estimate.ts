/**
 * The cost preview lives in the engine beside the plan it reads (lib/engine/estimate.ts); this path stays for the
 * views that import its words and types from here.
 */
export * from '../engine/estimate';
