import type { Faker } from '@faker-js/faker';
import { makePhone, type PhoneRecord } from './phones';
import { CERTIFICATIONS, DEGREES, DEPARTMENTS, INTERESTS, MAJORS, OTHER_LANGUAGES, PERSONAL_EMAIL_DOMAINS, SCHOOLS, SENIORITIES, type Department, type Seniority } from './people';
import { LOCAL_LANGUAGE, PLACES, type Place } from './places';
import { monthText, relativeText, slugify } from './text';

/** What a contact needs to know about a company (a light copy; full company documents are not kept in memory). */
export interface CompanyRef {
  id: number;
  domain: string;
  name: string;
  industry: string;
  place: Place;
  sizeText: string;
  sizeUpper: number;
  foundedYear: number;
  pnetUrl: string;
  website: string;
  logoUrl: string;
}

/** First pass: who a contact is and where they work (other contacts' documents link to it). */
export interface ContactIdentity {
  id: number;
  slug: string;
  firstName: string;
  lastName: string;
  fullName: string;
  gender: 'male' | 'female';
  companyId: number;
  place: Place;
  department: Department;
  seniority: Seniority;
  title: string;
  years: number;
}

/** Features the similarity model and the contact search read. */
export interface ContactFeatures {
  name: string;
  title: string;
  seniority: string;
  department: string;
  skills: string[];
  interests: string[];
  industry: string;
  city: string;
  region: string;
  country: string;
  pnetUrl: string;
}

export interface ContactKey {
  kind: 'email' | 'phone' | 'social' | 'name_company' | 'name_domain';
  value: string;
  status: string | null;
}

export interface ContactSeed {
  identity: ContactIdentity;
  features: ContactFeatures;
  doc: Record<string, unknown>;
  experiences: Array<Record<string, unknown>>;
  /** Extra email/phone data only a `waterfall=true` lookup finds. */
  waterfall: { personal_emails: string[]; phone_numbers: PhoneRecord[] };
  keys: ContactKey[];
}

export const WORK_EMAIL_STATUSES = ['verified', 'probable', 'unverified'] as const;
const CURRENT_YEAR = 2025;
const SALARY_BY_LEVEL: Record<string, string> = {
  intern: '20,000-35,000',
  entry: '45,000-70,000',
  senior: '85,000-140,000',
  manager: '95,000-150,000',
  director: '140,000-200,000',
  head: '150,000-220,000',
  vp: '180,000-260,000',
  c_suite: '220,000-350,000',
  owner: '150,000-300,000',
};

export function pnetProfileUrl(slug: string): string {
  return `https://www.linkedin.com/in/${slug}`;
}

/** Normalised company name for name + company lookups. */
export function normaliseCompanyName(name: string): string {
  return name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

export function normalisePersonName(name: string): string {
  return name.normalize('NFKC').toLowerCase().trim();
}

/** Picks employers weighted towards larger companies, by binary search over cumulative weights. */
export function employerPicker(companies: CompanyRef[]): (f: Faker) => CompanyRef {
  const cumulative = new Float64Array(companies.length);
  let total = 0;
  companies.forEach((c, i) => {
    total += 1 + Math.log2(c.sizeUpper);
    cumulative[i] = total;
  });
  return (f) => {
    const x = f.number.float({ min: 0, max: total });
    let lo = 0;
    let hi = companies.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) < x) lo = mid + 1;
      else hi = mid;
    }
    return companies[lo] as CompanyRef;
  };
}

