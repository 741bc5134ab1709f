import { describe, expect, it } from 'vitest';
import { namedPersonLookup, pageCompanyDomain } from '@/lib/people/named';

// A person a page names without an identifier is looked up by name at the page's company: the same lookup the box
// makes of "Jane Doe at acme.com", so the same price.
describe('namedPersonLookup', () => {
  it('names the page’s registrable domain as the company', () => {
    expect(namedPersonLookup({ name: 'Jane Doe', title: 'CTO' }, 'https://www.northwind-labs.com/team/speakers')).toEqual({
      first_name: 'Jane',
      last_name: 'Doe',
      company_domain: 'northwind-labs.com',
    });
  });

  it.each([
    ['Head of Revenue Operations at Klocko, Nolan and Hackett', 'Klocko, Nolan and Hackett'],
    ['VP Sales, Mills LLC', 'Mills LLC'],
    ['Founder & CEO, Proseware', 'Proseware'],
    ['Sales Engineer at Fabrikam Analytics GmbH', 'Fabrikam Analytics GmbH'],
  ])('a speaker whose line says “%s” is looked up at %s, not at the conference’s domain', (title, company) => {
    expect(namedPersonLookup({ name: 'Brooke Hauck', title }, 'https://www.revopsforum.com/speakers')).toEqual({
      first_name: 'Brooke',
      last_name: 'Hauck',
      company_name: company,
    });
  });

  it('a title alone names no company: the page’s', () => {
    expect(namedPersonLookup({ name: 'Amara Lindqvist', title: 'Founder' }, 'https://www.northwind-labs.com/about')).toEqual({
      first_name: 'Amara',
      last_name: 'Lindqvist',
      company_domain: 'northwind-labs.com',
    });
    // A speakers page on no site of its own (a file): a stated company is still enough.
    expect(namedPersonLookup({ name: 'Amara Lindqvist', title: 'Founder' }, 'file:///speakers.html')).toBeNull();
    expect(namedPersonLookup({ name: 'Amara Lindqvist', title: 'Founder, Northwind Pipeline AB' }, 'file:///speakers.html')).toMatchObject({ company_name: 'Northwind Pipeline AB' });
  });

  it('leaves forms of address out of the first name and keeps particles with the family name', () => {
    expect(namedPersonLookup({ name: 'Dr. med. Katharina Ertl', title: null }, 'https://praxis-ertl.de/team')).toMatchObject({
      first_name: 'Katharina',
      last_name: 'Ertl',
    });
    expect(namedPersonLookup({ name: 'Laura Díaz de Entresotos', title: null }, 'https://www.ideasonstage.com/fr/equipe/')).toMatchObject({
      first_name: 'Laura Díaz',
      last_name: 'de Entresotos',
    });
  });

  it('strips every honorific the page reader keeps in a name (one list): "RA Dennis Tölle" is looked up as Dennis Tölle', () => {
    // The scanner keeps "RA Dennis Tölle" as a name (a German lawyer's form of address); a second, shorter list here
    // once sent first_name "RA Dennis", a paid lookup under the wrong name.
    expect(namedPersonLookup({ name: 'RA Dennis Tölle', title: null }, 'https://www.anwalt-example.de/kanzlei')).toMatchObject({
      first_name: 'Dennis',
      last_name: 'Tölle',
    });
    expect(namedPersonLookup({ name: 'Notarin Eva Brandt', title: null }, 'https://www.notariat-example.de/')).toMatchObject({
      first_name: 'Eva',
      last_name: 'Brandt',
    });
  });

  it('gives no lookup where the page names no company (a saved file, a platform)', () => {
    expect(pageCompanyDomain('file:///home/me/speakers.html')).toBeNull();
    expect(namedPersonLookup({ name: 'Jane Doe', title: null }, 'file:///home/me/speakers.html')).toBeNull();
    expect(namedPersonLookup({ name: 'Jane Doe', title: null }, 'https://github.com/orgs/acme/people')).toBeNull();
  });
});
