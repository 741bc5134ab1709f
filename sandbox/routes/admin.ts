import type { Hono } from 'hono';
import { SANDBOX_KEYS } from '../accounts';
import { FaultSpecSchema } from '../faults';
import type { SandboxState } from '../state';
import { parseOr400 } from './common';

export interface Samples {
  emails: string[];
  phones: string[];
  socialProfiles: string[];
  names: Array<{ first_name: string; last_name: string; company_name: string; company_domain: string }>;
  companies: Array<{ website: string; name: string }>;
  /** Extra: domains whose mail servers accept any address (email verification answers `catch_all: true`). */
  catchAllDomains: string[];
}

const SAMPLE_SIZE = 20;

/** Lookup keys that exist in the data, always the same ones for a given seed (lowest ids first). */
export function buildSamples(state: SandboxState): Samples {
  const { db, store } = state;
  const emails = db
    .prepare<[number], { value: string }>(
      // One deliverable address per contact: the first (current work email when the contact has a good one).
      `SELECT value FROM contact_keys WHERE rowid IN (
         SELECT MIN(rowid) FROM contact_keys WHERE kind = 'email' AND status IN ('verified', 'probable') GROUP BY contact_id
       ) ORDER BY contact_id LIMIT ?`,
    )
    .all(SAMPLE_SIZE)
    .map((r) => r.value);
  const phones = db
    .prepare<[number], { value: string }>(
      `SELECT value FROM contact_keys WHERE rowid IN (
         SELECT MIN(rowid) FROM contact_keys WHERE kind = 'phone' GROUP BY contact_id
       ) ORDER BY contact_id LIMIT ?`,
    )
    .all(SAMPLE_SIZE)
    .map((r) => r.value);
  const socialProfiles = store.contactFeatures.slice(0, SAMPLE_SIZE).map((f) => f.pnetUrl);
  const names = db
    .prepare<[number], { doc: string; domain: string; name: string }>(
      'SELECT contacts.doc, companies.domain, companies.name FROM contacts JOIN companies ON companies.id = contacts.company_id ORDER BY contacts.id LIMIT ?',
    )
    .all(SAMPLE_SIZE)
    .map((r) => {
      const doc = JSON.parse(r.doc) as { first_name: string; last_name: string };
      return { first_name: doc.first_name, last_name: doc.last_name, company_name: r.name, company_domain: r.domain };
    });
  const companies = db
    .prepare<[number], { domain: string; name: string; features: string }>('SELECT domain, name, features FROM companies ORDER BY id LIMIT ?')
    .all(SAMPLE_SIZE)
    .map((r) => {
      const website = (JSON.parse(r.features) as { website: string }).website;
      return { website: /^https?:\/\//.test(website) ? website : `https://${r.domain}`, name: r.name };
    });
  const catchAllDomains = db
    .prepare<[number], { domain: string }>('SELECT domain FROM companies WHERE catch_all = 1 ORDER BY id LIMIT ?')
    .all(SAMPLE_SIZE)
    .map((r) => r.domain);
  return { emails, phones, socialProfiles, names, companies, catchAllDomains };
}

/**
 * Routes for tests and the demo, outside /v1 and /v2; no key needed (loopback only). `guardAdmin` (admin-guard.ts)
 * runs first: POST and DELETE need `X-Sandbox-Admin: 1`, and cross-site browser requests are refused.
 */
export function registerAdmin(app: Hono, state: SandboxState): void {
  let samples: Samples | undefined;
  app.get('/_sandbox/samples', (c) => c.json((samples ??= buildSamples(state))));

  app.get('/_sandbox/ledger', (c) => {
    const key = c.req.query('key');
    const account = state.accounts.resolve(key);
    if (!key || !account) return c.json({ errorText: `No sandbox account for key "${key ?? ''}".` }, 404);
    return c.json({ key, plan: account.plan, balance: state.ledger.balance(key), entries: state.ledger.entries(key) });
  });

  app.get('/_sandbox/requests', (c) => {
    const key = c.req.query('key');
    return c.json({ requests: state.requests.list(key ? { key } : {}) });
  });
  app.delete('/_sandbox/requests', (c) => {
    state.requests.clear();
    return c.json({ cleared: true });
  });

  app.get('/_sandbox/faults', (c) => c.json({ faults: state.faults.pending() }));
  app.post('/_sandbox/faults', async (c) => {
    let raw: unknown;
    try {
      raw = await c.req.json();
    } catch {
      return c.json({ errorCode: 'bad_request', errorText: 'Send a JSON body { mode, count, delayMs?, retryAfterSeconds?, paths? }.' }, 400);
    }
    const spec = parseOr400(FaultSpecSchema, raw);
    state.faults.add(spec);
    return c.json({ queued: spec, faults: state.faults.pending() });
  });
  app.delete('/_sandbox/faults', (c) => {
    state.faults.clear();
    return c.json({ cleared: true });
  });

  app.get('/_sandbox/info', (c) =>
    c.json({
      keys: SANDBOX_KEYS,
      seed: state.options.seed,
      companies: state.store.companyFeatures.length,
      contacts: state.store.contactFeatures.length,
      rateLimit: state.limiter.describe(),
      realtimeDelayMs: state.options.realtimeDelayMs,
      hostile: state.options.hostile,
      driver: state.options.driver,
      // The body-limit tests watch these across huge requests; also handy when a demo machine feels slow. Null inside
      // the extension (demo mode), which has no process to measure.
      memory: typeof process === 'undefined' ? null : { rssBytes: process.memoryUsage.rss(), heapUsedBytes: process.memoryUsage().heapUsed },
    }),
  );
}