export function generateIdentities(f: Faker, count: number, companies: CompanyRef[]): ContactIdentity[] {
  const pickEmployer = employerPicker(companies);
  const slugs = new Set<string>();
  const out: ContactIdentity[] = [];
  for (let id = 1; id <= count; id++) {
    const gender = f.helpers.arrayElement(['male', 'female'] as const);
    const firstName = f.person.firstName(gender);
    const lastName = f.person.lastName();
    let slug = `${slugify(`${firstName} ${lastName}`)}-${f.string.alphanumeric({ length: 6, casing: 'lower' })}`;
    while (slugs.has(slug)) slug = `${slug}${f.number.int(9)}`;
    slugs.add(slug);
    const company = pickEmployer(f);
    const department = f.helpers.arrayElement(DEPARTMENTS);
    const seniority = f.helpers.weightedArrayElement(SENIORITIES.map((s) => ({ value: s, weight: s.weight })));
    const role = f.helpers.arrayElement(department.roles);
    const place = f.datatype.boolean(0.75) ? company.place : f.helpers.arrayElement(PLACES);
    out.push({
      id,
      slug,
      firstName,
      lastName,
      fullName: `${firstName} ${lastName}`,
      gender,
      companyId: company.id,
      place,
      department,
      seniority,
      title: seniority.title(role, department.area),
      years: f.number.int({ min: seniority.years[0], max: seniority.years[1] }),
    });
  }
  return out;
}

function locationOf(f: Faker, place: Place, withStreet: boolean): Record<string, string> {
  return {
    continent: place.continent,
    country: place.country,
    locality: place.city,
    name: `${place.city}, ${place.region}, ${place.country}`,
    postal_code: '',
    region: place.region,
    street_address: withStreet ? f.location.streetAddress() : '',
  };
}

function employment(
  f: Faker,
  company: CompanyRef,
  identity: ContactIdentity,
  job: { title: string; seniority: string; start: [number, number]; end: [number, number] | null },
  yearsAtStart: number,
): Record<string, unknown> {
  const pnet = f.datatype.boolean(0.1) ? [company.pnetUrl, `https://www.linkedin.com/company/${1000 + company.id}`] : company.pnetUrl;
  return {
    company_email_domain: company.domain,
    founded: String(company.foundedYear),
    industry: company.industry,
    inferred_salary: SALARY_BY_LEVEL[job.seniority] ?? '',
    inferred_years_experience: yearsAtStart,
    is_current_experience: job.end === null,
    job: {
      department: [identity.department.name],
      end_date: job.end ? monthText(...job.end) : '',
      functions: identity.department.functions,
      seniority: [job.seniority],
      start_date: monthText(...job.start),
      summaries: [`${job.title} at ${company.name}: ${f.helpers.arrayElement(identity.department.skills)} and ${f.helpers.arrayElement(identity.department.skills)}.`],
      title: job.title,
    },
    pnet_url: pnet,
    location: locationOf(f, company.place, false),
    name: company.name,
    profile_pic_url: company.logoUrl,
    size: company.sizeText,
    website: company.website,
  };
}

function date(f: Faker, year: number): { day: number; month: number; year: number } {
  return { day: f.number.int({ min: 1, max: 28 }), month: f.number.int({ min: 1, max: 12 }), year };
}

