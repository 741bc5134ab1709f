import { describe, expect, it } from 'vitest';
import type { EntityLists, PagePerson } from '@/lib/detect/schema';
import { AlsoKnownAsSchema, BulkEntrySchema, ContactLookupSchema } from '@/lib/messaging/protocol';
import {
  alsoKnownAsOf,
  bestIdentifier,
  companyLookupUrl,
  employeeAsPerson,
  nameLookup,
  filterCompanies,
  filterIdentifiers,
  filterPeople,
  foundCount,
  foundParts,
  looseIdentifiers,
  personBulkEntry,
  personDisplayName,
  personLookup,
  personSubtitle,
} from '@/lib/people';

const IN = (slug: string) => `https://www.linkedin.com/in/${slug}`;

function person(p: Partial<PagePerson>): PagePerson {
  return { id: 'x', name: null, title: null, company: null, emails: [], phones: [], profiles: [], ...p };
}

describe('bestIdentifier and personLookup: profile, then email, then phone', () => {
  it.each<[string, Partial<PagePerson>, ReturnType<typeof personLookup>]>([
    [
      'a law-firm card with vCard email, tel and LinkedIn: the profile names exactly one person',
      { emails: ['bgibson@firm.com'], phones: ['+12125550100'], profiles: [IN('bertram-gibson')] },
      { lookup: { social_profile: IN('bertram-gibson') }, alsoKnownAs: { emails: ['bgibson@firm.com'], phones: ['+12125550100'] } },
    ],
    [
      'a team card with email and phone but no profile: the email',
      { emails: ['jane.doe@acme.com'], phones: ['+14155550142'] },
      { lookup: { email: 'jane.doe@acme.com' }, alsoKnownAs: { phones: ['+14155550142'] } },
    ],
    ['a staff table row with only a phone (maybe a switchboard): the phone, alone', { phones: ['+441632960001'] }, { lookup: { phone: '+441632960001' } }],
    ['a startup team page with LinkedIn icons only: the profile, no aliases', { profiles: [IN('ada')] }, { lookup: { social_profile: IN('ada') } }],
    [
      'two profiles (old and new handle): the first is the lookup, the second an alias',
      { profiles: [IN('ada-l'), IN('ada-lovelace')] },
      { lookup: { social_profile: IN('ada-l') }, alsoKnownAs: { profiles: [IN('ada-lovelace')] } },
    ],
    [
      'work and personal email: the first is the lookup',
      { emails: ['ada@acme.com', 'ada@gmail.com'] },
      { lookup: { email: 'ada@acme.com' }, alsoKnownAs: { emails: ['ada@gmail.com'] } },
    ],
    [
      'the same phone twice in the block (tel link and text): one alias, not two',
      { emails: ['a@b.co'], phones: ['+12125550100', '+12125550100'] },
      { lookup: { email: 'a@b.co' }, alsoKnownAs: { phones: ['+12125550100'] } },
    ],
    ['a speaker with a name and nothing to look up by: nothing to enrich', { name: 'Grace Hopper' }, null],
  ])('%s', (_why, p, expected) => {
    const got = personLookup(person(p));
    expect(got).toEqual(expected);
    if (got) {
      expect(ContactLookupSchema.safeParse(got.lookup).success).toBe(true);
      if (got.alsoKnownAs) expect(AlsoKnownAsSchema.safeParse(got.alsoKnownAs).success).toBe(true);
    }
  });

  it.each<[string, Partial<PagePerson>, string | null]>([
    ['profile wins over email and phone', { emails: ['e@x.io'], phones: ['+15550000'], profiles: [IN('p')] }, 'profile'],
    ['email wins over phone', { emails: ['e@x.io'], phones: ['+15550000'] }, 'email'],
    ['phone when it is all there is', { phones: ['+15550000'] }, 'phone'],
    ['none', {}, null],
  ])('%s', (_why, p, kind) => {
    expect(bestIdentifier(person(p))?.kind ?? null).toBe(kind);
  });

  it('never lists the looked-up identifier among its own aliases', () => {
    expect(alsoKnownAsOf(person({ profiles: [IN('a')], emails: ['a@b.co'] }))).toEqual({ emails: ['a@b.co'] });
    expect(alsoKnownAsOf(person({ profiles: [IN('a')] }))).toBeUndefined();
  });
});

