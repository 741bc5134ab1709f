/** History opens by id: the background decodes its own cache keys into a typed target (the UI never parses keys). */
import { describe, expect, it } from 'vitest';
import {
  companyEnrichKey,
  companySimilarKey,
  contactEnrichKey,
  contactSearchKey,
  contactSimilarKey,
  emailVerifyKey,
  targetOfKey,
} from '@/lib/cache/keys';
import { requests } from '@/lib/messaging/protocol';

describe('targetOfKey: every key builder round-trips to what was looked up', () => {
  it.each<[string, string, object]>([
    ['an email lookup with options', contactEnrichKey({ email: 'Jane.Doe@Acme.com' }, { waterfall: true }), { endpoint: 'contact/enrich', lookup: { email: 'jane.doe@acme.com' } }],
    ['a profile lookup', contactEnrichKey({ social_profile: 'https://www.linkedin.com/in/jane-doe/' }), { endpoint: 'contact/enrich', lookup: { social_profile: expect.stringContaining('linkedin.com/in/jane-doe') } }],
    ['a name at a company', contactEnrichKey({ first_name: 'Jane', last_name: 'Doe', company_domain: 'acme.com' }), { endpoint: 'contact/enrich', lookup: { first_name: 'jane', last_name: 'doe', company_domain: 'acme.com' } }],
    ['similar contacts', contactSimilarKey({ email: 'jane@acme.com' }, 5), { endpoint: 'contact/similar', lookup: { email: 'jane@acme.com' } }],
    ['a company', companyEnrichKey('https://www.acme.com/about'), { endpoint: 'company/enrich', url: 'acme.com' }],
    ['lookalike companies', companySimilarKey('acme.com', 25, true), { endpoint: 'company/similar', url: 'acme.com' }],
    ['an email verification', emailVerifyKey('Bob@Example.org'), { endpoint: 'email/verify', email: 'bob@example.org' }],
    ['a contact search', contactSearchKey({ job_title: ['CTO'] }), { endpoint: 'contact/search' }],
  ])('%s', (_why, key, expected) => {
    expect(targetOfKey(key)).toMatchObject(expected);
  });

  it.each<[string, string]>([
    ['an unknown endpoint', 'key/read?x=1'],
    ['a contact key with no identity', 'contact/enrich?waterfall=true'],
    ['a company key with a url too long to be one', `company/enrich?url=${'x'.repeat(600)}`],
  ])('%s → null', (_why, key) => {
    expect(targetOfKey(key)).toBeNull();
  });

  it('history/open carries the target in its reply schema', () => {
    const reply = {
      key: 'k',
      endpoint: 'email/verify',
      label: 'bob@example.org',
      found: true,
      provenance: { source: 'cache', fetchedAt: 1, creditsCharged: 0 },
      target: { endpoint: 'email/verify', email: 'bob@example.org' },
    };
    expect(requests['history/open'].output.safeParse(reply).success).toBe(true);
  });
});
