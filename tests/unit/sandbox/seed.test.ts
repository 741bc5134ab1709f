import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { CompanySchema, EnrichedContactSchema } from '@/lib/api/schemas';
import { INDUSTRIES } from '@/sandbox/seed/industries';
import { startSandbox } from '@/sandbox/server';
import { Store } from '@/sandbox/store';
import { call, freshKey, qs, seededMemoryDb } from './helpers';

const db = seededMemoryDb({ seed: 11, companies: 300, contacts: 500 });
const store = new Store(db);
const contacts = db.prepare<[], { id: number; doc: string; experiences: string; waterfall: string }>('SELECT id, doc, experiences, waterfall FROM contacts').all();
const companies = db.prepare<[], { doc: string; domain: string }>('SELECT doc, domain FROM companies').all();

/** Field names of the spec's "Enriched contact" table. */
const CONTACT_FIELDS = [
  '_id', 'about', 'accomplishment_courses', 'accomplishment_honors_awards', 'accomplishment_organisations', 'accomplishment_patents',
  'accomplishment_projects', 'accomplishment_publications', 'activities', 'articles', 'birth_date', 'certifications',
  'current_work_email', 'current_work_email_status', 'education', 'employment', 'first_name', 'full_name', 'gender', 'groups',
  'headline', 'historical_emails', 'interests', 'languages', 'last_name', 'last_updated', 'location', 'occupation',
  'other_current_work_emails', 'people_also_viewed', 'personal_emails', 'phone_numbers', 'profile_pic_url', 'recommendations',
  'skills', 'social_profiles', 'volunteer_work',
];

/** The industry list as the spec gives it (lower case, `;`-separated). */
const SPEC_INDUSTRIES = new Set(
  'accounting; airlines and aviation; alternative dispute resolution; alternative medicine; animation; apparel and fashion; architecture and planning; armed forces; automation machinery manufacturing; automotive; aviation & aerospace; banking; beverage manufacturing; biotechnology; biotechnology research; broadcast media; building materials; business skills training; business supplies and equipment; capital markets; chemical manufacturing; chemicals; civic and social organization; civil engineering; commercial real estate; computer and network security; computer games; computer hardware; computer hardware manufacturing; computer networking; computer networking products; computer software; construction; consumer electronics; consumer goods; consumer services; cosmetics; dairy; dairy product manufacturing; defense and space; design; design services; e-learning; e-learning providers; education administration programs; education management; electrical/electronic manufacturing; entertainment; entertainment providers; environmental services; events services; executive office; facilities services; farming; financial services; fine art; fishery; food & beverages; food production; fund-raising; furniture; gambling and casinos; glass, ceramics and concrete; government administration; government relations; government relations services; graphic design; higher education; hospital and health care; hospitality; human resources; human resources services; individual and family services; industrial automation; industrial automation machinery; industrial machinery; industrial machinery manufacturing; information services; insurance; international affairs; international trade and development; internet; internet publishing; investment banking; investment management; judiciary; law enforcement; law practice; leasing real estate; legal services; leisure, travel and tourism; libraries; logistics and supply chain; luxury goods and jewelry; machinery; machinery manufacturing; management consulting; manufacturing; maritime'
    .split('; '),
);

