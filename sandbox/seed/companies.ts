import type { Faker } from '@faker-js/faker';
import { INDUSTRY_SECTORS, SECTOR_PHRASES, SECTOR_SPECIALITIES, SECTOR_WEIGHTS, type Sector } from './industries';
import { COUNTRY_TLDS, PLACES, type Place } from './places';
import { COMMON_TECHNOLOGIES, SECTOR_TECHNOLOGIES, TECHNOLOGIES, type TechnologyEntry } from './technologies';
import { fillPattern, relativeText, slugify } from './text';

/** Head-count buckets as the professional network shows them: [lower, upper] and the `size` text. */
export const SIZE_BUCKETS: Array<{ range: [number, number]; text: string; weight: number }> = [
  { range: [1, 10], text: '1-10', weight: 18 },
  { range: [11, 50], text: '11-50', weight: 26 },
  { range: [51, 200], text: '51-200', weight: 22 },
  { range: [201, 500], text: '201-500', weight: 12 },
  { range: [501, 1000], text: '501-1000', weight: 8 },
  { range: [1001, 5000], text: '1001-5000', weight: 8 },
  { range: [5001, 10000], text: '5001-10000', weight: 4 },
  { range: [10001, 100000], text: '10001+', weight: 2 },
];

/** Features the similarity model reads (kept apart from the API document so the model loads fast). */
export interface CompanyFeatures {
  name: string;
  website: string;
  industry: string;
  specialities: string[];
  description: string;
  technologies: string[];
  sizeLower: number;
  sizeUpper: number;
}

export interface CompanySeed {
  id: number;
  domain: string;
  slug: string;
  name: string;
  industry: string;
  sector: Sector;
  place: Place;
  sizeText: string;
  sizeLower: number;
  sizeUpper: number;
  foundedYear: number;
  catchAll: boolean;
  pnetUrl: string;
  website: string;
  logoUrl: string;
  features: CompanyFeatures;
  /** The API document without `employees` and `overview.similar_companies`, which are derived when served. */
  doc: Record<string, unknown>;
}

const TECH_BY_NAME = new Map(TECHNOLOGIES.map((t) => [t.name, t]));
const SECTORS = Object.keys(SECTOR_WEIGHTS) as Sector[];
const INDUSTRIES_BY_SECTOR = new Map<Sector, string[]>(
  SECTORS.map((s) => [s, Object.keys(INDUSTRY_SECTORS).filter((i) => INDUSTRY_SECTORS[i] === s)]),
);
const COMPANY_TYPES = ['Privately Held', 'Privately Held', 'Privately Held', 'Public Company', 'Partnership', 'Self-Owned', 'Nonprofit'];
const NAME_SUFFIXES = ['Labs', 'Systems', 'Group', 'Partners', 'Works', 'Collective', 'Studio', 'Solutions', 'Digital', 'Global'];
const ROUND_TYPES = ['pre_seed', 'seed', 'series_a', 'series_b', 'series_c', 'series_d'];
const ROUND_SIZE: Record<string, [number, number]> = {
  pre_seed: [250_000, 1_500_000],
  seed: [1_000_000, 5_000_000],
  series_a: [5_000_000, 20_000_000],
  series_b: [15_000_000, 60_000_000],
  series_c: [40_000_000, 150_000_000],
  series_d: [100_000_000, 400_000_000],
};

export function pickPlace(f: Faker): Place {
  return f.helpers.weightedArrayElement(PLACES.map((p) => ({ value: p, weight: p.weight })));
}

export function addressOf(f: Faker, place: Place, isHq: boolean): Record<string, unknown> {
  return {
    city: place.city,
    country: place.country,
    line_1: `${f.number.int({ min: 1, max: 999 })} ${f.location.street()}`,
    postal_code: fillPattern(place.postal, () => f.number.int(9), () => f.string.alpha({ casing: 'upper' })),
    state: place.region,
    is_hq: isHq,
  };
}

