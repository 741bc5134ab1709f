/**
 * The client against the real sandbox over HTTP (started once per run by tests/unit/global-setup.ts).
 * Every test uses its own sandbox account (`test-standard-<suffix>`), so ledgers and rate limits never mix.
 * Fault injection is global to a sandbox, so those tests live in client-faults.test.ts on a private instance.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { BULK_MAX_INPUTS, PATHS } from '@/lib/api/limits';
import { createTransport } from '@/lib/api/transport';
import { NotFoundBodySchema } from '@/lib/api/schemas';
import { isApiError, type ApiError } from '@/lib/api/errors';
import { clientFor, ledgerOf, newKey, requestsOf, samples, type Samples } from './sandbox';

const base = inject('sandboxUrl');
let data: Samples;

beforeAll(async () => {
  data = await samples(base);
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    if (isApiError(err)) return err;
    throw err;
  }
  throw new Error('expected the call to fail');
}

const emailsOf = (c: { current_work_email: string | null; personal_emails: string[]; historical_emails: string[]; other_current_work_emails: { work_email: string | null }[] }) =>
  [c.current_work_email, ...c.personal_emails, ...c.historical_emails, ...c.other_current_work_emails.map((w) => w.work_email)]
    .filter((e): e is string => typeof e === 'string')
    .map((e) => e.toLowerCase());

describe('contacts.enrich', () => {
  it.each([
    ['email', () => ({ email: data.emails[0]! })],
    ['phone', () => ({ phone: data.phones[0]! })],
    ['social profile', () => ({ social_profile: data.socialProfiles[0]! })],
    ['name + company name', () => ({ first_name: data.names[0]!.first_name, last_name: data.names[0]!.last_name, company_name: data.names[0]!.company_name })],
    ['name + company domain', () => ({ first_name: data.names[1]!.first_name, last_name: data.names[1]!.last_name, company_domain: data.names[1]!.company_domain })],
  ])('finds a known contact by %s and charges 1 credit', async (_name, params) => {
    const key = newKey('test-standard', 'enrich');
    const result = await clientFor(base, key).contacts.enrich(params());
    expect(result.found).toBe(true);
    if (result.found) expect(result.result.full_name).toBeTruthy();
    expect((await ledgerOf(base, key)).balance).toBe(100_000 - 1);
  });

  it('returns the contact looked up by email', async () => {
    const email = data.emails[2]!;
    const result = await clientFor(base, newKey('test-standard', 'enrich')).contacts.enrich({ email });
    expect(result.found && emailsOf(result.result)).toContain(email.toLowerCase());
  });

  it('adds experiences when asked', async () => {
    const client = clientFor(base, newKey('test-standard', 'exp'));
    const [plain, full] = await Promise.all([
      client.contacts.enrich({ email: data.emails[3]! }),
      client.contacts.enrich({ email: data.emails[3]!, include_all_experiences: true }),
    ]);
    expect(plain.found && plain.result.experiences).toBeUndefined();
    expect(full.found && Array.isArray(full.result.experiences)).toBe(true);
  });

  it('charges realtime and waterfall as extra credits', async () => {
    const key = newKey('test-standard', 'extras');
    const result = await clientFor(base, key).contacts.enrich({ email: data.emails[4]!, realtime: true, waterfall: true });
    expect(result.found).toBe(true);
    expect((await ledgerOf(base, key)).balance).toBe(100_000 - 3);
  });

  it('answers an unknown contact with found: false naming the key, for free', async () => {
    const key = newKey('test-standard', 'miss');
    const email = 'nobody-at-all@unknown-domain.example';
    const result = await clientFor(base, key).contacts.enrich({ email });
    expect(result).toEqual({ found: false, errorText: expect.stringContaining(email) });
    expect((await ledgerOf(base, key)).balance).toBe(100_000);
  });

  it('sends required as a comma-separated list', async () => {
    const key = newKey('test-standard', 'required');
    await clientFor(base, key).contacts.enrich({ email: data.emails[5]!, required: ['email', 'phone'] });
    const [logged] = await requestsOf(base, key);
    expect(logged?.query.required).toBe('email,phone');
  });
});

describe('errors from the sandbox', () => {
  it('401 for a wrong key → invalid_key', async () => {
    const err = await failure(clientFor(base, 'not-a-real-key').contacts.enrich({ email: data.emails[0]! }));
    expect([err.kind, err.status]).toEqual(['invalid_key', 401]);
  });

  it('403 for an account without credits → out_of_credits', async () => {
    const err = await failure(clientFor(base, newKey('test-empty', 'broke')).contacts.enrich({ email: data.emails[0]! }));
    expect([err.kind, err.status]).toEqual(['out_of_credits', 403]);
  });

  it('403 for contact search on a standard plan → plan_required', async () => {
    const err = await failure(clientFor(base, newKey('test-standard', 'search')).contacts.search({ job_title: ['Engineer'] }));
    expect([err.kind, err.status]).toEqual(['plan_required', 403]);
  });

  it('400 from the server → bad_request with its errorText', async () => {
    // The client refuses malformed calls itself, so this goes through the transport directly.
    const { call } = createTransport({ baseUrl: base, getApiKey: async () => newKey('test-standard', 'bad') });
    const err = await failure(
      call({ endpoint: 'enrich', method: 'get', path: PATHS.enrich, searchParams: { first_name: 'Ana' }, schema: NotFoundBodySchema, timeoutMs: 10_000, records: 1 }),
    );
    expect([err.kind, err.status]).toEqual(['bad_request', 400]);
    expect(err.errorText).toBeTruthy();
  });

  it('refuses a malformed call locally, without a request', async () => {
    const key = newKey('test-standard', 'local');
    const err = await failure(clientFor(base, key).companies.similar({ url: 'acme.com', size: 501 }));
    expect([err.kind, err.status, err.issues?.[0]?.path]).toEqual(['bad_request', undefined, ['size']]);
    expect(await requestsOf(base, key)).toEqual([]);
  });

  it('fails locally when no key is set', async () => {
    const err = await failure(clientFor(base, undefined).emails.verify(data.emails[0]!));
    expect([err.kind, err.status]).toEqual(['no_key', undefined]);
  });

  it('never puts the key in the error', async () => {
    const key = 'wrong-key-with-secret-XYZ987';
    const err = await failure(clientFor(base, key).contacts.enrich({ email: data.emails[0]! }));
    expect(JSON.stringify({ message: err.message, body: err.body, errorText: err.errorText })).not.toContain('XYZ987');
  });
});

describe('checkKey', () => {
  it.each([
    ['test-standard-<suffix>', () => newKey('test-standard', 'check'), true],
    ['test-empty-<suffix> (valid, just broke)', () => newKey('test-empty', 'check'), true],
    ['an unknown key', () => 'sk-nope', false],
  ])('%s → valid: %s, for free', async (_name, makeKey, valid) => {
    const key = makeKey();
    expect(await clientFor(base, key).checkKey()).toEqual({ valid });
    if (valid) expect((await ledgerOf(base, key)).entries.filter((e) => e.credits > 0)).toEqual([]);
  });
});

describe('companies', () => {
  it('enriches a company, then charges nothing for the same company again', async () => {
    const key = newKey('test-standard', 'company');
    const client = clientFor(base, key);
    const first = await client.companies.enrich({ url: data.companies[0]!.website });
    const again = await client.companies.enrich({ url: data.companies[0]!.website });
    expect(first.found && first.result.overview?.name).toBe(data.companies[0]!.name);
    expect(again.found).toBe(true);
    expect((await ledgerOf(base, key)).balance).toBe(100_000 - 1);
  });

  it('answers an unknown company with found: false', async () => {
    const result = await clientFor(base, newKey('test-standard', 'co-miss')).companies.enrich({ url: 'no-such-company-anywhere.example' });
    expect(result.found).toBe(false);
  });

  it('finds lookalike companies on the v2 path, best first', async () => {
    const key = newKey('test-standard', 'similar-co');
    const result = await clientFor(base, key).companies.similar({ url: data.companies[1]!.website, size: 15 });
    expect(result.found).toBe(true);
    if (!result.found) return;
    expect(result.result.length).toBeGreaterThan(0);
    expect(result.result.length).toBeLessThanOrEqual(15);
    const scores = result.result.map((c) => c.similarity_score ?? -1);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect((await requestsOf(base, key)).map((r) => r.path)).toEqual([PATHS.similarCompanies]);
  });

  it('answers lookalikes of an unknown company with found: false, without trying v1', async () => {
    const key = newKey('test-standard', 'similar-miss');
    const result = await clientFor(base, key).companies.similar({ url: 'no-such-company-anywhere.example' });
    expect(result.found).toBe(false);
    expect((await requestsOf(base, key)).map((r) => r.path)).toEqual([PATHS.similarCompanies]);
  });
});

describe('contacts.similar, emails.verify, contacts.search', () => {
  it('finds lookalike contacts ordered by descending score', async () => {
    const result = await clientFor(base, newKey('test-standard', 'similar-ct')).contacts.similar({ email: data.emails[6]!, size: 5 });
    expect(result.found).toBe(true);
    if (!result.found) return;
    expect(result.result.length).toBeGreaterThan(0);
    expect(result.result.length).toBeLessThanOrEqual(5);
    const scores = result.result.map((c) => c.similarity_score ?? -1);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('verifies a known work email', async () => {
    const result = await clientFor(base, newKey('test-standard', 'verify')).emails.verify(data.emails[7]!);
    expect(typeof result.verified).toBe('boolean');
  });

  it('refuses a syntactically invalid email locally', async () => {
    const err = await failure(clientFor(base, newKey('test-standard', 'verify-bad')).emails.verify('not-an-email'));
    expect(err.kind).toBe('bad_request');
  });

  it('searches contacts on an enterprise plan and is charged per record returned', async () => {
    const key = newKey('test-enterprise', 'search');
    const result = await clientFor(base, key).contacts.search({ page_size: 5 });
    expect(result.results.length).toBe(result.records_returned);
    expect(result.page_size).toBe(5);
    expect(result.credits_deducted).toBe(result.records_returned);
    expect((await ledgerOf(base, key)).balance).toBe(100_000 - (result.records_returned ?? 0));
  });
});

describe('contacts.bulkEnrich', () => {
  it('sends one chunk of 1,000 inputs as one request and keeps results aligned with inputs', async () => {
    const key = newKey('test-standard', 'bulk');
    const known = data.emails.slice(0, 20);
    // Every 100th input is a known email; the rest are unique misses.
    const inputs = Array.from({ length: BULK_MAX_INPUTS }, (_, i) => ({
      field_type: 'email' as const,
      value: i % 100 === 0 ? known[(i / 100) % known.length]! : `nobody-${i}@unknown-domain.example`,
    }));
    const entries = await clientFor(base, key).contacts.bulkEnrich(inputs);

    const logged = (await requestsOf(base, key)).filter((r) => r.path === PATHS.bulkEnrich);
    expect(logged.map((r) => r.status)).toEqual([200]);
    expect(entries.map((e) => e.index)).toEqual(inputs.map((_, i) => i));
    entries.forEach((entry, i) => {
      expect(entry.input).toEqual(inputs[i]);
      if (i % 100 === 0) {
        expect(entry.status).toBe('enriched');
        if (entry.status === 'enriched') expect(emailsOf(entry.contact)).toContain(inputs[i]!.value.toLowerCase());
      } else {
        expect(entry.status).toBe('not_enriched');
      }
    });
    expect(entries.filter((e) => e.status === 'enriched')).toHaveLength(10);
    expect((await ledgerOf(base, key)).balance).toBe(100_000 - 10);
  });

  it('refuses more than 1,000 inputs locally: chunking is the scheduler\'s job, nothing is sent', async () => {
    const key = newKey('test-standard', 'bulk-over');
    const inputs = Array.from({ length: BULK_MAX_INPUTS + 1 }, (_, i) => ({ field_type: 'email' as const, value: `n${i}@unknown-domain.example` }));
    const err = await failure(clientFor(base, key).contacts.bulkEnrich(inputs));
    expect(err.kind).toBe('bad_request');
    expect(await requestsOf(base, key)).toEqual([]);
  });

  it('sends the required fields and skips invalid inputs locally, reporting them', async () => {
    const key = newKey('test-standard', 'bulk-required');
    const inputs = [
      { field_type: 'email' as const, value: data.emails[8]! },
      { field_type: 'email' as const, value: '   ' },
      { field_type: 'phone' as const, value: data.phones[1]! },
    ];
    const entries = await clientFor(base, key).contacts.bulkEnrich(inputs, { requiredFields: ['phone'] });
    expect(entries.map((e) => e.status)).toEqual([expect.stringMatching(/enriched/), 'failed', expect.stringMatching(/enriched/)]);
    const [logged] = await requestsOf(base, key);
    expect(logged?.body).toContain('[{"field_type":"phone"}]');
    expect(logged?.body).not.toContain('"   "');
  });

  it('a failed chunk throws its error (out of credits); the scheduler fails the chunk\'s rows with it', async () => {
    const err = await failure(clientFor(base, newKey('test-empty', 'bulk')).contacts.bulkEnrich([{ field_type: 'email', value: data.emails[9]! }]));
    expect(err.kind).toBe('out_of_credits');
  });
});

describe('abort', () => {
  it('rejects at once with aborted when the signal is already aborted, sending nothing', async () => {
    const key = newKey('test-standard', 'abort-early');
    const controller = new AbortController();
    controller.abort();
    const err = await failure(clientFor(base, key).contacts.enrich({ email: data.emails[0]! }, { signal: controller.signal }));
    expect(err.kind).toBe('aborted');
    expect(await requestsOf(base, key)).toEqual([]);
  });
});
