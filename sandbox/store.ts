import type { SqlDatabase } from './db/driver';
import type { CompanyFeatures } from './seed/companies';
import type { ContactFeatures } from './seed/contacts';
import { cleanDomain, emailKey, nameKey, parseProfileUrl, phoneKey, socialKey } from './normalise';
import type { LookupKeys } from '../lib/api/decisions';
import { CompanySimilarity, ContactSimilarity } from './similarity';

/** Lookup keys of a contact, as GET /v1/enrich and /v1/similar-contacts take them. */
export type ContactLookup = LookupKeys;

export type Doc = Record<string, unknown>;

/** The single-key lookups bulk enrichment takes, and how each turns input into an indexed `contact_keys` key. */
const BULK_KEYS = {
  email: { kind: 'email', key: emailKey },
  phone: { kind: 'phone', key: phoneKey },
  social_profile: { kind: 'social', key: socialKey },
} as const;
export type BulkLookupField = keyof typeof BULK_KEYS;

/** Read access to the seeded data plus the in-memory models built from it at start. */
export class Store {
  readonly companyFeatures: CompanyFeatures[];
  readonly contactFeatures: ContactFeatures[];
  readonly companySimilarity: CompanySimilarity;
  readonly contactSimilarity: ContactSimilarity;

  private readonly keyStmt;
  private readonly contactStmt;
  private readonly companyStmt;
  private readonly companyByDomainStmt;
  private readonly companyBySlugStmt;
  private readonly employeesStmt;
  private readonly emailStmt;
  private readonly keysInStmt;
  private readonly docsInStmt;
  private readonly docBytesInStmt;

  constructor(db: SqlDatabase) {
    this.companyFeatures = db
      .prepare<[], { features: string }>('SELECT features FROM companies ORDER BY id')
      .all()
      .map((r) => JSON.parse(r.features) as CompanyFeatures);
    this.contactFeatures = db
      .prepare<[], { features: string }>('SELECT features FROM contacts ORDER BY id')
      .all()
      .map((r) => JSON.parse(r.features) as ContactFeatures);
    this.companySimilarity = new CompanySimilarity(this.companyFeatures);
    this.contactSimilarity = new ContactSimilarity(this.contactFeatures);

    this.keyStmt = db.prepare<[string, string], { contact_id: number }>(
      'SELECT contact_id FROM contact_keys WHERE kind = ? AND value = ? ORDER BY contact_id LIMIT 1',
    );
    this.contactStmt = db.prepare<[number], { doc: string; experiences: string; waterfall: string; company_id: number }>(
      'SELECT doc, experiences, waterfall, company_id FROM contacts WHERE id = ?',
    );
    this.companyStmt = db.prepare<[number], { doc: string; domain: string; catch_all: number }>('SELECT doc, domain, catch_all FROM companies WHERE id = ?');
    this.companyByDomainStmt = db.prepare<[string], { id: number; catch_all: number }>('SELECT id, catch_all FROM companies WHERE domain = ?');
    this.companyBySlugStmt = db.prepare<[string], { id: number }>('SELECT id FROM companies WHERE slug = ?');
    this.employeesStmt = db.prepare<[number], { features: string }>('SELECT features FROM contacts WHERE company_id = ? ORDER BY id LIMIT 10');
    this.emailStmt = db.prepare<[string], { status: string | null }>("SELECT status FROM contact_keys WHERE kind = 'email' AND value = ?");
    // Batched lookups for bulk: one statement for any number of keys (a JSON array bound as one parameter), so a
    // 1,000-record request is two index walks instead of 2,000 round trips through the statement machinery.
    this.keysInStmt = db.prepare<[string, string], { value: string; contact_id: number }>(
      'SELECT value, MIN(contact_id) AS contact_id FROM contact_keys WHERE kind = ? AND value IN (SELECT value FROM json_each(?)) GROUP BY value',
    );
    this.docsInStmt = db.prepare<[string], { id: number; doc: string }>('SELECT id, doc FROM contacts WHERE id IN (SELECT value FROM json_each(?))');
    this.docBytesInStmt = db.prepare<[string], { id: number; doc: Uint8Array }>(
      'SELECT id, CAST(doc AS BLOB) AS doc FROM contacts WHERE id IN (SELECT value FROM json_each(?))',
    );
  }

  /** Id of the contact the keys name. Keys are tried in order (email, phone, social profile, name + company); the first match wins. */
  findContactId(q: ContactLookup): number | undefined {
    const email = emailKey(q.email);
    const phone = phoneKey(q.phone);
    const social = socialKey(q.social_profile);
    return (
      (email ? this.keyStmt.get('email', email)?.contact_id : undefined) ??
      (phone ? this.keyStmt.get('phone', phone)?.contact_id : undefined) ??
      (social ? this.keyStmt.get('social', social)?.contact_id : undefined) ??
      this.findByName(q)
    );
  }

