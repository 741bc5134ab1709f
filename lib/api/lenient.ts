import { z } from 'zod';

/*
 * Building blocks for parsing API responses leniently. The spec says a missing or unknown value arrives as
 * `null`, an empty string or an empty array, and real payloads drift; one odd leaf must never throw away a
 * whole contact. Rule: scalar leaves fall back to `null`, lists to `[]`, nested objects to `null`; unknown
 * extra keys are kept (`looseObject`). Only the envelope (e.g. `{ result: {...} }`) is checked strictly, so a
 * response of the wrong shape still fails as `bad_response`.
 */

/*
 * Speed: a leaf that fails and falls back through `.catch` costs zod an issue with its message (~40 µs each on the
 * two-core machine), and a stored contact misses most of its ~40 fields: parsing one took 1–2 ms, and exporting a
 * 100,000-contact book spent minutes in it. So every leaf first reads its value into the expected type or its
 * fallback (`preprocess`), and the schema after it never fails on the common path; `.catch` stays as the safety net.
 * Same answers as before (tests/unit/api/lenient.test.ts), about a tenth of the time (docs/performance.md).
 */

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Text that may be missing: anything but a string becomes `null`; `''` is kept as sent. */
export const text = () =>
  z.preprocess((v) => (typeof v === 'string' ? v : null), z.string().nullable()).catch(null);

/** Integer that may be missing (a safe integer, as `z.int()` accepts). */
export const int = () =>
  z.preprocess((v) => (Number.isSafeInteger(v) ? v : null), z.int().nullable()).catch(null);

/** Number that may be missing (finite, as `z.number()` accepts). */
export const num = () =>
  z.preprocess((v) => (typeof v === 'number' && Number.isFinite(v) ? v : null), z.number().nullable()).catch(null);

/** Boolean that may be missing. */
export const bool = () =>
  z.preprocess((v) => (typeof v === 'boolean' ? v : null), z.boolean().nullable()).catch(null);

/** List whose non-conforming elements are dropped one by one; a missing list becomes `[]`. */
export function list<T extends z.ZodType>(element: T) {
  return z
    .preprocess(
      (v) => (Array.isArray(v) ? v.filter((item) => element.safeParse(item).success) : []),
      z.array(element),
    )
    .catch([]);
}

/** List of strings that also accepts a single string (some fields arrive either way). */
export const stringList = () =>
  z
    .preprocess((v) => {
      if (typeof v === 'string') return v === '' ? [] : [v];
      return Array.isArray(v) ? v.filter((item) => typeof item === 'string') : [];
    }, z.array(z.string()))
    .catch([]);

/** Object whose shape the spec does not show: kept as a plain record. */
export const anyObject = () => z.record(z.string(), z.unknown());

/** List of objects whose shape the spec does not show. */
export const objectList = () =>
  z
    .preprocess((v) => (Array.isArray(v) ? v.filter(isPlainObject) : []), z.array(anyObject()))
    .catch([]);

/** Nested object that may be missing: `null` when absent or not an object. */
export function nested<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (isPlainObject(v) ? v : null), schema.nullable()).catch(null);
}
