/**
 * "A user never pays twice for the same lookup", across lookup keys (demo tour): a person enriched by email is
 * free by their profile URL, phone or other emails; a company enriched by domain is free by its other website
 * forms and its LinkedIn company URL. Real engine, real sandbox; the sandbox's request log and ledger are the proof.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { estimateAction } from '@/lib/engine/estimate';
import type { ContactLookup } from '@/lib/messaging/protocol';
import { startSandbox } from '@/sandbox/server';
import { engineFor, samples, sandboxLedger, sandboxRequests, uniqueKey } from './engine-helpers';

const url = inject('sandboxUrl');

interface Contact {
  _id: string;
  current_work_email: string;
  other_current_work_emails: Array<{ work_email: string }>;
  personal_emails: string[];
  historical_emails: string[];
  phone_numbers: Array<{ E164: string }>;
  social_profiles: Array<{ url: string }>;
}

interface Company {
  _id: string;
  website: string;
  overview: { linkedin_url: string }; // as the sandbox sends it (the real service's name, lib/api/wire-names.ts)
}

async function probe<T>(path: string, query: Record<string, string>): Promise<T> {
  // A separate account: the test's own account sees only the requests the engine makes.
  const res = await fetch(`${url}${path}?${new URLSearchParams(query)}`, { headers: { 'X-API-Key': uniqueKey() } });
  return ((await res.json()) as { result: T }).result;
}

/** The first sample person who has a phone, a personal and a historical email (several alias kinds at once). */
async function richContact(): Promise<{ email: string; contact: Contact }> {
  for (const email of (await samples(url)).emails) {
    const contact = await probe<Contact>('/v1/enrich', { email });
    if (contact.phone_numbers.length && contact.historical_emails.length && contact.personal_emails.length) return { email, contact };
  }
  throw new Error('no sample contact with phone, personal and historical emails');
}

function otherKeys(contact: Contact): Array<[string, ContactLookup]> {
  return [
    ['profile URL', { social_profile: contact.social_profiles[0]!.url }],
    ['profile URL written differently', { social_profile: `https://uk.linkedin.com/in/${contact.social_profiles[0]!.url.split('/in/')[1]!.toUpperCase()}/` }],
    ['phone', { phone: contact.phone_numbers[0]!.E164 }],
    ['personal email', { email: contact.personal_emails[0]! }],
    ['historical email', { email: contact.historical_emails[0]! }],
  ];
}

const enrichRequests = async (key: string) => (await sandboxRequests(url, key)).filter((r) => r.path === '/v1/enrich' || r.path === '/v1/bulk-enrich');

