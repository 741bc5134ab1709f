import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { crmRow, crmTable, isoDate, LEAD_COMPANY_UNKNOWN, leadCompany, phoneKind, presetColumns, toCsv, type CrmPreset } from '@/lib/export';
import { contact } from './contact';

const weston = contact({
  _id: 'p1',
  first_name: 'Weston',
  last_name: 'Hills',
  full_name: 'Weston Hills',
  current_work_email: 'weston.hills@jones.example',
  current_work_email_status: 'verified',
  personal_emails: ['weston@home.example'],
  phone_numbers: [
    { E164: '+447700900123', type: 'mobile', national_number: '07700 900123', NXX_use_type: null },
    { E164: '+442079460958', type: 'work', national_number: '020 7946 0958', NXX_use_type: null },
    { E164: '+442079460000', type: null, national_number: null, NXX_use_type: null },
    { E164: '+14155550100', type: 'fax', national_number: null, NXX_use_type: null },
  ],
  location: { name: 'London, England, United Kingdom', locality: 'London', region: 'England', country: 'United Kingdom' },
  employment: { name: 'Jones LLC', company_email_domain: 'jones.example', website: 'https://www.jones.example', job: { title: 'Marketing Manager', seniority: ['manager'] } },
  last_updated: '2026-09-14T08:30:00Z',
});
const boughtAt = Date.UTC(2026, 10, 20, 9, 15);

describe('one value per column', () => {
  it('splits phones, emails, location and dates', () => {
    expect(crmRow(weston, boughtAt)).toEqual({
      first_name: 'Weston',
      last_name: 'Hills',
      full_name: 'Weston Hills',
      title: 'Marketing Manager',
      seniority: 'manager',
      company_name: 'Jones LLC',
      company_domain: 'jones.example',
      email: 'weston.hills@jones.example',
      work_email: 'weston.hills@jones.example',
      work_email_status: 'verified',
      other_work_emails: '',
      personal_email: 'weston@home.example',
      personal_email_status: 'unverified',
      other_personal_emails: '',
      mobile_phone: '+447700900123',
      work_phone: '+442079460958',
      other_phone: '+442079460000',
      other_phones: '+442079460000, +14155550100',
      city: 'London',
      region: 'England',
      country: 'United Kingdom',
      profile_url: 'https://www.linkedin.com/in/ada',
      last_updated: '2026-09-14T08:30:00.000Z',
      bought_at: '2026-11-20T09:15:00.000Z',
    });
  });

  it.each([
    ['type mobile', { type: 'mobile' }, 'mobile'],
    ['US cell line', { type: null, NXX_use_type: 'cell' }, 'mobile'],
    ['wireless', { type: 'Wireless' }, 'mobile'],
    ['work', { type: 'work' }, 'work'],
    ['office', { type: 'Office' }, 'work'],
    ['landline', { type: null, NXX_use_type: 'landline' }, 'work'],
    ['fax', { type: 'fax' }, 'other'],
    ['unknown', { type: null, NXX_use_type: null }, 'other'],
  ])('%s phone → %s', (_why, fields, kind) => {
    expect(phoneKind({ E164: '+1', national_number: null, NXX_use_type: null, ...fields } as Parameters<typeof phoneKind>[0])).toBe(kind);
  });

  it.each([
    ['date only stays a date', '2024-03-05', '2024-03-05'],
    ['timestamp', '2024-03-05T10:00:00Z', '2024-03-05T10:00:00.000Z'],
    ['epoch ms', 1_700_000_000_000, '2023-11-14T22:13:20.000Z'],
    ['epoch ms as text', '1700000000000', '2023-11-14T22:13:20.000Z'],
    ['relative words without the moment they were said are not a date', '2 months ago', ''],
    ['empty', '', ''],
    ['null', null, ''],
  ])('%s', (_why, value, iso) => {
    expect(isoDate(value)).toBe(iso);
  });

  it('a missing work email has no status', () => {
    expect(crmRow(contact({ current_work_email: null, current_work_email_status: 'verified' })).work_email_status).toBe('');
  });
});

/** Audit r8: a person known by full name only, a second work email and two personal emails (and a past one). */
const grace = contact({
  _id: 'c1',
  full_name: 'Grace Hopper',
  first_name: null,
  last_name: null,
  current_work_email: null,
  current_work_email_status: null,
  other_current_work_emails: [{ work_email: 'grace@navy.example', status: 'verified' }],
  personal_emails: ['grace@home.example', 'g.hopper@mail.example'],
  historical_emails: ['ghopper@univac.example'],
});