describe('seeded data', () => {
  it('is deterministic for a seed and differs across seeds', () => {
    const again = seededMemoryDb({ seed: 11, companies: 300, contacts: 500 });
    const other = seededMemoryDb({ seed: 12, companies: 300, contacts: 500 });
    const dump = (d: typeof db) => d.prepare<[], { doc: string }>('SELECT doc FROM contacts ORDER BY id LIMIT 50').all().map((r) => r.doc);
    expect(dump(again)).toEqual(dump(db));
    expect(dump(other)).not.toEqual(dump(db));
  });

  it('uses only industries from the spec list', () => {
    expect(new Set(INDUSTRIES)).toEqual(SPEC_INDUSTRIES);
    for (const c of companies) expect(SPEC_INDUSTRIES).toContain((JSON.parse(c.doc) as { overview: { industry: string } }).overview.industry);
  });

  it('fills every field of the spec on every contact, and the contract schema accepts them', () => {
    for (const row of contacts.slice(0, 100)) {
      const doc = JSON.parse(row.doc) as Record<string, unknown>;
      expect(Object.keys(doc).sort()).toEqual([...CONTACT_FIELDS].sort());
      expect(EnrichedContactSchema.safeParse(doc).success).toBe(true);
    }
  });

  it('links each contact to a real company by employment and email domain', () => {
    for (const row of contacts.slice(0, 100)) {
      const doc = JSON.parse(row.doc) as { employment: { company_email_domain: string; is_current_experience: boolean }; current_work_email: string };
      expect(companies.some((c) => c.domain === doc.employment.company_email_domain)).toBe(true);
      expect(doc.employment.is_current_experience).toBe(true);
      if (doc.current_work_email) expect(doc.current_work_email.endsWith(`@${doc.employment.company_email_domain}`)).toBe(true);
    }
  });

  it('keeps a full employment history, newest first', () => {
    const histories = contacts.map((r) => JSON.parse(r.experiences) as Array<{ is_current_experience: boolean; job: { start_date: string } }>);
    expect(histories.some((h) => h.length >= 3)).toBe(true);
    for (const h of histories) {
      expect(h[0]?.is_current_experience).toBe(true);
      expect(h.slice(1).every((e) => !e.is_current_experience)).toBe(true);
      const starts = h.map((e) => e.job.start_date);
      expect(starts).toEqual([...starts].sort().reverse());
    }
  });

  it('gives every phone number in valid E.164 (full libphonenumber metadata)', () => {
    let count = 0;
    for (const row of contacts) {
      const doc = JSON.parse(row.doc) as { phone_numbers: Array<{ E164: string }> };
      const extra = JSON.parse(row.waterfall) as { phone_numbers: Array<{ E164: string }> };
      for (const p of [...doc.phone_numbers, ...extra.phone_numbers]) {
        count += 1;
        const parsed = parsePhoneNumberFromString(p.E164);
        expect(parsed?.isValid(), p.E164).toBe(true);
        expect(parsed?.number).toBe(p.E164);
      }
    }
    expect(count).toBeGreaterThan(200);
  });

  it('gives people and companies profile URLs of the professional network', () => {
    for (const row of contacts.slice(0, 100)) {
      const doc = JSON.parse(row.doc) as { social_profiles: Array<{ network: string; url: string }> };
      expect(doc.social_profiles[0]?.url).toMatch(/^https:\/\/www\.linkedin\.com\/in\/[a-z0-9-]+$/);
    }
    for (const c of companies.slice(0, 100)) {
      const doc = JSON.parse(c.doc) as Record<string, unknown>;
      expect(CompanySchema.safeParse(doc).success).toBe(true);
      expect((doc.overview as { pnet_url: string }).pnet_url).toMatch(/^https:\/\/www\.linkedin\.com\/company\/[a-z0-9-]+$/);
    }
  });

  it('has work emails of every status, personal emails and contacts without phones, so `required` matters', () => {
    const docs = contacts.map((r) => JSON.parse(r.doc) as { current_work_email_status: string; personal_emails: string[]; phone_numbers: unknown[] });
    for (const status of ['verified', 'probable', 'unverified', '']) expect(docs.some((d) => d.current_work_email_status === status)).toBe(true);
    expect(docs.some((d) => d.personal_emails.length > 0)).toBe(true);
    expect(docs.some((d) => d.phone_numbers.length === 0)).toBe(true);
  });

  it('waterfall-only data shows up only with waterfall', () => {
    const row = contacts.find((r) => (JSON.parse(r.waterfall) as { phone_numbers: unknown[] }).phone_numbers.length > 0);
    expect(row).toBeDefined();
    const plain = store.contact(row?.id ?? 0) as { phone_numbers: unknown[] };
    const more = store.contact(row?.id ?? 0, { waterfall: true }) as { phone_numbers: unknown[] };
    expect(plain.phone_numbers).toHaveLength(0);
    expect(more.phone_numbers.length).toBeGreaterThan(0);
  });
});

describe('--db file', () => {
  it('is created and seeded when absent, and reused (with its ledger) on the next start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-db-'));
    const dbPath = join(dir, 'sandbox.db');
    try {
      const key = freshKey();
      const first = await startSandbox({ quiet: true, dbPath, companies: 50, contacts: 80 });
      const s = (await call(first.url, '/_sandbox/samples')).json() as { emails: string[] };
      expect((await call(first.url, `/v1/enrich?${qs({ email: s.emails[0] ?? '' })}`, { key })).status).toBe(200);
      await first.close();
      expect(existsSync(dbPath)).toBe(true);
      const second = await startSandbox({ quiet: true, dbPath });
      const ledger = (await call(second.url, `/_sandbox/ledger?key=${key}`)).json() as { balance: number };
      expect(ledger.balance).toBe(99_999);
      expect(((await call(second.url, '/_sandbox/info')).json() as { contacts: number }).contacts).toBe(80);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