describe('aliases: one person, one charge, whatever key looks them up', () => {
  let person: { email: string; contact: Contact };
  beforeAll(async () => {
    person = await richContact();
  });

  it('the sandbox answers every alias key with the same person (so serving it from the cache is what the service would say)', async () => {
    for (const [, lookup] of otherKeys(person.contact)) {
      expect((await probe<Contact>('/v1/enrich', lookup as Record<string, string>))._id).toBe(person.contact._id);
    }
  });

  it('after an enrichment by email, its profile URL, phone and other emails cost nothing: no request, no charge, estimate says free', async () => {
    const key = uniqueKey();
    const { engine } = engineFor(url, key);
    await engine.start();
    const first = await engine.lookups.contactEnrich({ lookup: { email: person.email } });
    expect(first.provenance).toMatchObject({ source: 'live', creditsCharged: 1 });
    const requests = (await enrichRequests(key)).length;
    const ledger = (await sandboxLedger(url, key)).length;

    for (const [why, lookup] of otherKeys(person.contact)) {
      const estimate = await estimateAction({ action: 'contact/enrich', lookup }, engine);
      expect(estimate, why).toMatchObject({ credits: 0, cached: true });
      expect(estimate.label, why).toMatch(/free/);
      const again = await engine.lookups.contactEnrich({ lookup });
      expect(again, why).toMatchObject({ found: true, result: { _id: person.contact._id }, provenance: { source: 'cache', creditsCharged: 0, fetchedAt: first.provenance.fetchedAt } });
    }
    expect(await enrichRequests(key)).toHaveLength(requests);
    expect(await sandboxLedger(url, key)).toHaveLength(ledger);
    expect((await engine.ledger.summary()).today).toBe(1);
    // The history lists the person once.
    expect((await engine.cache.store.list({ limit: 100 })).map((e) => e.label)).toEqual([person.email]);
  });

  it('an alias serves only the option variant that made it (waterfall changes the answer)', async () => {
    const key = uniqueKey();
    const { engine } = engineFor(url, key);
    await engine.start();
    await engine.lookups.contactEnrich({ lookup: { email: person.email } });
    const profile = { social_profile: person.contact.social_profiles[0]!.url };
    expect(await estimateAction({ action: 'contact/enrich', lookup: profile, options: { waterfall: true } }, engine)).toMatchObject({ cached: false, credits: 2 });
    const waterfall = await engine.lookups.contactEnrich({ lookup: profile, options: { waterfall: true } });
    expect(waterfall.provenance).toMatchObject({ source: 'live', creditsCharged: 2 });
    expect(await enrichRequests(key)).toHaveLength(2);
  });

  describe('with a second service that does not know the person (a real "no match")', () => {
    let other: Awaited<ReturnType<typeof startSandbox>>;
    beforeAll(async () => {
      other = await startSandbox({ port: 0, quiet: true, seed: 7, companies: 40, contacts: 120 });
    });
    afterAll(() => other.close());

    it('a cached "no match" gives way to a found alias, and a later "no match" does not replace the found person', async () => {
      const key = uniqueKey();
      const { engine, settings } = engineFor(other.url, key);
      await engine.start();
      const profile = { social_profile: person.contact.social_profiles[0]!.url };
      const phone = { phone: person.contact.phone_numbers[0]!.E164 };
      expect(await engine.lookups.contactEnrich({ lookup: profile })).toMatchObject({ found: false, provenance: { source: 'live' } });

      settings.apiBaseUrl = url;
      await engine.reloadSettings();
      await engine.lookups.contactEnrich({ lookup: { email: person.email } });
      expect(await engine.lookups.contactEnrich({ lookup: profile })).toMatchObject({ found: true, result: { _id: person.contact._id }, provenance: { source: 'cache' } });

      settings.apiBaseUrl = other.url;
      await engine.reloadSettings();
      const refreshed = await engine.lookups.contactEnrich({ lookup: phone, refresh: true });
      expect(refreshed).toMatchObject({ found: false, provenance: { source: 'live' } });
      expect(await engine.lookups.contactEnrich({ lookup: phone })).toMatchObject({ found: true, result: { _id: person.contact._id }, provenance: { source: 'cache' } });
      expect((await sandboxRequests(url, key)).filter((r) => r.path === '/v1/enrich')).toHaveLength(1);
    });
  });

  it('bulk after single lookups serves the aliases free; bulk results write aliases for later single lookups', async () => {
    const key = uniqueKey();
    const { engine } = engineFor(url, key);
    await engine.start();
    await engine.lookups.contactEnrich({ lookup: { email: person.email } });
    const entries = [
      { field_type: 'social_profile' as const, value: person.contact.social_profiles[0]!.url },
      { field_type: 'phone' as const, value: person.contact.phone_numbers[0]!.E164 },
      { field_type: 'email' as const, value: person.contact.historical_emails[0]! },
    ];
    expect(await estimateAction({ action: 'bulk/enrich', count: 3, entries }, engine)).toMatchObject({ credits: 0 });
    const job = await engine.bulk.start(entries);
    expect(job).toMatchObject({ status: 'done', fromCache: 3, enriched: 3, creditsCharged: 0 });
    expect(await enrichRequests(key)).toHaveLength(1);

    // The other way round: a bulk job enriches a new person; their profile URL is then free in the panel.
    const other = (await samples(url)).emails.find((e) => e !== person.email)!;
    const otherContact = await probe<Contact>('/v1/enrich', { email: other });
    const second = await engine.bulk.start([{ field_type: 'email', value: other }]);
    await waitForJob(engine, second.id);
    const requests = (await enrichRequests(key)).length;
    expect(await engine.lookups.contactEnrich({ lookup: { social_profile: otherContact.social_profiles[0]!.url } })).toMatchObject({ found: true, provenance: { source: 'cache' } });
    expect(await enrichRequests(key)).toHaveLength(requests);
  });
});

describe('aliases: one company, one charge, whatever form of its address', () => {
  it('after an enrichment by domain, the www/about form and the LinkedIn company URL make no request and are estimated free', async () => {
    const key = uniqueKey();
    const { engine } = engineFor(url, key);
    await engine.start();
    const { companies } = await samples(url);
    const domain = new URL(companies[3]!.website).hostname.replace(/^www\./, '');
    const company = await probe<Company>('/v1/company', { url: domain });
    const first = await engine.lookups.companyEnrich({ url: domain });
    expect(first.provenance.source).toBe('live');
    const requests = (await sandboxRequests(url, key)).length;
    const ledger = (await sandboxLedger(url, key)).length;

    for (const form of [`https://www.${domain}/about`, company.overview.linkedin_url, `${company.overview.linkedin_url.replace('www.', 'de.')}/?trk=x`]) {
      expect(await estimateAction({ action: 'company/enrich', url: form }, engine), form).toMatchObject({ credits: 0, cached: true });
      expect(await engine.lookups.companyEnrich({ url: form }), form).toMatchObject({ found: true, result: { _id: company._id }, provenance: { source: 'cache' } });
    }
    expect(await sandboxRequests(url, key)).toHaveLength(requests);
    expect(await sandboxLedger(url, key)).toHaveLength(ledger);
  });

  it('after an enrichment by LinkedIn company URL, its domain is free', async () => {
    const key = uniqueKey();
    const { engine } = engineFor(url, key);
    await engine.start();
    const { companies } = await samples(url);
    const domain = new URL(companies[4]!.website).hostname.replace(/^www\./, '');
    const company = await probe<Company>('/v1/company', { url: domain });
    await engine.lookups.companyEnrich({ url: company.overview.linkedin_url });
    const requests = (await sandboxRequests(url, key)).length;
    expect(await engine.lookups.companyEnrich({ url: domain })).toMatchObject({ result: { _id: company._id }, provenance: { source: 'cache' } });
    expect(await sandboxRequests(url, key)).toHaveLength(requests);
  });
});

async function waitForJob(engine: ReturnType<typeof engineFor>['engine'], id: string) {
  for (let i = 0; i < 600; i++) {
    const job = await engine.bulk.get(id);
    if (job.status !== 'queued' && job.status !== 'running') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('bulk job did not finish');
}
