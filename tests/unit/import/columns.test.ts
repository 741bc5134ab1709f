import { describe, expect, it } from 'vitest';
import { detectColumns, firstRowIsData, kindOfHeader, kindOfValues, type ColumnKind } from '@/lib/import';

describe('column kind from real-world headers', () => {
  it.each<[string, ColumnKind | null]>([
    // English exports (CRMs, Sales Navigator, Apollo, spreadsheets)
    ['Email', 'email'],
    ['E-mail', 'email'],
    ['E-Mail Address', 'email'],
    ['Email Address', 'email'],
    ['email_address', 'email'],
    ['Work Email', 'email'],
    ['Primary Email', 'email'],
    ['Contact Email (work)', 'email'],
    ['emailAddress', 'email'],
    ['Phone', 'phone'],
    ['Phone Number', 'phone'],
    ['Mobile Phone', 'phone'],
    ['Direct Dial', 'phone'],
    ['Tel.', 'phone'],
    ['LinkedIn', 'profile_url'],
    ['LinkedIn URL', 'profile_url'],
    ['Person Linkedin Url', 'profile_url'],
    ['Profile URL', 'profile_url'],
    ['linkedin_profile', 'profile_url'],
    ['First Name', 'first_name'],
    ['FirstName', 'first_name'],
    ['first_name', 'first_name'],
    ['Given name', 'first_name'],
    ['Last Name', 'last_name'],
    ['Surname', 'last_name'],
    ['Name', 'full_name'],
    ['Full Name', 'full_name'],
    ['Company Name', 'company'],
    ['Company', 'company'],
    ['Account Name', 'company'],
    ['Organization', 'company'],
    ['Website', 'domain'],
    ['Company Website', 'domain'],
    ['Domain', 'domain'],
    ['Company Domain', 'domain'],
    // German
    ['E-Mail-Adresse', 'email'],
    ['Telefonnummer', 'phone'],
    ['Handy', 'phone'],
    ['Vorname', 'first_name'],
    ['Nachname', 'last_name'],
    ['Firma', 'company'],
    ['Unternehmen', 'company'],
    ['Webseite', 'domain'],
    ['LinkedIn-Profil', 'profile_url'],
    // French
    ['Courriel', 'email'],
    ['Adresse e-mail', 'email'],
    ['Téléphone', 'phone'],
    ['Numéro de téléphone', 'phone'],
    ['Prénom', 'first_name'],
    ['Nom', 'last_name'],
    ['Nom de famille', 'last_name'],
    ['Entreprise', 'company'],
    ['Société', 'company'],
    ['Site web', 'domain'],
    // Spanish
    ['Correo electrónico', 'email'],
    ['Teléfono', 'phone'],
    ['Teléfono móvil', 'phone'],
    ['Nombre', 'first_name'],
    ['Apellidos', 'last_name'],
    ['Empresa', 'company'],
    ['Nombre de la empresa', 'company'],
    ['Sitio web', 'domain'],
    ['Perfil de LinkedIn', 'profile_url'],
    // Italian, Dutch, Swedish, Polish (the page tables' vocabulary is the same)
    ['Cognome', 'last_name'],
    ['Voornaam', 'first_name'],
    ['Azienda', 'company'],
    ['Imię i nazwisko', 'full_name'],
    // A job title goes with the row (into the entry); a department does not
    ['Job Title', 'job_title'],
    ['Position', 'job_title'],
    ['Titel', 'job_title'],
    ['Poste', 'job_title'],
    ['Cargo', 'job_title'],
    ['Department', null],
    // The company in longer headers, in several languages; a header about a company that is not its name is not it
    ['Company / Account', 'company'],
    ['Account Name', 'company'],
    ['Firma', 'company'],
    ['Firma (aktuell)', 'company'],
    ['Empresa actual', 'company'],
    ['Société', 'company'],
    ['Nom de la société', 'company'],
    ['Current Company Name', 'company'],
    ['Account Owner', null],
    ['Company Size', null],
    ['Company Address', null],
    ['Account ID', null],
    ['Company Website', 'domain'],
    ['Company Phone', 'phone'],
    ['Notes', null],
    ['Lead Source', null],
    ['', null],
  ])('%j → %s', (header, kind) => {
    expect(kindOfHeader(header)).toBe(kind);
  });
});

describe('column kind from values when the header says nothing', () => {
  it.each<[string, string[], ColumnKind | null]>([
    ['emails', ['ana@acme.com', 'mo@beta.io', '', 'li@gamma.co.uk'], 'email'],
    ['profile URLs without scheme', ['linkedin.com/in/ana', 'https://www.linkedin.com/in/mo-chen/', 'www.linkedin.com/in/li'], 'profile_url'],
    ['phones', ['+44 20 7946 0958', '+1 (415) 555-0142', '+33 1 42 68 53 00'], 'phone'],
    ['domains', ['acme.com', 'beta.io', 'gamma.co.uk'], 'domain'],
    ['free text', ['met at conference', 'call back', 'n/a'], null],
    ['mostly empty', ['', '', ''], null],
    ['mixed, no majority', ['ana@acme.com', 'hello', 'world', 'foo'], null],
  ])('%s', (_why, values, kind) => {
    expect(kindOfValues(values)).toBe(kind);
  });
});

describe('detecting a whole file', () => {
  it('takes header matches first; a name kind goes to one column only, an identifier may have several', () => {
    const guesses = detectColumns(['Notes', 'Work Email', 'Personal Email', 'Vorname', 'First name', 'Col6'], [['x', 'a@b.example', 'c@d.example', 'Ana', 'Ana', 'acme.com']]);
    expect(guesses.map((g) => [g.kind, g.source])).toEqual([
      ['ignore', 'none'],
      ['email', 'header'],
      ['email', 'header'],
      ['first_name', 'header'],
      ['ignore', 'header'],
      ['domain', 'values'],
    ]);
  });

  it.each([
    [['Email', 'Name'], false],
    [['ana@acme.com', 'Ana'], true],
    [['https://www.linkedin.com/in/ana', 'Ana'], true],
    [['+44 20 7946 0958', 'Ana'], true],
  ])('first row %j is data: %s', (row, data) => {
    expect(firstRowIsData(row)).toBe(data);
  });
});
