import { describe, expect, it } from 'vitest';
import { classifySelection, intentFor } from '@/lib/selection/classify';
import type { SelectionMeaning } from '@/lib/messaging/protocol';
import { profileOfText as normaliseProfileUrl } from '@/lib/identity';

const US = { defaultCountry: 'US' as const };

describe('classifySelection', () => {
  it.each<[string, string, SelectionMeaning[]]>([
    // emails
    ['a plain email', 'jane.doe@acme.com', [{ kind: 'email', email: 'jane.doe@acme.com' }]],
    ['an email with caps and spaces around it', '  Jane.Doe@ACME.com ', [{ kind: 'email', email: 'jane.doe@acme.com' }]],
    ['an email in quotes with a full stop (copied from a sentence)', '"bob@acme.io".', [{ kind: 'email', email: 'bob@acme.io' }]],
    ['a mailto link', 'mailto:Bob@Acme.io?subject=hi', [{ kind: 'email', email: 'bob@acme.io' }]],
    ['an email in angle brackets (mail header)', '<sales@acme.co.uk>', [{ kind: 'email', email: 'sales@acme.co.uk' }]],
    // phones
    ['an international phone', '+44 20 7946 0958', [{ kind: 'phone', phone: '+442079460958' }]],
    ['a US national phone with the default country', '(415) 555-0132', [{ kind: 'phone', phone: '+14155550132' }]],
    ['a phone written with dots', '+33 1.23.45.67.89', [{ kind: 'phone', phone: '+33123456789' }]],
    // profiles
    ['a person profile URL', 'https://www.linkedin.com/in/jane-doe-123/', [{ kind: 'profile', url: 'https://www.linkedin.com/in/jane-doe-123' }]],
    ['a country-subdomain profile URL with tracking', 'https://uk.linkedin.com/in/Jane-Doe?trk=abc#x', [{ kind: 'profile', url: 'https://www.linkedin.com/in/jane-doe' }]],
    ['a profile URL without scheme', 'linkedin.com/in/jdoe', [{ kind: 'profile', url: 'https://www.linkedin.com/in/jdoe' }]],
    ['a company profile URL', 'https://www.linkedin.com/company/acme-corp/about/', [{ kind: 'company', url: 'https://www.linkedin.com/company/acme-corp' }]],
    // companies
    ['a bare domain', 'acme.com', [{ kind: 'company', url: 'acme.com' }]],
    ['a website with www and a path', 'https://www.acme.co.uk/about-us', [{ kind: 'company', url: 'acme.co.uk' }]],
    ['a subdomain website', 'blog.acme.io', [{ kind: 'company', url: 'acme.io' }]],
    // people
    ['First Last at Company', 'Jane Doe at Acme Corp', [{ kind: 'person', first_name: 'Jane', last_name: 'Doe', company_name: 'Acme Corp' }]],
    ['First Last, Company', 'Jane Doe, Acme Corp', [{ kind: 'person', first_name: 'Jane', last_name: 'Doe', company_name: 'Acme Corp' }]],
    ['First Last (Company)', 'Jane Doe (Acme Corp)', [{ kind: 'person', first_name: 'Jane', last_name: 'Doe', company_name: 'Acme Corp' }]],
    ['First Last @ website', 'Jean-Luc O’Neil @ acme.io', [{ kind: 'person', first_name: 'Jean-Luc', last_name: 'O’Neil', company_domain: 'acme.io' }]],
    ['First Middle Last – Company (en dash)', 'Mary Ann Smith – Globex', [{ kind: 'person', first_name: 'Mary', last_name: 'Ann Smith', company_name: 'Globex' }]],
    ['non-Latin names', 'Zoë Ångström at Nordic AB', [{ kind: 'person', first_name: 'Zoë', last_name: 'Ångström', company_name: 'Nordic AB' }]],
    // several things → choices
    [
      'a signature block: email and phone',
      'Jane Doe\nSales, Acme\njane@acme.com\n+1 415 555 0132',
      [
        { kind: 'email', email: 'jane@acme.com' },
        { kind: 'phone', phone: '+14155550132' },
      ],
    ],
    [
      'two emails',
      'jane@acme.com; bob@acme.com',
      [
        { kind: 'email', email: 'jane@acme.com' },
        { kind: 'email', email: 'bob@acme.com' },
      ],
    ],
    // nothing
    ['empty', '   ', []],
    ['a sentence', 'the quick brown fox jumps over the lazy dog', []],
    ['lowercase words with "at" are not a person', 'the team at acme', []],
    ['a date is not a phone', '2024-01-15', []],
    ['a price is not a phone', '$1,299.00', []],
    ['a name without a company', 'Jane Doe', []],
    ['a private host is not a company', 'localhost', []],
    ['a javascript: URL is nothing', 'javascript:alert(1)', []],
    ['a non-profile linkedin URL', 'https://www.linkedin.com/feed/', []],
    ['a dotted name is not a domain', 'Jane.Doe', []],
  ])('%s', (_why, text, expected) => {
    expect(classifySelection(text, US)).toEqual(expected);
  });

  it('stays linear on hostile input (no catastrophic backtracking)', () => {
    const nasty = `${'a'.repeat(5000)}@${'b.'.repeat(5000)}!`;
    const nastyName = `${'Aa '.repeat(3000)}at ${'x'.repeat(3000)}`;
    for (const text of [nasty, nastyName, '('.repeat(10_000), '+1 '.repeat(10_000)]) {
      expect(Array.isArray(classifySelection(text, US))).toBe(true);
    }
  });
});

describe('intentFor', () => {
  it.each<[string, string]>([
    ['jane@acme.com', 'lookup'],
    ['jane@acme.com bob@acme.com', 'ambiguous'],
    ['hello world', 'unrecognised'],
  ])('%s → %s', (text, kind) => {
    expect(intentFor(text, classifySelection(text, US), 1).kind).toBe(kind);
  });
});

describe('normaliseProfileUrl', () => {
  it.each<[string, string | null]>([
    ['https://www.linkedin.com/in/jane-doe', 'https://www.linkedin.com/in/jane-doe'],
    ['http://linkedin.com/in/Jane-Doe/details/experience/', 'https://www.linkedin.com/in/jane-doe'],
    ['https://de.linkedin.com/company/acme', 'https://www.linkedin.com/company/acme'],
    ['https://www.linkedin.com/in/', null],
    ['https://evil.com/in/jane', null],
    ['https://linkedin.com.evil.com/in/jane', null],
    ['ftp://linkedin.com/in/jane', null],
  ])('%s → %s', (input, expected) => {
    expect(normaliseProfileUrl(input)?.url ?? null).toBe(expected);
  });
});
