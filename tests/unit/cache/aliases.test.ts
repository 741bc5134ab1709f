import { describe, expect, it } from 'vitest';
import { companyAliasKeys, contactAliasKeys, contactAliasLookups } from '@/lib/cache/aliases';
import { createCache } from '@/lib/cache/cache';
import { companyEnrichKey, contactEnrichKey } from '@/lib/cache/keys';
import { createMemoryCacheStore } from '@/lib/cache/store';

const DAY = 86_400_000;

/** A contact as GET /v1/enrich returns it (the fields the aliases read). */
const contact = {
  _id: 'c1',
  current_work_email: 'Jane.Doe@Acme.com',
  other_current_work_emails: [{ status: 'verified', work_email: 'jane7@acme.com' }],
  personal_emails: ['jane.doe12@gmail.com'],
  historical_emails: ['jane.doe@oldco.io'],
  phone_numbers: [{ E164: '+14155550132', type: 'mobile', national_number: '(415) 555-0132', NXX_use_type: 'mobile' }],
  social_profiles: [
    { network: 'linkedin', url: 'https://www.linkedin.com/in/jane-doe-x1' },
    { network: 'twitter', url: 'https://twitter.com/janedoe7' },
  ],
};

const company = {
  _id: 'k1',
  website: 'https://www.weimannbednarandsons.com',
  overview: {
    website: 'https://www.weimannbednarandsons.com',
    pnet_url: 'https://www.linkedin.com/company/weimann-bednar-and-sons',
    social_fields: { pnet: { value: 'https://linkedin.com/company/Weimann-Bednar-and-Sons/' }, twitter: { value: 'https://twitter.com/wbs' } },
  },
};

describe('alias keys of an answer', () => {
  it.each<[string, { waterfall?: boolean }, string[]]>([
    [
      'a plain answer: every email, phone and profile',
      {},
      ['Jane.Doe@Acme.com', 'jane7@acme.com', 'jane.doe12@gmail.com', 'jane.doe@oldco.io', '+14155550132', 'https://www.linkedin.com/in/jane-doe-x1', 'https://twitter.com/janedoe7'],
    ],
    // Waterfall adds emails and phones from other sources: not necessarily lookup keys of the service.
    ['a waterfall answer: work and historical emails and profiles only', { waterfall: true }, ['Jane.Doe@Acme.com', 'jane7@acme.com', 'jane.doe@oldco.io', 'https://www.linkedin.com/in/jane-doe-x1', 'https://twitter.com/janedoe7']],
  ])('%s', (_why, options, values) => {
    expect(contactAliasLookups(contact, options).map((l) => l.email ?? l.phone ?? l.social_profile)).toEqual(values);
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['an array', [contact]],
    ['hostile field types', { current_work_email: { toString: 'x' }, phone_numbers: 'nope', social_profiles: [{ url: 'javascript:alert(1)' }], personal_emails: [42, 'not-an-email'] }],
  ])('reads nothing from %s', (_why, value) => {
    expect(contactAliasLookups(value)).toEqual([]);
  });

  it('keys the aliases with the options of the lookup that made them, without the primary key', () => {
    const options = { required: ['phone' as const], includeAllExperiences: true };
    const primary = contactEnrichKey({ email: 'jane.doe@acme.com' }, options);
    const keys = contactAliasKeys(contact, options, primary);
    expect(keys).not.toContain(primary);
    expect(keys).toContain(contactEnrichKey({ social_profile: 'https://uk.linkedin.com/in/Jane-Doe-X1/' }, options));
    expect(keys).toContain(contactEnrichKey({ phone: '+1 (415) 555-0132' }, options));
    expect(keys).not.toContain(contactEnrichKey({ phone: '+14155550132' }));
  });

  it.each([
    ['the bare domain', 'weimannbednarandsons.com'],
    ['another form of the website', 'https://www.weimannbednarandsons.com/about'],
    ['the LinkedIn company URL', 'https://www.linkedin.com/company/weimann-bednar-and-sons'],
    ['a LinkedIn company URL with a country host', 'https://de.linkedin.com/company/Weimann-Bednar-and-Sons?trk=x'],
  ])('a company answers %s', (_why, url) => {
    const keys = new Set([companyEnrichKey('https://acme.example'), ...companyAliasKeys(company, companyEnrichKey('https://acme.example'))]);
    expect(keys.has(companyEnrichKey(url))).toBe(true);
  });

  it('does not alias a company to a network host or to its twitter page', () => {
    const keys = companyAliasKeys({ website: 'https://www.linkedin.com/company/x', overview: { pnet_url: 'https://www.linkedin.com/in/a-person' } }, 'k');
    expect(keys).toEqual([]);
    expect(companyAliasKeys(company, 'k')).not.toContain(companyEnrichKey('twitter.com'));
  });
});