/** Generates companies in id order; names, slugs and domains are unique. */
export function* generateCompanies(f: Faker, count: number): Generator<CompanySeed> {
  const slugs = new Set<string>();
  const domains = new Set<string>();
  for (let id = 1; id <= count; id++) {
    const sector = f.helpers.weightedArrayElement(SECTORS.map((s) => ({ value: s, weight: SECTOR_WEIGHTS[s] })));
    const industry = f.helpers.arrayElement(INDUSTRIES_BY_SECTOR.get(sector) ?? ['computer software']);
    const place = pickPlace(f);

    let name = f.company.name();
    let slug = slugify(name);
    for (let n = 0; slugs.has(slug); n++) {
      const suffix = n < NAME_SUFFIXES.length ? NAME_SUFFIXES[n] : `${NAME_SUFFIXES[n % NAME_SUFFIXES.length]} ${n}`;
      name = `${f.company.name()} ${suffix}`;
      slug = slugify(name);
    }
    slugs.add(slug);
    const tld = f.datatype.boolean(0.55) ? 'com' : f.datatype.boolean(0.3) ? 'io' : f.helpers.arrayElement(COUNTRY_TLDS[place.countryCode]);
    let label = slug.replaceAll('-', '').slice(0, 40);
    if (domains.has(`${label}.${tld}`)) label = slug.slice(0, 50);
    for (let n = 2; domains.has(`${label}.${tld}`); n++) label = `${slug.slice(0, 40)}${n}`;
    const domain = `${label}.${tld}`;
    domains.add(domain);

    const bucket = f.helpers.weightedArrayElement(SIZE_BUCKETS.map((b) => ({ value: b, weight: b.weight })));
    const [sizeLower, sizeUpper] = bucket.range;
    const headcount = f.number.int({ min: sizeLower, max: Math.min(sizeUpper, sizeLower * 3 + 10) });
    const foundedYear = f.number.int({ min: 1950, max: 2023 });
    const specialities = pickSpecialities(f, sector);
    const technologies = pickTechnologies(f, sector);
    const description = describe(f, name, industry, sector, specialities);
    const pnetUrl = `https://www.linkedin.com/company/${slug}`;
    const website = f.datatype.boolean(0.7) ? `https://www.${domain}` : `https://${domain}`;
    const logoUrl = `https://media.licdn.com/dms/image/company-logo_200_200/${slug}.png`;
    const locations = [addressOf(f, place, true)];
    const extraOffices = sizeUpper > 200 ? f.number.int({ min: 0, max: 3 }) : 0;
    for (let i = 0; i < extraOffices; i++) locations.push(addressOf(f, pickPlace(f), false));
    const companyType = foundedYear > 2005 && sizeUpper <= 1000 ? 'Privately Held' : f.helpers.arrayElement(COMPANY_TYPES);

    const doc = {
      _id: f.database.mongodbObjectId(),
      website,
      funding: funding(f, foundedYear, companyType),
      technologies: technologies.map(technologyDoc),
      overview: {
        company_size: [sizeLower, sizeUpper],
        company_size_on_pnet: headcount,
        company_type: companyType,
        description,
        follower_count: Math.round(headcount * f.number.float({ min: 2, max: 40 })),
        founded_year: foundedYear,
        hq: locations[0],
        industry,
        is_ecommerce: sector === 'consumer' && f.datatype.boolean(0.6),
        last_updated: relativeText(f.number.int({ min: 0, max: 120 })),
        pnet_url: pnetUrl,
        locations,
        name,
        profile_pic_url: logoUrl,
        social_fields: {
          pnet: { value: pnetUrl },
          twitter: { value: `https://twitter.com/${label.slice(0, 15)}` },
          facebook: { value: `https://www.facebook.com/${label}` },
        },
        specialities,
        tagline: f.company.catchPhrase(),
        universal_name_id: slug,
        website,
      },
    };
    yield {
      id,
      domain,
      slug,
      name,
      industry,
      sector,
      place,
      sizeText: bucket.text,
      sizeLower,
      sizeUpper,
      foundedYear,
      catchAll: f.datatype.boolean(0.12),
      pnetUrl,
      website,
      logoUrl,
      features: { name, website, industry, specialities, description, technologies, sizeLower, sizeUpper },
      doc,
    };
  }
}

