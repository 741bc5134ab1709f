import { Faker, base, en } from '@faker-js/faker';
import type { SqlDatabase } from '../db/driver';
import { generateCompanies, type CompanySeed } from './companies';
import { buildContact, employerPicker, generateIdentities, type CompanyRef } from './contacts';
import { hostileCompany, hostileContact, hostileIdentity } from './hostile';

export interface SeedParams {
  seed: number;
  companies: number;
  contacts: number;
  hostile: boolean;
}

const BATCH = 2000;

/** Fills an empty database deterministically: same parameters, same bytes of data. */
export function seedDatabase(db: SqlDatabase, params: SeedParams): void {
  if (params.companies < 1) throw new Error('The sandbox needs at least one company');
  const f = new Faker({ locale: [en, base] });
  f.seed(params.seed);

  const insertCompany = db.prepare(
    `INSERT INTO companies (id, domain, slug, name, name_norm, industry, size_lower, size_upper, catch_all, features, doc)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const refs: CompanyRef[] = [];
  const insertCompanies = db.transaction((batch: CompanySeed[]) => {
    for (const c of batch) {
      insertCompany.run(c.id, c.domain, c.slug, c.name, c.name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim(), c.industry, c.sizeLower, c.sizeUpper, c.catchAll ? 1 : 0, JSON.stringify(c.features), JSON.stringify(c.doc));
    }
  });
  let batch: CompanySeed[] = [];
  for (const company of generateCompanies(f, params.companies)) {
    if (params.hostile) hostileCompany(company);
    refs.push({
      id: company.id,
      domain: company.domain,
      name: company.name,
      industry: company.industry,
      place: company.place,
      sizeText: company.sizeText,
      sizeUpper: company.sizeUpper,
      foundedYear: company.foundedYear,
      pnetUrl: company.pnetUrl,
      website: company.website,
      logoUrl: company.logoUrl,
    });
    batch.push(company);
    if (batch.length === BATCH) {
      insertCompanies(batch);
      batch = [];
    }
  }
  insertCompanies(batch);

  const identities = generateIdentities(f, params.contacts, refs);
  if (params.hostile) identities.forEach(hostileIdentity);
  const companyOf = (id: number): CompanyRef => refs[id - 1] as CompanyRef;
  const randomCompany = employerPicker(refs);
  const usedEmails = new Set<string>();
  const insertContact = db.prepare(
    'INSERT INTO contacts (id, slug, company_id, features, doc, experiences, waterfall) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const insertKey = db.prepare('INSERT INTO contact_keys (kind, value, contact_id, status) VALUES (?, ?, ?, ?)');
  db.transaction(() => {
    for (const identity of identities) {
      const contact = buildContact(f, identity, companyOf, randomCompany, identities, usedEmails);
      if (params.hostile) hostileContact(contact);
      insertContact.run(identity.id, identity.slug, identity.companyId, JSON.stringify(contact.features), JSON.stringify(contact.doc), JSON.stringify(contact.experiences), JSON.stringify(contact.waterfall));
      for (const key of contact.keys) insertKey.run(key.kind, key.value, identity.id, key.status);
    }
  })();

  db.prepare('INSERT INTO meta (name, value) VALUES (?, ?)').run('seed', JSON.stringify(params));
}