describe('every current email, and names from the full name', () => {
  it.each<[CrmPreset, Record<string, string>]>([
    ['hubspot', { 'First Name': 'Grace', 'Last Name': 'Hopper', Email: 'grace@navy.example' }],
    ['salesforce', { 'First Name': 'Grace', 'Last Name': 'Hopper', Email: 'grace@navy.example' }],
    ['pipedrive', { 'Person - First name': 'Grace', 'Person - Last name': 'Hopper', 'Person - Email - Work': 'grace@navy.example', 'Person - Email - Home': 'grace@home.example' }],
    [
      'plain',
      {
        'First name': 'Grace',
        'Last name': 'Hopper',
        'Work email': 'grace@navy.example',
        'Work email status': 'verified',
        'Other work emails': '',
        'Personal email': 'grace@home.example',
        'Other personal emails': 'g.hopper@mail.example',
      },
    ],
  ])('%s: the audit\'s person has an email and both names', (preset, expected) => {
    const parsed = Papa.parse<Record<string, string>>(toCsv(crmTable([{ contact: grace, boughtAt }], preset)), { header: true });
    expect(parsed.data[0]).toMatchObject(expected);
    // A past address is not a way to reach the person.
    expect(JSON.stringify(parsed.data[0])).not.toContain('univac');
  });

  const work = (work_email: string, status: string | null) => ({ work_email, status });
  it.each([
    ['the current work email comes first, even beside a verified other one', { current_work_email: 'a@acme.example', current_work_email_status: 'probable', other_current_work_emails: [work('b@acme.example', 'verified')] }, { email: 'a@acme.example', work_email: 'a@acme.example', work_email_status: 'probable', other_work_emails: 'b@acme.example' }],
    ['no current one: a verified other work email before an earlier unverified one', { current_work_email: null, other_current_work_emails: [work('a@acme.example', 'probable'), work('b@acme.example', 'verified')] }, { email: 'b@acme.example', work_email: 'b@acme.example', work_email_status: 'verified', other_work_emails: 'a@acme.example' }],
    ['no current one, none verified: the first other work email', { current_work_email: null, other_current_work_emails: [work('a@acme.example', 'probable'), work('b@acme.example', null)] }, { email: 'a@acme.example', work_email: 'a@acme.example', work_email_status: 'probable', other_work_emails: 'b@acme.example' }],
    ['"unverified" is not verified', { current_work_email: null, other_current_work_emails: [work('a@acme.example', 'probable'), work('b@acme.example', 'unverified')] }, { email: 'a@acme.example', other_work_emails: 'b@acme.example' }],
    ['no work email: the first personal one; the rest listed as the plain export lists phones', { current_work_email: null, other_current_work_emails: [], personal_emails: ['p1@home.example', 'p2@mail.example', 'p3@mail.example'] }, { email: 'p1@home.example', work_email: '', work_email_status: '', personal_email: 'p1@home.example', other_personal_emails: 'p2@mail.example, p3@mail.example' }],
    ['an address listed twice is written once', { current_work_email: 'Ada@Engines.example', other_current_work_emails: [work('ada@engines.example', 'verified')], personal_emails: ['ADA@engines.example', 'ada@home.example'] }, { email: 'Ada@Engines.example', other_work_emails: '', personal_email: 'ada@home.example', other_personal_emails: '' }],
    ['no email at all', { current_work_email: null, other_current_work_emails: [], personal_emails: [] }, { email: '', work_email: '', personal_email: '', personal_email_status: '', other_work_emails: '', other_personal_emails: '' }],
  ])('%s', (_why, fields, expected) => {
    expect(crmRow(contact(fields))).toMatchObject(expected);
  });
});

