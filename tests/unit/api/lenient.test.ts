import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bool, int, list, nested, num, objectList, stringList, text } from '@/lib/api/lenient';

// The leaves read a value into their type or its fallback before the schema sees it (fast: nothing fails on the
// common path). These are the answers the rule promises, for every odd input the wire has been seen to send.
const odd = [undefined, null, '', 'x', 0, 1.5, 7, -3, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60, true, false, [], ['a'], {}, { a: 1 }];

describe('lenient leaves', () => {
  it('text keeps strings (the empty one too) and reads anything else as null', () => {
    expect(odd.map((v) => text().parse(v))).toEqual(odd.map((v) => (typeof v === 'string' ? v : null)));
  });

  it('int keeps safe integers only', () => {
    expect(odd.map((v) => int().parse(v))).toEqual([null, null, null, null, 0, null, 7, -3, null, null, null, null, null, null, null, null, null]);
  });

  it('num keeps finite numbers only', () => {
    expect(odd.map((v) => num().parse(v))).toEqual([null, null, null, null, 0, 1.5, 7, -3, null, null, 2 ** 60, null, null, null, null, null, null]);
  });

  it('bool keeps booleans only', () => {
    expect(odd.map((v) => bool().parse(v))).toEqual(odd.map((v) => (typeof v === 'boolean' ? v : null)));
  });

  it('stringList takes one string as a list of one, drops what is not a string, and reads the rest as []', () => {
    expect(stringList().parse('a')).toEqual(['a']);
    expect(stringList().parse('')).toEqual([]);
    expect(stringList().parse(['a', 1, null, 'b'])).toEqual(['a', 'b']);
    expect(stringList().parse({ a: 1 })).toEqual([]);
    expect(stringList().parse(undefined)).toEqual([]);
  });

  it('list drops the elements its schema refuses, one by one', () => {
    const entries = list(z.looseObject({ name: text() }));
    expect(entries.parse([{ name: 'a' }, 'junk', null, { name: 3, extra: true }])).toEqual([{ name: 'a' }, { name: null, extra: true }]);
    expect(entries.parse('junk')).toEqual([]);
  });

  it('objectList keeps plain objects only', () => {
    expect(objectList().parse([{ a: 1 }, [], 'x', null, {}])).toEqual([{ a: 1 }, {}]);
    expect(objectList().parse(undefined)).toEqual([]);
  });

  it('nested reads a missing or non-object value as null and parses an object by its schema', () => {
    const place = nested(z.looseObject({ city: text() }));
    expect([undefined, null, 'x', 3, [], ['a']].map((v) => place.parse(v))).toEqual([null, null, null, null, null, null]);
    expect(place.parse({ city: 'Lyon', zip: 1 })).toEqual({ city: 'Lyon', zip: 1 });
    expect(place.parse({})).toEqual({ city: null });
  });

  it('a contact missing nearly every field parses to the same fallbacks as a fully odd one', async () => {
    const { EnrichedContactSchema } = await import('@/lib/api/schemas');
    const sparse = EnrichedContactSchema.parse({ _id: 'a' });
    const odd = EnrichedContactSchema.parse({ _id: 'a', full_name: 5, skills: 'one', education: 'x', employment: [], location: 'Paris' });
    expect(sparse.full_name).toBeNull();
    expect(sparse.employment).toBeNull();
    expect(sparse.skills).toEqual([]);
    expect(odd).toEqual({ ...sparse, skills: ['one'] });
  });
});