/** Second pass: the whole API document of one contact, its lookup keys and its features. */
export function buildContact(
  f: Faker,
  identity: ContactIdentity,
  companyOf: (id: number) => CompanyRef,
  randomCompany: (f: Faker) => CompanyRef,
  identities: ContactIdentity[],
  usedEmails: Set<string>,
): ContactSeed {
  const company = companyOf(identity.companyId);
  const { firstName, lastName, place, department, seniority } = identity;
  const first = slugify(firstName).replaceAll('-', '');
  const last = slugify(lastName).replaceAll('-', '');
  const keys: ContactKey[] = [];
  const unique = (local: string, domain: string): string => {
    let email = `${local}@${domain}`;
    for (let n = 2; usedEmails.has(email); n++) email = `${local}${n}@${domain}`;
    usedEmails.add(email);
    return email;
  };

  // Employment history, newest first.
  const careerStart = CURRENT_YEAR - identity.years;
  const currentStart = f.number.int({ min: Math.max(careerStart, CURRENT_YEAR - 8), max: CURRENT_YEAR });
  const current = employment(f, company, identity, { title: identity.title, seniority: seniority.level, start: [currentStart, f.number.int({ min: 1, max: 12 })], end: null }, currentStart - careerStart);
  const experiences = [current];
  const pastCompanies: CompanyRef[] = [];
  let end = currentStart;
  const pastJobs = Math.min(4, Math.floor((currentStart - careerStart) / 2));
  for (let i = 0; i < pastJobs && end > careerStart; i++) {
    const start = Math.max(careerStart, end - f.number.int({ min: 1, max: 4 }));
    const past = randomCompany(f);
    if (past.id === company.id) continue;
    pastCompanies.push(past);
    const level = SENIORITIES[Math.max(1, SENIORITIES.indexOf(seniority) - 1 - i)] ?? seniority;
    const title = level.title(f.helpers.arrayElement(department.roles), department.area);
    experiences.push(employment(f, past, identity, { title, seniority: level.level, start: [start, f.number.int({ min: 1, max: 12 })], end: [end, f.number.int({ min: 1, max: 12 })] }, start - careerStart));
    end = start;
  }

  // Emails: work address by the company's pattern, aliases, personal and historical addresses.
  const patterns = [`${first}.${last}`, `${first.charAt(0)}${last}`, first, `${first}${last.charAt(0)}`];
  const workLocal = patterns[company.id % patterns.length] ?? first;
  const hasWork = f.datatype.boolean(0.85);
  const workEmail = hasWork ? unique(workLocal, company.domain) : '';
  const workStatus = hasWork ? f.helpers.weightedArrayElement([{ value: 'verified', weight: 60 }, { value: 'probable', weight: 25 }, { value: 'unverified', weight: 15 }]) : '';
  if (hasWork) keys.push({ kind: 'email', value: workEmail, status: workStatus });
  const otherWork: Array<{ status: string; work_email: string }> = [];
  if (f.datatype.boolean(0.3)) {
    const alias = unique(`${first}${f.number.int({ min: 1, max: 99 })}`, company.domain);
    const status = f.helpers.arrayElement(['verified', 'probable']);
    otherWork.push({ status, work_email: alias });
    keys.push({ kind: 'email', value: alias, status });
  }
  const personal: string[] = [];
  const personalCount = f.helpers.weightedArrayElement([{ value: 0, weight: 45 }, { value: 1, weight: 45 }, { value: 2, weight: 10 }]);
  for (let i = 0; i < personalCount; i++) {
    const email = unique(`${first}.${last}${f.number.int({ min: 1, max: 99 })}`, f.helpers.arrayElement(PERSONAL_EMAIL_DOMAINS));
    personal.push(email);
    keys.push({ kind: 'email', value: email, status: 'personal' });
  }
  const historical: string[] = [];
  for (const past of pastCompanies) {
    if (!f.datatype.boolean(0.5)) continue;
    const email = unique(`${first}.${last}`, past.domain);
    historical.push(email);
    keys.push({ kind: 'email', value: email, status: 'historical' });
  }

  // Phones.
  const phones: PhoneRecord[] = [];
  if (f.datatype.boolean(0.45)) phones.push(makePhone(f, place, 'mobile'));
  if (f.datatype.boolean(0.35)) phones.push(makePhone(f, company.place, 'landline'));
  for (const p of phones) keys.push({ kind: 'phone', value: p.E164, status: null });
  const waterfall = {
    personal_emails: personal.length === 0 && f.datatype.boolean(0.4) ? [unique(`${first}${last}${f.number.int({ min: 1, max: 999 })}`, 'gmail.com')] : [],
    phone_numbers: phones.length === 0 && f.datatype.boolean(0.5) ? [makePhone(f, place, 'mobile')] : [],
  };

  // Profiles.
  const pnetUrl = pnetProfileUrl(identity.slug);
  const socialProfiles = [{ network: 'linkedin', url: pnetUrl }];
  keys.push({ kind: 'social', value: `linkedin:${identity.slug}`, status: null });
  if (f.datatype.boolean(0.3)) {
    const handle = `${first}${last}`.slice(0, 12) + f.number.int({ min: 1, max: 99 });
    socialProfiles.push({ network: 'twitter', url: `https://twitter.com/${handle}` });
    keys.push({ kind: 'social', value: `twitter:${handle.toLowerCase()}`, status: null });
  }
  if (department.name === 'engineering' && f.datatype.boolean(0.5)) {
    const handle = `${first}-${last}-${f.string.alphanumeric({ length: 3, casing: 'lower' })}`;
    socialProfiles.push({ network: 'github', url: `https://github.com/${handle}` });
    keys.push({ kind: 'social', value: `github:${handle}`, status: null });
  }
  const fn = normalisePersonName(firstName);
  const ln = normalisePersonName(lastName);
  keys.push({ kind: 'name_company', value: `${fn}|${ln}|${normaliseCompanyName(company.name)}`, status: null });
  keys.push({ kind: 'name_domain', value: `${fn}|${ln}|${company.domain}`, status: null });

  const skills = f.helpers.arrayElements(department.skills, { min: 4, max: Math.min(10, department.skills.length) });
  const interests = f.helpers.arrayElements(INTERESTS, { min: 2, max: 5 });
  const languages = [{ name: 'English', proficiency: place.countryCode === 'US' || place.countryCode === 'GB' || place.countryCode === 'AU' ? 5 : f.number.int({ min: 3, max: 5 }) }];
  const local = LOCAL_LANGUAGE[place.countryCode];
  if (local) languages.push({ name: local, proficiency: 5 });
  if (f.datatype.boolean(0.35)) languages.push({ name: f.helpers.arrayElement(OTHER_LANGUAGES.filter((l) => l !== local)), proficiency: f.number.int({ min: 1, max: 4 }) });

  const schoolCount = seniority.level === 'intern' ? 1 : f.number.int({ min: 1, max: 2 });
  const education = Array.from({ length: schoolCount }, (_, i) => {
    const school = f.helpers.arrayElement(SCHOOLS);
    const startYear = careerStart - 4 - i * 2;
    return {
      degrees: [f.helpers.arrayElement(DEGREES)],
      start_date: String(startYear),
      end_date: String(startYear + (i === 0 ? 4 : 2)),
      gpa: f.datatype.boolean(0.3) ? f.number.float({ min: 3, max: 4, fractionDigits: 1 }).toFixed(1) : '',
      locations: [school.location],
      majors: [f.helpers.arrayElement(MAJORS)],
      minors: f.datatype.boolean(0.3) ? [f.helpers.arrayElement(MAJORS)] : [],
      school: { location: school.location, name: school.name, profiles: [`https://www.linkedin.com/school/${slugify(school.name)}`], type: school.type, website: school.website },
    };
  });

  const others = Array.from({ length: 3 }, () => identities[f.number.int({ min: 0, max: identities.length - 1 })]).filter(
    (o): o is ContactIdentity => o !== undefined && o.id !== identity.id,
  );
  const headline = `${identity.title} at ${company.name}`;
  const skillA = skills[0] ?? department.area;
  const skillB = skills[1] ?? department.area;

  const doc: Record<string, unknown> = {
    _id: f.database.mongodbObjectId(),
    about: `${identity.title} with ${identity.years} years in ${department.area.toLowerCase()}. I care about ${skillA.toLowerCase()} and ${skillB.toLowerCase()}. Outside work: ${interests.join(", ")}.`,
    accomplishment_courses: f.datatype.boolean(0.4) ? [{ name: `${skillA} Fundamentals`, number: `${department.area.slice(0, 3).toUpperCase()}-${f.number.int({ min: 100, max: 499 })}` }] : [],
    accomplishment_honors_awards: f.datatype.boolean(0.25) ? [{ description: `Recognised for outstanding work in ${skillA}.`, issued_on: date(f, f.number.int({ min: careerStart, max: CURRENT_YEAR })), issuer: company.name, title: `${department.area} Excellence Award` }] : [],
    accomplishment_organisations: f.datatype.boolean(0.2) ? [{ name: `${department.area} Leaders Network`, position: 'Member', starts_at: date(f, f.number.int({ min: careerStart, max: CURRENT_YEAR })) }] : [],
    accomplishment_patents: department.name === 'engineering' && f.datatype.boolean(0.1) ? [{ title: `System and method for ${skillA.toLowerCase()}`, number: `US${f.string.numeric(8)}B2`, issued_on: date(f, f.number.int({ min: careerStart, max: CURRENT_YEAR })) }] : [],
    accomplishment_projects: f.datatype.boolean(0.35) ? [{ description: `Led the ${skillA} initiative.`, ends_at: date(f, CURRENT_YEAR - 1), starts_at: date(f, CURRENT_YEAR - 2), title: `${skillA} rollout`, url: `https://${company.domain}/projects/${slugify(skillA)}` }] : [],
    accomplishment_publications: f.datatype.boolean(0.1) ? [{ name: `Notes on ${skillA}`, publisher: `${department.area} Review`, published_on: date(f, f.number.int({ min: careerStart, max: CURRENT_YEAR })) }] : [],
    activities: Array.from({ length: f.number.int({ min: 0, max: 3 }) }, () => ({ activity_status: f.helpers.arrayElement([`Liked by ${firstName}`, `Shared by ${firstName}`, `Commented on by ${firstName}`]), link: `https://www.linkedin.com/posts/${identity.slug}-${f.string.numeric(10)}`, title: f.company.catchPhrase() })),
    articles: f.datatype.boolean(0.15) ? [{ title: `What I learned about ${skillA.toLowerCase()}`, link: `https://www.linkedin.com/pulse/${slugify(skillA)}-${identity.slug}`, published_date: `${CURRENT_YEAR - 1}-0${f.number.int({ min: 1, max: 9 })}-1${f.number.int(9)}` }] : [],
    birth_date: f.datatype.boolean(0.1) ? `${careerStart - 22}-0${f.number.int({ min: 1, max: 9 })}-1${f.number.int(9)}` : null,
    certifications: f.datatype.boolean(0.3) ? f.helpers.arrayElements(CERTIFICATIONS, { min: 1, max: 2 }) : [],
    current_work_email: workEmail,
    current_work_email_status: workStatus,
    education,
    employment: current,
    first_name: firstName,
    full_name: identity.fullName,
    gender: identity.gender,
    groups: f.datatype.boolean(0.3) ? [{ name: `${department.area} Professionals`, url: `https://www.linkedin.com/groups/${f.string.numeric(7)}` }] : [],
    headline,
    historical_emails: historical,
    interests,
    languages,
    last_name: lastName,
    last_updated: relativeText(f.number.int({ min: 0, max: 90 })),
    location: locationOf(f, place, f.datatype.boolean(0.2)),
    occupation: headline,
    other_current_work_emails: otherWork,
    people_also_viewed: others.map((o) => ({ link: pnetProfileUrl(o.slug), location: `${o.place.city}, ${o.place.country}`, name: o.fullName, summary: o.title })),
    personal_emails: personal,
    phone_numbers: phones,
    profile_pic_url: f.datatype.boolean(0.8) ? `https://media.licdn.com/dms/image/profile-displayphoto-shrink_400_400/${identity.slug}.jpg` : '',
    recommendations: f.datatype.boolean(0.3) ? [`${f.person.fullName()}: "${firstName} is a brilliant ${identity.title.toLowerCase()} and a generous colleague."`] : [],
    skills,
    social_profiles: socialProfiles,
    volunteer_work: f.datatype.boolean(0.2) ? [{ role: 'Mentor', organisation: f.helpers.arrayElement(['Code.org', 'Habitat for Humanity', 'Junior Achievement', 'Red Cross']), cause: 'Education' }] : [],
  };

  return {
    identity,
    doc,
    experiences,
    waterfall,
    keys,
    features: {
      name: identity.fullName,
      title: identity.title,
      seniority: seniority.level,
      department: department.name,
      skills,
      interests,
      industry: company.industry,
      city: place.city,
      region: place.region,
      country: place.country,
      pnetUrl,
    },
  };
}
