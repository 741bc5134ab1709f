// The lookup box and the right-click classifier share one parser: what each input must be understood as, and the
// inputs it must refuse (docs/people.md, "The lookup box"; one phone reader for pages and the box).
import { describe, expect, it } from 'vitest';
import type { SelectionMeaning } from '@/lib/messaging/protocol';
import { describeMeaning, parseQuery } from '@/lib/selection/query';

const US = { defaultCountry: 'US' as const };
const DE = { defaultCountry: 'DE' as const };

const person = (first_name: string, last_name: string, company: { company_name: string } | { company_domain: string }): SelectionMeaning => ({
  kind: 'person',
  first_name,
  last_name,
  ...company,
});

describe('parseQuery: what the box understood', () => {
  it.each<[string, string, SelectionMeaning | null, string | null]>([
    // emails
    ['email', 'jane.doe@acme.com', { kind: 'email', email: 'jane.doe@acme.com' }, 'Email: jane.doe@acme.com'],
    ['email in capitals', 'JANE.DOE@ACME.COM', { kind: 'email', email: 'jane.doe@acme.com' }, 'Email: jane.doe@acme.com'],
    ['mailto link', 'mailto:Bob@Acme.io?subject=hi', { kind: 'email', email: 'bob@acme.io' }, 'Email: bob@acme.io'],
    ['email with a plus tag', 'jane+news@acme.co.uk', { kind: 'email', email: 'jane+news@acme.co.uk' }, 'Email: jane+news@acme.co.uk'],
    // phones, any common format
    ['international phone', '+44 20 7946 0958', { kind: 'phone', phone: '+442079460958' }, 'Phone: +44 20 7946 0958'],
    ['US national with parentheses', '(212) 555-0147', { kind: 'phone', phone: '+12125550147' }, 'Phone: +1 212 555 0147'],
    ['US national with dashes', '212-555-0147', { kind: 'phone', phone: '+12125550147' }, 'Phone: +1 212 555 0147'],
    ['US with the 1 prefix', '1-212-555-0147', { kind: 'phone', phone: '+12125550147' }, 'Phone: +1 212 555 0147'],
    ['US with dots', '212.555.0147', { kind: 'phone', phone: '+12125550147' }, 'Phone: +1 212 555 0147'],
    ['00 international prefix', '0049 89 1234560', { kind: 'phone', phone: '+49891234560' }, 'Phone: +49 89 1234560'],
    ['(0) trunk prefix and an en dash', '+49 (0) 89 12 34 56 – 0', { kind: 'phone', phone: '+49891234560' }, 'Phone: +49 89 1234560'],
    ['Austrian with a slash', '+43 316/12 34 56', { kind: 'phone', phone: '+43316123456' }, 'Phone: +43 316 123456'],
    ['zero-width space inside', '+1 415\u200b555 0142', { kind: 'phone', phone: '+14155550142' }, 'Phone: +1 415 555 0142'],
    // profiles and company pages
    ['person profile URL', 'https://www.linkedin.com/in/jane-doe-123/', { kind: 'profile', url: 'https://www.linkedin.com/in/jane-doe-123' }, 'Profile: linkedin.com/in/jane-doe-123'],
    ['profile without scheme', 'linkedin.com/in/JDoe', { kind: 'profile', url: 'https://www.linkedin.com/in/jdoe' }, 'Profile: linkedin.com/in/jdoe'],
    ['company page', 'https://de.linkedin.com/company/acme-corp/about/', { kind: 'company', url: 'https://www.linkedin.com/company/acme-corp' }, 'Company page: linkedin.com/company/acme-corp'],
    ['school page is a company page', 'https://www.linkedin.com/school/stanford-university/', { kind: 'company', url: 'https://www.linkedin.com/school/stanford-university' }, 'Company page: linkedin.com/school/stanford-university'],
    ['showcase page is a company page', 'linkedin.com/showcase/acme-cloud', { kind: 'company', url: 'https://www.linkedin.com/showcase/acme-cloud' }, 'Company page: linkedin.com/showcase/acme-cloud'],
    // websites and domains
    ['bare domain', 'acme.com', { kind: 'company', url: 'acme.com' }, 'Company: acme.com'],
    ['website with www and a path', 'https://www.acme.co.uk/about-us', { kind: 'company', url: 'acme.co.uk' }, 'Company: acme.co.uk'],
    ['domain in capitals', 'WWW.ACME.COM', { kind: 'company', url: 'acme.com' }, 'Company: acme.com'],
    ['a site hosted on a platform stays itself', 'acme.azurewebsites.net', { kind: 'company', url: 'acme.azurewebsites.net' }, 'Company: acme.azurewebsites.net'],
    ['a blog on a hosted-blog platform stays itself', 'https://jane.typepad.com/blog', { kind: 'company', url: 'jane.typepad.com' }, 'Company: jane.typepad.com'],
    // people
    ['name, company', 'Jane Doe, Acme Corp', person('Jane', 'Doe', { company_name: 'Acme Corp' }), 'Person: Jane Doe at Acme Corp'],
    ['name at company', 'Jane Doe at Acme', person('Jane', 'Doe', { company_name: 'Acme' }), 'Person: Jane Doe at Acme'],
    ['name at company, lower case', 'jane doe at acme', person('Jane', 'Doe', { company_name: 'acme' }), 'Person: Jane Doe at acme'],
    ['NAME AT COMPANY, upper case', 'JANE DOE AT ACME', person('Jane', 'Doe', { company_name: 'ACME' }), 'Person: Jane Doe at ACME'],
    ['name @ domain', 'Jane Doe @ acme.com', person('Jane', 'Doe', { company_domain: 'acme.com' }), 'Person: Jane Doe at acme.com'],
    ['name at website', 'jane doe at https://www.acme.com/', person('Jane', 'Doe', { company_domain: 'acme.com' }), 'Person: Jane Doe at acme.com'],
    ['Last, First – Company', 'Doe, Jane – Acme', person('Jane', 'Doe', { company_name: 'Acme' }), 'Person: Jane Doe at Acme'],
    ['Last, First at Company', 'Doe, Jane at Acme', person('Jane', 'Doe', { company_name: 'Acme' }), 'Person: Jane Doe at Acme'],
    ['Name – Title – Company: the title is not the company', 'Jane Doe – VP Sales – Acme', person('Jane', 'Doe', { company_name: 'Acme' }), 'Person: Jane Doe at Acme'],
    ['Name | Title | Company', 'Jane Doe | Head of Marketing | Globex', person('Jane', 'Doe', { company_name: 'Globex' }), 'Person: Jane Doe at Globex'],
    ['Name, Title at Company', 'Jane Doe, CTO at Initech', person('Jane', 'Doe', { company_name: 'Initech' }), 'Person: Jane Doe at Initech'],
    ['Name – Company – Title', 'Jane Doe – Initech – Senior Engineer', person('Jane', 'Doe', { company_name: 'Initech' }), 'Person: Jane Doe at Initech'],
    ['Name (Company)', 'Jane Doe (Acme Corp)', person('Jane', 'Doe', { company_name: 'Acme Corp' }), 'Person: Jane Doe at Acme Corp'],
    ['three-part name', 'Mary Ann Smith, Globex', person('Mary', 'Ann Smith', { company_name: 'Globex' }), 'Person: Mary Ann Smith at Globex'],
    ['accents and apostrophes', "Zoë O'Neil at Nordic AB", person('Zoë', "O'Neil", { company_name: 'Nordic AB' }), "Person: Zoë O'Neil at Nordic AB"],
    ['hyphenated lower-case name', 'jean-luc picard, starfleet', person('Jean-Luc', 'Picard', { company_name: 'starfleet' }), 'Person: Jean-Luc Picard at starfleet'],
    // refusals
    ['empty', '   ', null, null],
    ['a sentence', 'the quick brown fox jumps over the lazy dog', null, null],
    ['"the team at acme" is not a person', 'the team at acme', null, null],
    ['"contact us at acme.com" is not a person, only its domain', 'contact us at acme.com', { kind: 'company', url: 'acme.com' }, 'Company: acme.com'],
    ['a name alone', 'Jane Doe', null, null],
    ['Last, First without a company', 'Doe, Jane', null, null],
    ['name and a title only', 'Jane Doe, VP Sales', null, null],
    ['a date', '2024-01-15', null, null],
    ['a price', '$1,299.00', null, null],
    ['an email on a private host', 'jane@localhost', null, null],
    ['a documentation address is still an address', 'jane@intranet.corp', null, null],
    ['localhost', 'localhost', null, null],
    ['an IP address', '10.0.0.1', null, null],
    ['javascript: URL', 'javascript:alert(1)', null, null],
    ['a network page that is no profile', 'https://www.linkedin.com/feed/', null, null],
    ['the network itself is not a company', 'linkedin.com', null, null],
    ['free mail is not a company', 'gmail.com', null, null],
    ['a dotted name is not a domain', 'Jane.Doe', null, null],
    ['a file name is not a domain', 'report.pdf', null, null],
    ['too few digits for a phone', '555-0147', null, null],
    ['an invalid number', '+1 123 456 7890', null, null],
  ])('%s: %s', (_why, input, expected, words) => {
    const meanings = parseQuery(input, US);
    expect(meanings).toEqual(expected === null ? [] : [expected]);
    if (expected !== null) expect(describeMeaning(expected)).toBe(words);
  });

  // Real selections an audit found misread (2026-11-26): headings, greetings, times, forms of address, credentials,
  // initials, "at" before a comma, a label before a number, dates and ISBNs in a country of variable-length numbers.
  const p = (first: string, last: string, company: Record<string, string>): SelectionMeaning => ({ kind: 'person', first_name: first, last_name: last, ...company });
  it.each<[string, string, typeof US | typeof DE, SelectionMeaning | null]>([
    ['a label before a German number: one phone, not two', 'Tel.: 030 12345678', DE, { kind: 'phone', phone: '+493012345678' }],
    ['a label and a slash in a German mobile number', 'Telefon: 0171 / 1234567', DE, { kind: 'phone', phone: '+491711234567' }],
    ['a label before a US number', 'T: (415) 555-0132', US, { kind: 'phone', phone: '+14155550132' }],
    ['a date is no German number', '2024-05-01', DE, null],
    ['a German date is no German number', '01.05.2024', DE, null],
    ['an ISBN is no German number', 'ISBN 3-16-148410-0', DE, null],
    ['an invoice number is no German number', 'Rechnung Nr. 2024-00123', DE, null],
    ['an IP address is no German number', '192.168.1.1', DE, null],
    ['a heading is no person', 'Privacy Policy | Acme', US, null],
    ['a job title is no name', 'Product Manager, Acme', US, null],
    ['a greeting is no person', 'Best regards, Jane Doe', US, null],
    ['a button is no person', 'Read more at Acme', US, null],
    ['a careers heading is no person', 'Open Positions at Acme', US, null],
    ['a time is no company', 'Jane Doe at 10:30', US, null],
    ['"at" before a legal form', 'Jane Doe at Acme, Inc.', US, p('Jane', 'Doe', { company_name: 'Acme, Inc' })],
    ['"at" before a place', 'Jane Doe at Acme, London', US, p('Jane', 'Doe', { company_name: 'Acme' })],
    ['a form of address', 'Dr. Jane Doe at Acme', US, p('Jane', 'Doe', { company_name: 'Acme' })],
    ['two forms of address', 'Prof. Dr. Hans Müller, Siemens', US, p('Hans', 'Müller', { company_name: 'Siemens' })],
    ['a credential as a segment', 'Jane Doe, PhD, Acme', US, p('Jane', 'Doe', { company_name: 'Acme' })],
    ['a credential after the name', 'Jane Doe MBA, Acme', US, p('Jane', 'Doe', { company_name: 'Acme' })],
    ['a middle initial', 'Jane Q. Doe at Acme', US, p('Jane', 'Doe', { company_name: 'Acme' })],
    ['"@" written against the domain', 'Jane Doe @acme.com', US, p('Jane', 'Doe', { company_domain: 'acme.com' })],
    ['a trailing comma', 'Jane Doe at Acme,', US, p('Jane', 'Doe', { company_name: 'Acme' })],
    ['wrapped in parentheses', '(Jane Doe at Acme)', US, p('Jane', 'Doe', { company_name: 'Acme' })],
    ['an address written out', 'jane [at] acme [dot] com', US, { kind: 'email', email: 'jane@acme.com' }],
    ['an address written out, imprint style', 'jane(at)acme.com', US, { kind: 'email', email: 'jane@acme.com' }],
    ['a surname that is also a title word', 'Jane Head, Acme', US, p('Jane', 'Head', { company_name: 'Acme' })],
    ['a surname with its particle, written first', 'van Dijk, Jan - Philips', US, p('Jan', 'van Dijk', { company_name: 'Philips' })],
    ['a surname of three words with particles, written first', 'de la Cruz, Juan – Acme', US, p('Juan', 'de la Cruz', { company_name: 'Acme' })],
    ['a particle inside a name written first-name first', 'Ludwig van Beethoven, Acme', US, p('Ludwig', 'van Beethoven', { company_name: 'Acme' })],
  ])('%s: %s', (_why, input, options, expected) => {
    expect(parseQuery(input, options)).toEqual(expected === null ? [] : [expected]);
  });

  it('reads national numbers in the country it is given', () => {
    expect(parseQuery('089 1234560', DE)).toEqual([{ kind: 'phone', phone: '+49891234560' }]);
    expect(parseQuery('089 1234560', {})).toEqual([]);
  });

  it('offers each thing in a signature block as a choice', () => {
    expect(parseQuery('Jane Doe\nSales, Acme\njane@acme.com\nT +1 (415) 555-0132', US)).toEqual([
      { kind: 'email', email: 'jane@acme.com' },
      { kind: 'phone', phone: '+14155550132' },
    ]);
  });

  it('stays linear on hostile input', () => {
    for (const text of [`${'a'.repeat(5000)}@${'b.'.repeat(5000)}!`, `${'Aa '.repeat(3000)}at x`, '('.repeat(10_000), '+1 '.repeat(10_000), '1-'.repeat(10_000)]) {
      expect(Array.isArray(parseQuery(text, US))).toBe(true);
    }
  });
});