describe('personBulkEntry: one row per person, valid for bulk/start', () => {
  it.each<[string, Partial<PagePerson>, unknown]>([
    [
      'profile + email',
      { emails: ['x@acme.com'], profiles: [IN('x')] },
      { field_type: 'social_profile', value: IN('x'), alsoKnownAs: { emails: ['x@acme.com'] } },
    ],
    ['email only', { emails: ['x@acme.com'] }, { field_type: 'email', value: 'x@acme.com' }],
    ['phone + email', { phones: ['+12125550100'], emails: ['x@acme.com'] }, { field_type: 'email', value: 'x@acme.com', alsoKnownAs: { phones: ['+12125550100'] } }],
    ['phone only', { phones: ['+12125550100'] }, { field_type: 'phone', value: '+12125550100' }],
    ['no identifier', { name: 'Nobody' }, null],
    ['the name the page shows labels the row', { name: 'Jane Doe', emails: ['jane@acme.com'] }, { field_type: 'email', value: 'jane@acme.com', label: 'Jane Doe' }],
  ])('%s', (_why, p, expected) => {
    const entry = personBulkEntry(person(p));
    expect(entry).toEqual(expected);
    if (entry) expect(BulkEntrySchema.safeParse(entry).success).toBe(true);
  });
});

describe('looseIdentifiers: the flat lists minus what belongs to a person or a company', () => {
  const flat: EntityLists = {
    emails: ['jane@acme.com', 'press@acme.com', 'bob@acme.com'],
    phones: ['+14155550142', '+14155550100'],
    profiles: [IN('jane'), IN('bob')],
    companyProfiles: ['https://www.linkedin.com/company/acme', 'https://www.linkedin.com/company/other'],
    domains: ['acme.com', 'partner.io'],
  };
  it.each<[string, PagePerson[], Array<{ domains: string[]; companyPages: string[] }>, EntityLists]>([
    ['no grouping yet: everything is loose (the view still works with the flat lists)', [], [], flat],
    [
      'the team page: two people; the press address and the switchboard belong to nobody',
      [
        person({ emails: ['jane@acme.com'], phones: ['+14155550142'], profiles: [IN('jane')] }),
        person({ emails: ['bob@acme.com'], profiles: [IN('bob')] }),
      ],
      [],
      { ...flat, emails: ['press@acme.com'], phones: ['+14155550100'], profiles: [] },
    ],
    [
      'a company card takes its domain and company page',
      [],
      [{ domains: ['acme.com'], companyPages: ['https://www.linkedin.com/company/acme'] }],
      { ...flat, companyProfiles: ['https://www.linkedin.com/company/other'], domains: ['partner.io'] },
    ],
    [
      'a shared office phone on two cards is taken once and loose nowhere',
      [person({ emails: ['jane@acme.com'], phones: ['+14155550100'] }), person({ emails: ['bob@acme.com'], phones: ['+14155550100'] })],
      [],
      { ...flat, emails: ['press@acme.com'], phones: ['+14155550142'] },
    ],
  ])('%s', (_why, people, companies, expected) => {
    expect(looseIdentifiers(flat, people, companies)).toEqual(expected);
  });
});