function pickSpecialities(f: Faker, sector: Sector): string[] {
  const own = f.helpers.arrayElements(SECTOR_SPECIALITIES[sector], { min: 3, max: 6 });
  if (f.datatype.boolean(0.2)) {
    const other = f.helpers.arrayElement(SECTORS);
    own.push(f.helpers.arrayElement(SECTOR_SPECIALITIES[other]));
  }
  return [...new Set(own)];
}

function pickTechnologies(f: Faker, sector: Sector): string[] {
  const picked: string[] = [
    ...f.helpers.arrayElements(COMMON_TECHNOLOGIES, { min: 2, max: 5 }),
    ...f.helpers.arrayElements(SECTOR_TECHNOLOGIES[sector], { min: 2, max: 7 }),
  ];
  return [...new Set(picked)];
}

function technologyDoc(name: string): Record<string, unknown> {
  const entry: TechnologyEntry = TECH_BY_NAME.get(name) ?? { name, categories: [], website: '' };
  const host = entry.website.replace('https://', '');
  return {
    categories: entry.categories,
    icon: `https://www.google.com/s2/favicons?domain=${host}`,
    name: entry.name,
    website: entry.website,
  };
}

function describe(f: Faker, name: string, industry: string, sector: Sector, specialities: string[]): string {
  const phrases = f.helpers.arrayElements(SECTOR_PHRASES[sector], 2);
  const focus = specialities.slice(0, 3).join(', ');
  return (
    `${name} is a ${industry} company helping ${phrases[0]} with ${phrases[1]}. ` +
    `We focus on ${focus}. ${f.company.catchPhrase()}.`
  );
}

function funding(f: Faker, foundedYear: number, companyType: string): Record<string, unknown> {
  const raised = companyType === 'Privately Held' && foundedYear > 1995 && f.datatype.boolean(0.55);
  const rounds: Array<Record<string, unknown>> = [];
  const investors = new Set<string>();
  if (raised) {
    const n = f.number.int({ min: 1, max: ROUND_TYPES.length });
    let year = Math.max(foundedYear, 2000);
    for (let i = 0; i < n; i++) {
      const type = ROUND_TYPES[i] ?? 'series_d';
      const [min, max] = ROUND_SIZE[type] ?? [1_000_000, 2_000_000];
      const roundInvestors = Array.from({ length: f.number.int({ min: 1, max: 4 }) }, () => investorName(f));
      roundInvestors.forEach((inv) => investors.add(inv));
      year = Math.min(2025, year + f.number.int({ min: 1, max: 3 }));
      rounds.push({
        announced_date: `${year}-${String(f.number.int({ min: 1, max: 12 })).padStart(2, '0')}-${String(f.number.int({ min: 1, max: 28 })).padStart(2, '0')}`,
        funding_type: type,
        money_raised: Math.round(f.number.int({ min, max }) / 10_000) * 10_000,
        currency: 'USD',
        lead_investors: roundInvestors.slice(0, 1),
        investor_names: roundInvestors,
        num_investors: roundInvestors.length,
      });
    }
  }
  const total = rounds.reduce((sum, r) => sum + (r.money_raised as number), 0);
  return {
    funding_rounds_list: rounds,
    investments: { count: 0, companies: [] },
    investors: { count: investors.size, names: [...investors] },
    total_funding_amount: rounds.length > 0 ? total : null,
  };
}

function investorName(f: Faker): string {
  return `${f.person.lastName()} ${f.helpers.arrayElement(['Ventures', 'Capital', 'Partners', 'Growth', 'Equity'])}`;
}
