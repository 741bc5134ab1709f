import type { SandboxState } from '../state';

/** What a demo page shows of a person (from the seeded contact documents). */
export interface DemoPerson {
  id: number;
  slug: string;
  firstName: string;
  lastName: string;
  fullName: string;
  title: string;
  headline: string;
  location: string;
  about: string;
  workEmail: string;
  personalEmail: string;
  phone: { e164: string; national: string } | null;
  pnetUrl: string;
  companyId: number;
  companyName: string;
  companyDomain: string;
  companyPnetUrl: string;
  skills: string[];
  experiences: Array<{ title: string; company: string; start: string; end: string }>;
  education: Array<{ school: string; degree: string }>;
}

interface ContactDoc {
  first_name: string;
  last_name: string;
  full_name: string;
  headline: string;
  about: string;
  current_work_email: string;
  personal_emails: string[];
  phone_numbers: Array<{ E164: string; national_number: string }>;
  location: { name: string };
  skills: string[];
  employment: { job: { title: string }; name: string; company_email_domain: string; pnet_url: string | string[] };
  education: Array<{ school: { name: string }; degrees: string[] }>;
}

interface Experience {
  name: string;
  job: { title: string; start_date: string; end_date: string };
}

type Row = { id: number; slug: string; company_id: number; doc: string; experiences: string };

function toPerson(row: Row): DemoPerson {
  const doc = JSON.parse(row.doc) as ContactDoc;
  const phone = doc.phone_numbers[0];
  const pnet = doc.employment.pnet_url;
  return {
    id: row.id,
    slug: row.slug,
    firstName: doc.first_name,
    lastName: doc.last_name,
    fullName: doc.full_name,
    title: doc.employment.job.title,
    headline: doc.headline,
    location: doc.location.name,
    about: doc.about,
    workEmail: doc.current_work_email,
    personalEmail: doc.personal_emails[0] ?? '',
    phone: phone ? { e164: phone.E164, national: phone.national_number } : null,
    pnetUrl: `https://www.linkedin.com/in/${row.slug}`,
    companyId: row.company_id,
    companyName: doc.employment.name,
    companyDomain: doc.employment.company_email_domain,
    companyPnetUrl: Array.isArray(pnet) ? (pnet[0] ?? '') : pnet,
    skills: doc.skills.slice(0, 12),
    experiences: (JSON.parse(row.experiences) as Experience[]).map((e) => ({
      title: e.job.title,
      company: e.name,
      start: e.job.start_date,
      end: e.job.end_date || 'present',
    })),
    education: doc.education.map((e) => ({ school: e.school.name, degree: e.degrees[0] ?? '' })),
  };
}

const COLUMNS = 'id, slug, company_id, doc, experiences';

export function peopleByIds(state: SandboxState, first: number, count: number): DemoPerson[] {
  return state.db
    .prepare<[number, number], Row>(`SELECT ${COLUMNS} FROM contacts WHERE id >= ? ORDER BY id LIMIT ?`)
    .all(first, count)
    .map(toPerson);
}

export function personBySlug(state: SandboxState, slug: string): DemoPerson | undefined {
  const row = state.db.prepare<[string], Row>(`SELECT ${COLUMNS} FROM contacts WHERE slug = ?`).get(slug);
  return row && toPerson(row);
}

/** The company with the most seeded employees (lowest id on ties), for the team page. */
export function biggestTeam(state: SandboxState): { companyId: number; people: DemoPerson[] } {
  const top = state.db
    .prepare<[], { company_id: number }>('SELECT company_id FROM contacts GROUP BY company_id ORDER BY COUNT(*) DESC, company_id LIMIT 1')
    .get();
  const companyId = top?.company_id ?? 1;
  const people = state.db
    .prepare<[number], Row>(`SELECT ${COLUMNS} FROM contacts WHERE company_id = ? ORDER BY id LIMIT 24`)
    .all(companyId)
    .map(toPerson);
  return { companyId, people };
}

export function companyWebsite(state: SandboxState, companyId: number): { name: string; website: string; domain: string } {
  const row = state.db.prepare<[number], { name: string; domain: string; features: string }>('SELECT name, domain, features FROM companies WHERE id = ?').get(companyId);
  if (!row) return { name: '', website: '', domain: '' };
  return { name: row.name, domain: row.domain, website: (JSON.parse(row.features) as { website: string }).website };
}
