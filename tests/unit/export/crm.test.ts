import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { crmRow, crmTable, isoDate, phoneKind, presetColumns, toCsv, type CrmPreset } from '@/lib/export';
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
      work_email: 'weston.hills@jones.example',
      work_email_status: 'verified',
      personal_email: 'weston@home.example',
      personal_email_status: 'unverified',
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
    ['relative words are not a date', '2 months ago', ''],
    ['empty', '', ''],
    ['null', null, ''],
  ])('%s', (_why, value, iso) => {
    expect(isoDate(value)).toBe(iso);
  });

  it('a missing work email has no status', () => {
    expect(crmRow(contact({ current_work_email: null, current_work_email_status: 'verified' })).work_email_status).toBe('');
  });
});

describe('presets', () => {
  it.each<[CrmPreset, string[]]>([
    ['hubspot', ['First Name', 'Last Name', 'Email', 'Job Title', 'Company Name', 'Website URL', 'Phone Number', 'Mobile Phone Number', 'City', 'State/Region', 'Country/Region', 'LinkedIn URL']],
    ['salesforce', ['First Name', 'Last Name', 'Title', 'Account Name', 'Email', 'Phone', 'Mobile', 'Other Phone', 'Mailing City', 'Mailing State/Province', 'Mailing Country']],
    ['pipedrive', ['Person - Name', 'Person - First name', 'Person - Last name', 'Person - Email - Work', 'Person - Email - Home', 'Person - Phone - Work', 'Person - Phone - Mobile', 'Person - Phone - Other', 'Person - Job title', 'Organization - Name']],
  ])('%s headers', (preset, headers) => {
    const { columns, labels } = presetColumns(preset);
    expect(columns.map((c) => labels[c])).toEqual(headers);
  });

  it.each<[CrmPreset, Record<string, string>]>([
    ['hubspot', { Email: 'weston.hills@jones.example', 'Mobile Phone Number': '+447700900123', 'Phone Number': '+442079460958', 'State/Region': 'England', 'Website URL': 'jones.example' }],
    ['salesforce', { 'Account Name': 'Jones LLC', Mobile: '+447700900123', Phone: '+442079460958', 'Other Phone': '+442079460000', 'Mailing Country': 'United Kingdom' }],
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