describe('presets', () => {
  it('plain has every column with our own names, the other emails included', () => {
    const { columns, labels } = presetColumns('plain');
    expect(columns.map((c) => labels[c])).toEqual([
      'First name', 'Last name', 'Full name', 'Job title', 'Seniority', 'Company name', 'Company domain',
      'Work email', 'Work email status', 'Other work emails', 'Personal email', 'Personal email status', 'Other personal emails',
      'Mobile phone', 'Work phone', 'Other phones', 'City', 'Region', 'Country', 'Profile URL', 'Last updated', 'Bought at',
    ]);
  });

  it.each<[CrmPreset, string[]]>([
    ['hubspot', ['First Name', 'Last Name', 'Email', 'Job Title', 'Company Name', 'Company Domain Name', 'Phone Number', 'Mobile Phone Number', 'City', 'State/Region', 'Country/Region', 'LinkedIn URL']],
    ['salesforce', ['First Name', 'Last Name', 'Title', 'Account Name', 'Email', 'Phone', 'Mobile', 'Other Phone', 'Mailing City', 'Mailing State/Province', 'Mailing Country']],
    ['salesforce_lead', ['First Name', 'Last Name', 'Title', 'Company', 'Website', 'Email', 'Phone', 'Mobile', 'City', 'State/Province', 'Country']],
    ['pipedrive', ['Person - Name', 'Person - First name', 'Person - Last name', 'Person - Email - Work', 'Person - Email - Home', 'Person - Phone - Work', 'Person - Phone - Mobile', 'Person - Phone - Other', 'Person - Job title', 'Organization - Name']],
  ])('%s headers', (preset, headers) => {
    const { columns, labels } = presetColumns(preset);
    expect(columns.map((c) => labels[c])).toEqual(headers);
  });

  it.each<[CrmPreset, Record<string, string>]>([
    ['hubspot', { Email: 'weston.hills@jones.example', 'Mobile Phone Number': '+447700900123', 'Phone Number': '+442079460958', 'State/Region': 'England', 'Company Domain Name': 'jones.example' }],
    ['salesforce', { 'Account Name': 'Jones LLC', Mobile: '+447700900123', Phone: '+442079460958', 'Other Phone': '+442079460000', 'Mailing Country': 'United Kingdom' }],
    ['salesforce_lead', { Company: 'Jones LLC', Website: 'jones.example', 'Last Name': 'Hills', Mobile: '+447700900123', 'State/Province': 'England' }],
    ['pipedrive', { 'Person - Name': 'Weston Hills', 'Person - Phone - Mobile': '+447700900123', 'Organization - Name': 'Jones LLC', 'Person - Email - Home': 'weston@home.example' }],
    ['plain', { 'Bought at': '2026-11-20T09:15:00.000Z', 'Work email status': 'verified', City: 'London', 'Mobile phone': '+447700900123' }],
  ])('%s: a CSV parser reads the values back unchanged (phones without an apostrophe)', (preset, expected) => {
    const csv = toCsv(crmTable([{ contact: weston, boughtAt }], preset), { bom: true });
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<Record<string, string>>(csv.slice(1), { header: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data[0]).toMatchObject(expected);
  });

  it('hostile names are neutralised in every preset without touching phones', () => {
    const evil = contact({ first_name: '=HYPERLINK("http://evil.example")', last_name: '@cmd', phone_numbers: [{ E164: '+15550100', type: 'mobile', national_number: null, NXX_use_type: null }] });
    const parsed = Papa.parse<Record<string, string>>(toCsv(crmTable([{ contact: evil }], 'hubspot')), { header: true });
    expect(parsed.data[0]).toMatchObject({ 'First Name': '\'=HYPERLINK("http://evil.example")', 'Last Name': "'@cmd", 'Mobile Phone Number': '+15550100' });
  });
});

describe('a Salesforce lead always has a Company', () => {
  const leadOf = (fields: Parameters<typeof contact>[0]) => {
    const parsed = Papa.parse<Record<string, string>>(toCsv(crmTable([{ contact: contact(fields) }], 'salesforce_lead')), { header: true });
    return parsed.data[0] ?? {};
  };
  const noCompany = { employment: null };

  it.each<[string, Parameters<typeof contact>[0], string]>([
    ["the company's name", {}, 'Analytical Engines Ltd'],
    ['no name: the company domain', { employment: { name: null, website: 'https://www.jones.example/about' } }, 'jones.example'],
    ["no company: the work email's domain", { ...noCompany, current_work_email: 'ada@engines.example' }, 'engines.example'],
    ["a free-mail work address names no company: Salesforce's placeholder", { ...noCompany, current_work_email: 'ada@gmail.com' }, LEAD_COMPANY_UNKNOWN],
    ['nothing known at all', { ...noCompany, current_work_email: null, other_current_work_emails: [], personal_emails: [] }, LEAD_COMPANY_UNKNOWN],
  ])('%s', (_why, fields, company) => {
    expect(leadOf(fields).Company).toBe(company);
  });

  it('the placeholder is the one Salesforce writes itself, never an empty cell', () => {
    expect(LEAD_COMPANY_UNKNOWN).toBe('[not provided]');
    expect(leadCompany({ company_name: '  ', company_domain: '', work_email: '' })).toBe('[not provided]');
  });

  it('the Contact preset is unchanged: an unknown account stays empty (the wizard then creates a private contact)', () => {
    const parsed = Papa.parse<Record<string, string>>(toCsv(crmTable([{ contact: contact({ employment: null }) }], 'salesforce')), { header: true });
    expect(parsed.data[0]?.['Account Name']).toBe('');
  });
});