  private findByName(q: ContactLookup): number | undefined {
    const first = nameKey(q.first_name);
    const last = nameKey(q.last_name);
    if (!first || !last) return undefined;
    const domain = cleanDomain(q.company_domain);
    const company = nameKey(q.company_name);
    return (
      (domain ? this.keyStmt.get('name_domain', `${first}|${last}|${domain}`)?.contact_id : undefined) ??
      (company ? this.keyStmt.get('name_company', `${first}|${last}|${company}`)?.contact_id : undefined)
    );
  }

  /**
   * Contact ids for many values of one lookup field, in input order (undefined = no match): each distinct value
   * is normalised once and all of them are looked up in one query. Same answers as `findContactId({ [field]: v })`.
   */
  findContactIds(field: BulkLookupField, values: readonly string[]): Array<number | undefined> {
    const { kind, key } = BULK_KEYS[field];
    const keyOf = new Map<string, string | null>();
    for (const value of values) if (!keyOf.has(value)) keyOf.set(value, key(value));
    const keys = [...new Set([...keyOf.values()].filter((k): k is string => k !== null))];
    const idOf = new Map<string, number>();
    if (keys.length > 0) for (const row of this.keysInStmt.all(kind, JSON.stringify(keys))) idOf.set(row.value, row.contact_id);
    return values.map((value) => {
      const k = keyOf.get(value);
      return k ? idOf.get(k) : undefined;
    });
  }

  /**
   * Stored JSON text of many contacts in one query (no experiences, no waterfall data: bulk splices it in
   * unparsed); ids with no contact are absent.
   */
  contactJsonMany(ids: readonly number[]): Map<number, string> {
    const docs = new Map<number, string>();
    if (ids.length === 0) return docs;
    for (const row of this.docsInStmt.all(JSON.stringify([...new Set(ids)]))) docs.set(row.id, row.doc);
    return docs;
  }

  /**
   * The same documents as UTF-8 bytes, as stored (`CAST(doc AS BLOB)`): bulk copies them into its answer, so
   * 3 MB of text is neither decoded into JavaScript strings nor encoded again on the way out.
   */
  contactJsonBytesMany(ids: readonly number[]): Map<number, Uint8Array> {
    const docs = new Map<number, Uint8Array>();
    if (ids.length === 0) return docs;
    for (const row of this.docBytesInStmt.all(JSON.stringify([...new Set(ids)]))) docs.set(row.id, row.doc);
    return docs;
  }

  /** The contact document; `experiences` and waterfall-only emails/phones only when asked for. */
  contact(id: number, opts: { experiences?: boolean; waterfall?: boolean } = {}): Doc | undefined {
    const row = this.contactStmt.get(id);
    if (!row) return undefined;
    const doc = JSON.parse(row.doc) as Doc;
    if (opts.waterfall) {
      const extra = JSON.parse(row.waterfall) as { personal_emails: string[]; phone_numbers: unknown[] };
      doc.personal_emails = [...(doc.personal_emails as string[]), ...extra.personal_emails];
      doc.phone_numbers = [...(doc.phone_numbers as unknown[]), ...extra.phone_numbers];
    }
    if (opts.experiences) doc.experiences = JSON.parse(row.experiences) as unknown;
    return doc;
  }

  /** Company id for a website (any subdomain, path or scheme) or a professional-network company URL. */
  findCompanyId(url: string): number | undefined {
    const profile = parseProfileUrl(url);
    if (profile?.network === 'linkedin' && profile.kind === 'company') return this.companyBySlugStmt.get(profile.handle)?.id;
    const domain = cleanDomain(url);
    return domain ? this.companyByDomainStmt.get(domain)?.id : undefined;
  }

  companyIdByDomain(domain: string): { id: number; catchAll: boolean } | undefined {
    const row = this.companyByDomainStmt.get(domain);
    return row && { id: row.id, catchAll: row.catch_all === 1 };
  }

  /** The company document with its sample employees (real contacts) and its top lookalikes. */
  company(id: number): Doc | undefined {
    const row = this.companyStmt.get(id);
    if (!row) return undefined;
    const doc = JSON.parse(row.doc) as Doc;
    doc.employees = this.employeesStmt.all(id).map((r) => {
      const f = JSON.parse(r.features) as ContactFeatures;
      return { employee_name: f.name, job_title: f.title, pnet_url: f.pnetUrl };
    });
    const overview = doc.overview as Doc;
    overview.similar_companies = this.companySimilarity.similar(id - 1, 5).map(({ index }) => {
      const other = JSON.parse(this.companyStmt.get(index + 1)?.doc ?? '{}') as { overview?: Doc };
      const hq = other.overview?.hq as { city?: string; country?: string } | undefined;
      return {
        industry: other.overview?.industry ?? '',
        link: other.overview?.pnet_url ?? '',
        location: hq?.city ? `${hq.city}, ${hq.country ?? ''}` : null,
        name: other.overview?.name ?? '',
      };
    });
    return doc;
  }

  /** Statuses of the contact emails equal to this address (empty when unknown). */
  emailStatuses(email: string): Array<string | null> {
    return this.emailStmt.all(email.toLowerCase()).map((r) => r.status);
  }
}
