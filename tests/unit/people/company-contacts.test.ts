import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { companyContacts, foundParts, looseIdentifiers } from '@/lib/people';
import { scanHtml } from '@/scripts/scan';

// A company's general contact: the shared mailbox and main line no person holds go on the company's row.
const page = (file: string) => scanHtml(readFileSync(new URL(`../../fixtures/pages/${file}`, import.meta.url), 'utf8'), `http://127.0.0.1:4000/${file}`);
const lists = (emails: string[], phones: string[]) => ({ emails, phones, profiles: [], companyProfiles: [], domains: [] });
const acme = { id: 'acme.com', domains: ['acme.com'] };
const globex = { id: 'globex.de', domains: ['globex.de'] };

describe('companyContacts', () => {
  it('a law firm page: the city mailbox and the switchboard are the firm’s, the lawyers’ own lines stay theirs', () => {
    const e = page('law-firm-office.html');
    const loose = looseIdentifiers(e, e.people, e.companies);
    const { byCompany, loose: left } = companyContacts(e.companies, loose, e.url, e.people);
    expect(byCompany.get('brandt-lehmann.de')).toEqual({ emails: ['berlin@brandt-lehmann.de'], phones: ['+493088776600'] });
    expect(left.emails).toEqual([]);
    expect(left.phones).toEqual([]);
    for (const person of e.people) {
      expect(person.emails).not.toContain('berlin@brandt-lehmann.de');
      expect(person.phones).not.toContain('+493088776600');
    }
    // The summary counts them once, as the company's row: 4 people, 1 company, nothing else.
    expect(foundParts(e)).toEqual({ people: 4, companies: 1, other: 0 });
  });

  it('an email goes to the company of its domain, a subdomain included; another domain’s stays loose', () => {
    const { byCompany, loose } = companyContacts([acme, globex], lists(['info@acme.com', 'presse@mail.globex.de', 'hi@initech.io'], []), 'https://news.example.org/a');
    expect(byCompany.get('acme.com')?.emails).toEqual(['info@acme.com']);
    expect(byCompany.get('globex.de')?.emails).toEqual(['presse@mail.globex.de']);
    expect(loose.emails).toEqual(['hi@initech.io']);
  });

  it('a phone goes to the company of the page’s own site', () => {
    const { byCompany, loose } = companyContacts([acme, globex], lists([], ['+4930123456']), 'https://www.globex.de/team');
    expect(byCompany.get('globex.de')?.phones).toEqual(['+4930123456']);
    expect(loose.phones).toEqual([]);
  });

  it('a phone goes to the one employer of everyone on the page, and stays loose when people work at two', () => {
    const phone = lists([], ['+14155550100']);
    const one = companyContacts([acme, globex], phone, 'http://127.0.0.1:4000/x', [{ emails: ['a@acme.com'] }, { emails: ['b@acme.com', 'b@gmail.com'] }]);
    expect(one.byCompany.get('acme.com')?.phones).toEqual(['+14155550100']);
    const two = companyContacts([acme, globex], phone, 'http://127.0.0.1:4000/x', [{ emails: ['a@acme.com'] }, { emails: ['b@globex.de'] }]);
    expect(two.byCompany.size).toBe(0);
    expect(two.loose.phones).toEqual(['+14155550100']);
  });

  it('a directory of members at 12 employers: the switchboards printed on several rows stay loose', () => {
    const e = page('directory.html');
    const { loose } = companyContacts(e.companies, looseIdentifiers(e, e.people, e.companies), e.url, e.people);
    expect(loose.phones).toHaveLength(20);
  });
});