describe('what a person row shows', () => {
  it.each<[string, Partial<PagePerson>, string]>([
    ['the name the page shows', { name: 'Bertram Gibson', profiles: [IN('bertram-gibson')] }, 'Bertram Gibson'],
    ['a name with spaces around it is trimmed', { name: '  Ada Lovelace ' }, 'Ada Lovelace'],
    ['no name: the email the user can recognise', { name: null, emails: ['jane@acme.com'], profiles: [IN('jane-d')] }, 'jane@acme.com'],
    ['a blank name counts as none', { name: '  ', emails: ['jane@acme.com'] }, 'jane@acme.com'],
    ['no name, no email: the profile handle as written, not dressed up as a name', { profiles: [IN('bertram-gib')] }, 'bertram-gib'],
    ['only a phone', { phones: ['+12125550100'] }, '+12125550100'],
    ['nothing at all', {}, 'Unnamed person'],
  ])('%s', (_why, p, expected) => {
    expect(personDisplayName(person(p))).toBe(expected);
  });

  it.each<[string, Partial<PagePerson>, string | null]>([
    ['title and company', { title: 'Partner', company: 'Gibson LLP' }, 'Partner · Gibson LLP'],
    ['title only', { title: 'Head of Design' }, 'Head of Design'],
    ['company only', { company: 'Acme' }, 'Acme'],
    ['neither', {}, null],
  ])('subtitle: %s', (_why, p, expected) => {
    expect(personSubtitle(person(p))).toBe(expected);
  });

  it.each<[string, { domains: string[]; companyPages: string[] }, string | null]>([
    ['the website first', { domains: ['acme.com'], companyPages: ['https://www.linkedin.com/company/acme'] }, 'acme.com'],
    ['the company page when there is no website', { domains: [], companyPages: ['https://www.linkedin.com/company/acme'] }, 'https://www.linkedin.com/company/acme'],
    ['nothing to look up', { domains: [], companyPages: [] }, null],
  ])('company lookup: %s', (_why, c, expected) => {
    expect(companyLookupUrl(c)).toBe(expected);
  });
});

describe('foundCount: what the badge and the summary say', () => {
  const flat = { emails: ['a@x.io', 'b@x.io', 'press@x.io'], phones: ['+12125550100'], profiles: [IN('a'), IN('b')], companyProfiles: [], domains: ['x.io'] };
  it.each<[string, Parameters<typeof foundCount>[0], number]>([
    ['no grouping: every identifier', flat, 7],
    ['no grouping (older stored state without the fields)', { ...flat, people: undefined, companies: undefined }, 7],
    [
      'the issue: 17 people with 3 identifiers each count 17, not 51; the press address and the site count once each',
      {
        emails: [...Array.from({ length: 17 }, (_, i) => `p${i}@x.io`), 'press@x.io'],
        phones: Array.from({ length: 17 }, (_, i) => `+1212555${String(1000 + i)}`),
        profiles: Array.from({ length: 17 }, (_, i) => IN(`p${i}`)),
        companyProfiles: [],
        domains: ['x.io'],
        people: Array.from({ length: 17 }, (_, i) => ({ emails: [`p${i}@x.io`], phones: [`+1212555${String(1000 + i)}`], profiles: [IN(`p${i}`)] })),
        companies: [],
      },
      19,
    ],
    [
      'a company card counts once with its domain',
      { ...flat, people: [{ emails: ['a@x.io'], phones: [], profiles: [IN('a')] }], companies: [{ domains: ['x.io'], companyPages: [] }] },
      1 + 1 + 4,
    ],
  ])('%s', (_why, entities, expected) => {
    expect(foundCount(entities)).toBe(expected);
  });

  // The summary's words ("17 people · 1 company · 2 other findings") come in three parts that add up to the badge.
  it.each<[string, Parameters<typeof foundParts>[0], { people: number; companies: number; other: number }, number]>([
    ['no grouping: every identifier is "other", the loose domain a company', flat, { people: 0, companies: 1, other: 6 }, 7],
    [
      'a team page: the people, the employer\'s site, the press address',
      {
        ...flat,
        emails: ['a@x.io', 'press@x.io'],
        phones: [],
        profiles: [IN('a'), IN('b')],
        people: [
          { emails: ['a@x.io'], phones: [], profiles: [IN('a')] },
          { emails: [], phones: [], profiles: [IN('b')] },
        ],
        companies: [],
      },
      { people: 2, companies: 1, other: 1 },
      4,
    ],
    [
      'a company card holds its domain; a loose company page counts as a company',
      { ...flat, companyProfiles: ['https://www.linkedin.com/company/y'], people: [], companies: [{ domains: ['x.io'], companyPages: [] }] },
      { people: 0, companies: 2, other: 6 },
      8,
    ],
  ])('parts: %s', (_why, entities, expected, total) => {
    const parts = foundParts(entities);
    expect(parts).toEqual(expected);
    // The badge is the same count: checked against a total worked out by hand, not against the parts' own sum.
    expect(foundCount(entities)).toBe(total);
  });
});