describe('cache with aliases', () => {
  function setup() {
    const clock = { now: 1_000_000 };
    const store = createMemoryCacheStore();
    const cache = createCache({ store, ttl: () => ({ hitTtlDays: 30, missTtlDays: 3 }), now: () => clock.now });
    const byEmail = contactEnrichKey({ email: 'jane.doe@acme.com' });
    const byProfile = contactEnrichKey({ social_profile: 'https://www.linkedin.com/in/jane-doe-x1' });
    const byPhone = contactEnrichKey({ phone: '+14155550132' });
    return { clock, store, cache, byEmail, byProfile, byPhone };
  }

  it('serves an alias with the primary answer, its fetchedAt, free, until the primary expires', async () => {
    const { clock, cache, byEmail, byProfile } = setup();
    await cache.write(byEmail, { found: true, value: contact, creditsCharged: 1, aliases: contactAliasKeys(contact, {}, byEmail) });
    clock.now += 5 * DAY;
    expect(await cache.read(byProfile)).toEqual({ found: true, value: contact, provenance: { source: 'cache', fetchedAt: 1_000_000, creditsCharged: 0 } });
    clock.now += 26 * DAY;
    expect(await cache.read(byProfile)).toBeNull();
  });

  it('lists the person once in the history, findable by any of their keys, and counts one answer', async () => {
    const { cache, byEmail } = setup();
    await cache.write(byEmail, { found: true, value: contact, creditsCharged: 1, aliases: contactAliasKeys(contact, {}, byEmail) });
    expect((await cache.store.list({ limit: 100 })).map((e) => e.key)).toEqual([byEmail]);
    expect((await cache.store.list({ limit: 100, query: 'linkedin.com/in/jane-doe-x1' })).map((e) => e.key)).toEqual([byEmail]);
    expect((await cache.store.stats()).entries).toBe(1);
  });

  it('forgets the aliases when the primary is deleted from the history', async () => {
    const { cache, byEmail, byPhone } = setup();
    await cache.write(byEmail, { found: true, value: contact, creditsCharged: 1, aliases: contactAliasKeys(contact, {}, byEmail) });
    await cache.store.delete(byEmail);
    expect(await cache.read(byPhone)).toBeNull();
  });

  it.each<[string, 'alias' | 'direct']>([
    ['an alias', 'alias'],
    ['a direct answer', 'direct'],
  ])('a later "no match" does not replace %s that has not expired', async (_why, how) => {
    const { clock, cache, byEmail, byProfile } = setup();
    if (how === 'alias') await cache.write(byEmail, { found: true, value: contact, creditsCharged: 1, aliases: [byProfile] });
    else await cache.write(byProfile, { found: true, value: contact, creditsCharged: 1 });
    clock.now += DAY;
    await cache.write(byProfile, { found: false, value: null, errorText: 'No match', creditsCharged: 0 });
    expect(await cache.read(byProfile)).toMatchObject({ found: true, value: contact, provenance: { fetchedAt: 1_000_000 } });
  });

  it('a found answer (direct or alias) replaces a cached "no match"', async () => {
    const { cache, byEmail, byProfile, byPhone } = setup();
    await cache.write(byProfile, { found: false, value: null, errorText: 'No match', creditsCharged: 0 });
    await cache.write(byPhone, { found: false, value: null, errorText: 'No match', creditsCharged: 0 });
    await cache.writeMany([
      { key: byEmail, found: true, value: contact, creditsCharged: 1, aliases: [byProfile] },
      { key: byPhone, found: true, value: contact, creditsCharged: 1 },
    ]);
    expect(await cache.read(byProfile)).toMatchObject({ found: true });
    expect(await cache.read(byPhone)).toMatchObject({ found: true });
  });

  it('in one batch, a miss does not override another entry\'s found alias, and direct answers win over aliases', async () => {
    const { cache, byEmail, byProfile, byPhone } = setup();
    const other = { ...contact, current_work_email: 'other@acme.com' };
    await cache.writeMany([
      { key: byProfile, found: false, value: null, creditsCharged: 0 },
      { key: byEmail, found: true, value: contact, creditsCharged: 1, aliases: [byProfile, byPhone] },
      { key: byPhone, found: true, value: other, creditsCharged: 1 },
    ]);
    expect(await cache.read(byProfile)).toMatchObject({ found: true, value: contact });
    expect(await cache.read(byPhone)).toMatchObject({ found: true, value: other });
    expect((await cache.store.get(byPhone))?.aliasOf).toBeUndefined();
  });

  it('an alias does not replace the answer its key got by its own lookup', async () => {
    const { clock, cache, byEmail, byPhone } = setup();
    const own = { ...contact, _id: 'c1', headline: 'own lookup' };
    await cache.write(byPhone, { found: true, value: own, creditsCharged: 1 });
    clock.now += DAY;
    await cache.write(byEmail, { found: true, value: contact, creditsCharged: 1, aliases: [byPhone] });
    expect(await cache.read(byPhone)).toMatchObject({ value: own, provenance: { fetchedAt: 1_000_000 } });
  });

  it('two answers written at once: an alias never replaces the found answer the other wrote for its key', async () => {
    const { cache, byEmail, byPhone } = setup();
    const own = { ...contact, _id: 'c1', headline: 'own lookup' };
    // A lookup by phone and one by email (whose answer aliases the phone) settle together.
    await Promise.all([
      cache.write(byPhone, { found: true, value: own, creditsCharged: 1 }),
      cache.write(byEmail, { found: true, value: contact, creditsCharged: 1, aliases: [byPhone] }),
    ]);
    expect(await cache.read(byPhone)).toMatchObject({ value: own });
    expect((await cache.store.get(byPhone))?.aliasOf).toBeUndefined();
  });

  it('an alias stops serving when its primary now holds another record (refreshed to a different person)', async () => {
    const { cache, byEmail, byPhone } = setup();
    await cache.write(byEmail, { found: true, value: contact, creditsCharged: 1, aliases: [byPhone] });
    await cache.write(byEmail, { found: true, value: { ...contact, _id: 'someone-else', phone_numbers: [] }, creditsCharged: 1, aliases: [] });
    expect(await cache.read(byPhone)).toBeNull();
    expect(await cache.read(byEmail)).toMatchObject({ value: { _id: 'someone-else' } });
  });

  it('peek through an alias gives the primary (when the company was last enriched)', async () => {
    const { cache } = setup();
    const primary = companyEnrichKey('weimannbednarandsons.com');
    await cache.write(primary, { found: true, value: company, creditsCharged: 1, aliases: companyAliasKeys(company, primary) });
    expect(await cache.peek(companyEnrichKey('https://www.linkedin.com/company/weimann-bednar-and-sons'))).toMatchObject({ key: primary, found: true, fetchedAt: 1_000_000 });
  });
});
