import { describe, expect, it } from 'vitest';
import { isNotNameWord, startsPlaceName } from '@/lib/identity/name';
import { isRoleMailbox, personName } from '@/lib/detect/people/names';

// Texts real pages put where a card's name would be: an image's alt, a box's title, a department, an organisation
// (found on the real-page corpus: docs/people.md). None of them is a person; the names beside them stay names.
describe('what is not a name', () => {
  it.each([
    'Team Member Image',
    'Headshot Photo',
    'Editorial Tips',
    'Newsletter Abonnieren',
    'Über Uns',
    'Bootshütte Reservierung',
    'Zentrale Rechnungsanschrift',
    'Travanto Buchungshotline',
    'Falstaff Aboservice',
    'Malteser Hilfsdienst',
    'Deutsche Lebens-Rettungs-Gesellschaft',
    'HELIOS Klinikum',
    'Rechtliche Hinweise',
    'Auslandsbüros Nordmazedonien',
    'TRANSFORMATIONSLABOR ERNÄHRUNG',
    'Notre Équipe',
    'Nuestro Equipo',
    'Mashups API',
    'Facebook AI Research',
    'Nordex SE Felix Losada',
    'North Somerset',
    'GDG DevFest Ostrava',
    'ServerlessDays London',
  ])('%s', (text) => {
    expect(personName(text)).toBeNull();
  });

  it.each([
    ['Anika Schön', 'Anika Schön'],
    ['Bernhard Jung', 'Bernhard Jung'],
    ['Lisa Hartung', 'Lisa Hartung'],
    ['Rechtsanwalt Dennis Tölle', 'Rechtsanwalt Dennis Tölle'],
    ['Dre Nadia Lessard', 'Dre Nadia Lessard'],
    ['Kanye West', 'Kanye West'],
  ])('%s stays a name', (text, name) => {
    expect(personName(text)).toBe(name);
  });

  it('reads each part of a hyphenated word and common-noun endings, not short -ung surnames', () => {
    expect(isNotNameWord('lebens-rettungs-gesellschaft')).toBe(true);
    expect(isNotNameWord('verwaltung')).toBe(true);
    expect(isNotNameWord('jung')).toBe(false);
    expect(isNotNameWord('hartung')).toBe(false);
    expect(startsPlaceName('north')).toBe(true);
    expect(startsPlaceName('jane')).toBe(false);
  });
});

describe('role mailboxes in four languages', () => {
  it.each<[string, boolean]>([
    ['kontakt@firma.de', true],
    ['presse@dlrg.de', true],
    ['rathaus@stadt.ahlen.de', true],
    ['office.921015@schule.wien.gv.at', true],
    ['prensa@empresa.es', true],
    ['abo@falstaff.de', true],
    ['kanzlei@anwaltniemeyer.de', true],
    ['m.teige@enbw.com', false],
    ['officer.jones@acme.com', false],
    ['anika@markeich.de', false],
  ])('%s → %s', (email, role) => {
    expect(isRoleMailbox(email)).toBe(role);
  });
});