describe('a company answer\'s employees as person rows (domain search)', () => {
  const toProfile = (link: string) => (link.includes('/in/') ? link : null);
  it.each<[string, Parameters<typeof employeeAsPerson>[0], Partial<PagePerson>]>([
    [
      'an employee with a profile: the profile is their one identifier',
      { employee_name: 'Ada Lovelace', job_title: 'CTO', pnet_url: IN('ada') },
      { id: IN('ada'), name: 'Ada Lovelace', title: 'CTO', company: 'Acme', profiles: [IN('ada')] },
    ],
    [
      'a company page in the profile field is not a person profile',
      { employee_name: 'Grace Hopper', job_title: null, pnet_url: 'https://www.linkedin.com/company/acme' },
      { id: '1:Grace Hopper', name: 'Grace Hopper', title: null, company: 'Acme', profiles: [] },
    ],
    ['blank fields count as missing', { employee_name: '  ', job_title: ' ', pnet_url: null }, { id: '1:', name: null, title: null, profiles: [] }],
  ])('%s', (_why, employee, expected) => {
    expect(employeeAsPerson(employee, 'Acme', 1, toProfile)).toMatchObject({ emails: [], phones: [], ...expected });
  });

  it.each<[string, string | null, { domain: string | null; name: string | null }, ContactLookupLike | null]>([
    ['name at the company domain', 'Ada Lovelace', { domain: 'acme.com', name: 'Acme' }, { first_name: 'Ada', last_name: 'Lovelace', company_domain: 'acme.com' }],
    ['three-part name: the rest is the last name', 'Ada King Lovelace', { domain: 'acme.com', name: null }, { first_name: 'Ada', last_name: 'King Lovelace', company_domain: 'acme.com' }],
    ['no domain: the company name', 'Ada Lovelace', { domain: null, name: 'Acme Ltd' }, { first_name: 'Ada', last_name: 'Lovelace', company_name: 'Acme Ltd' }],
    ['one word is not enough to find anyone', 'Ada', { domain: 'acme.com', name: 'Acme' }, null],
    ['no name', null, { domain: 'acme.com', name: 'Acme' }, null],
    ['no company', 'Ada Lovelace', { domain: null, name: null }, null],
  ])('%s', (_why, name, company, expected) => {
    const lookup = nameLookup(name, company);
    expect(lookup).toEqual(expected);
    if (lookup) expect(ContactLookupSchema.safeParse(lookup).success).toBe(true);
  });
});

type ContactLookupLike = Record<string, string>;

