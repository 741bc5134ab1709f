import { describe, expect, it } from 'vitest';
import { createCache } from '@/lib/cache/cache';
import { bulkEntryKey, companyEnrichKey, contactEnrichKey, contactIdentityOfKey, emailVerifyKey, labelForKey, requiredOfKey } from '@/lib/cache/keys';
import type { ContactLookup, ContactOptions } from '@/lib/messaging/protocol';
import { createMemoryCacheStore } from '@/lib/cache/store';

describe('cache keys', () => {
  it.each<[string, string, string]>([
    ['email case and spaces', contactEnrichKey({ email: ' Bob@Acme.COM ' }), contactEnrichKey({ email: 'bob@acme.com' })],
    ['profile URL forms', contactEnrichKey({ social_profile: 'https://uk.linkedin.com/in/Bob-Smith/?trk=1' }), contactEnrichKey({ social_profile: 'https://www.linkedin.com/in/bob-smith' })],
    ['phone formats', contactEnrichKey({ phone: '+1 (415) 555-0132' }), contactEnrichKey({ phone: '+14155550132' })],
    ['name spacing and case', contactEnrichKey({ first_name: 'Jane ', last_name: 'DOE', company_domain: 'www.acme.com' }), contactEnrichKey({ first_name: 'jane', last_name: 'doe', company_domain: 'acme.com' })],
    ['required order', contactEnrichKey({ email: 'a@b.com' }, { required: ['phone', 'email'] }), contactEnrichKey({ email: 'a@b.com' }, { required: ['email', 'phone'] })],
    ['realtime is not part of the key', contactEnrichKey({ email: 'a@b.com' }, { realtime: true }), contactEnrichKey({ email: 'a@b.com' })],
    ['company website forms', companyEnrichKey('https://www.acme.co.uk/about'), companyEnrichKey('acme.co.uk')],
    ['bulk entries share the single-enrich key space', bulkEntryKey({ field_type: 'email', value: 'A@b.com' }), contactEnrichKey({ email: 'a@b.com' })],
  ])('same key: %s', (_why, a, b) => {
    expect(a).toBe(b);
  });

  it.each<[string, string, string]>([
    ['waterfall changes the answer', contactEnrichKey({ email: 'a@b.com' }, { waterfall: true }), contactEnrichKey({ email: 'a@b.com' })],
    ['all experiences change the answer', contactEnrichKey({ email: 'a@b.com' }, { includeAllExperiences: true }), contactEnrichKey({ email: 'a@b.com' })],
    ['required fields change the match rule', contactEnrichKey({ email: 'a@b.com' }, { required: ['phone'] }), contactEnrichKey({ email: 'a@b.com' })],
    ['endpoints differ', emailVerifyKey('a@b.com'), contactEnrichKey({ email: 'a@b.com' })],
  ])('different keys: %s', (_why, a, b) => {
    expect(a).not.toBe(b);
  });

  it('who a key looks up, whatever options it carries: the plain key of the same lookup; and the fields it requires', () => {
    const sets: ContactOptions[] = [{}, { waterfall: true }, { includeAllExperiences: true, required: ['phone', 'email'] }, { required: ['email'], realtime: true }];
    const lookups: ContactLookup[] = [{ email: ' Bob@Acme.COM ' }, { phone: '020 7946 0018' }, { social_profile: 'https://uk.linkedin.com/in/Bob-Smith/' }, { first_name: 'Jane', last_name: 'Doe', company_name: 'Acme' }];
    for (const lookup of lookups) for (const options of sets) expect(contactIdentityOfKey(contactEnrichKey(lookup, options))).toBe(contactEnrichKey(lookup));
    // An address whose text looks like an option stays whole (values are encoded).
    expect(contactIdentityOfKey(contactEnrichKey({ email: 'required=x@b.com' }, { waterfall: true }))).toBe(contactEnrichKey({ email: 'required=x@b.com' }));
    expect(requiredOfKey(contactEnrichKey({ email: 'a@b.com' }, { required: ['phone', 'email'] }))).toEqual(['email', 'phone']);
    expect(requiredOfKey(contactEnrichKey({ email: 'required=x@b.com' }))).toEqual([]);
  });

  it.each([
    [contactEnrichKey({ email: 'bob@acme.com' }), 'bob@acme.com'],
    [contactEnrichKey({ first_name: 'Jane', last_name: 'Doe', company_name: 'Acme' }), 'jane doe · acme'],
    [companyEnrichKey('acme.io'), 'acme.io'],
  ])('labels %s as %s', (key, label) => {
    expect(labelForKey(key)).toBe(label);
  });
});

describe('cache lifetimes', () => {
  it('keeps hits for the hit TTL and misses for the shorter miss TTL; 0 days stores nothing', async () => {
    let now = 1_000_000;
    const cache = createCache({ store: createMemoryCacheStore(), ttl: () => ({ hitTtlDays: 30, missTtlDays: 3 }), now: () => now });
    await cache.write('hit', { found: true, value: { a: 1 }, creditsCharged: 1 });
    await cache.write('miss', { found: false, value: null, errorText: 'none', creditsCharged: 0 });
    now += 4 * 86_400_000;
    expect(await cache.read('hit')).toMatchObject({ found: true, provenance: { source: 'cache', fetchedAt: 1_000_000, creditsCharged: 0 } });
    expect(await cache.read('miss')).toBeNull();
    now += 27 * 86_400_000;
    expect(await cache.read('hit')).toBeNull();

    const off = createCache({ store: createMemoryCacheStore(), ttl: () => ({ hitTtlDays: 0, missTtlDays: 0 }), now: () => now });
    await off.write('x', { found: true, value: 1, creditsCharged: 1 });
    expect(await off.store.stats()).toEqual({ entries: 0, approxBytes: 0 });
  });
});