describe('filterPeople: the filter above a page\'s people list', () => {
  const people = [
    { id: '1', name: 'Jürgen Müller', title: 'Senior Software Engineer', company: 'Acme GmbH', emails: ['jmueller@acme.de'], phones: ['+4930123456'], profiles: [IN('juergen-mueller-1a')] },
    { id: '2', name: 'Ada Lovelace', title: 'Head of Engineering', company: null, emails: [], phones: [], profiles: [IN('ada')] },
    { id: '3', name: null, title: null, company: null, emails: ['press@acme.de'], phones: ['+12125550100'], profiles: [] },
    { id: '4', name: 'Grace Hopper', title: 'Sales Director', company: 'Globex', emails: ['grace@globex.com'], phones: [], profiles: [] },
    { id: '5', name: 'Søren Müller', title: null, company: null, emails: [], phones: ['+442079460455'], profiles: [] },
  ];
  it.each<[string, string[]]>([
    ['', ['1', '2', '3', '4', '5']],
    ['   ', ['1', '2', '3', '4', '5']],
    ['engineer', ['1', '2']],
    ['ENGINEERING', ['2']],
    ['muller: the name without its umlaut', ['1', '5']],
    ['mueller: as the email and the profile handle spell it', ['1']],
    ['soren', ['5']],
    ['juergen-mueller', ['1']],
    ['acme', ['1', '3']],
    ['acme engineer', ['1']],
    ['director globex', ['4']],
    ['555-0100', ['3']],
    ['(212) 555 0100', ['3']],
    ['030 123456', ['1']],
    ['lovelace hopper', []],
    ['nobody', []],
    ['+44', ['5']],
    ['020 7946 0455', ['5']],
    ['+1', ['3']],
  ])('%j → %j', (query, ids) => {
    expect(filterPeople(people, query.split(':')[0]!).map((p) => p.id)).toEqual(ids);
  });

  it('an empty filter gives back the same list (the panel tells filtering from not by identity)', () => {
    expect(filterPeople(people, '')).toBe(people);
  });
});

describe('filterIdentifiers: the filter above a list of loose identifiers', () => {
  const rows = [
    { kind: 'email', value: 'press@acme.com' },
    { kind: 'email', value: 'jobs@globex.de' },
    { kind: 'phone', value: '+4930123456' },
    { kind: 'phone', value: '+12125550100' },
    { kind: 'profile', value: IN('s%C3%B8ren-m%C3%BCller') },
    { kind: 'companyProfile', value: 'https://www.linkedin.com/company/acme-robotics' },
    { kind: 'domain', value: 'acme.com' },
  ];
  it.each<[string, string[]]>([
    ['', rows.map((r) => r.value)],
    ['ACME.COM', ['press@acme.com', 'acme.com']],
    ['acme', ['press@acme.com', 'https://www.linkedin.com/company/acme-robotics', 'acme.com']],
    ['globex', ['jobs@globex.de']],
    ['030 123456', ['+4930123456']],
    ['(212) 555-0100', ['+12125550100']],
    ['+49', ['+4930123456']],
    ['soren', [IN('s%C3%B8ren-m%C3%BCller')]],
    ['acme robotics', ['https://www.linkedin.com/company/acme-robotics']],
    ['acme globex', []],
    ['nobody', []],
  ])('%j → %j', (query, values) => {
    expect(filterIdentifiers(rows, query).map((r) => r.value)).toEqual(values);
  });
});

describe('filterCompanies: the filter above the companies a page shows', () => {
  const companies = [
    { name: 'Acme Robotics GmbH', domains: ['acme-robotics.de'], companyPages: ['https://www.linkedin.com/company/acme-robotics'] },
    { name: 'Société Générale', domains: ['societegenerale.com'], companyPages: [] },
    { name: null, domains: ['globex.io'], companyPages: ['https://www.linkedin.com/company/globex-corp'] },
  ];
  it.each<[string, Array<string | null>]>([
    ['', ['Acme Robotics GmbH', 'Société Générale', null]],
    ['robotics', ['Acme Robotics GmbH']],
    ['societe generale', ['Société Générale']],
    ['.de', ['Acme Robotics GmbH']],
    ['globex-corp', [null]],
    ['acme globex', []],
  ])('%j → %j', (query, names) => {
    expect(filterCompanies(companies, query).map((c) => c.name)).toEqual(names);
  });
});
