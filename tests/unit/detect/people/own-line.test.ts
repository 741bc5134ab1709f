import { describe, expect, it } from 'vitest';
import { isOwnLineLabel } from '@/lib/detect/people/phone-label';
import { scanHtml } from '@/scripts/scan';

// A number the page's footer or address block repeats is the organisation's, unless the card's label presents it as
// the person's own line ("Mobil", "Direct", "Durchwahl", "Tel. direct", "Handy", "Portable", "Móvil", "cell"): a small
// office's footer often repeats its owner's mobile, and that number is still the person's.

const page = (lang: string, url: string, card: string, footer: string, other = OTHER): string[] =>
  scanHtml(
    `<!doctype html><html lang="${lang}"><head><title>Team</title></head><body><main><div class="team">${card}${other}</div></main><footer><address>${footer}</address></footer></body></html>`,
    url,
  ).people.map((p) => [p.name, ...p.phones].join(' '));

// A second card, so the first is a repeated block (a record), as on a team page.
const OTHER = '<div class="member"><h3>Lena Vogt</h3><p>Assistenz</p><p>Tel. +49 89 2154 3310</p><p><a href="mailto:vogt@example.de">vogt@example.de</a></p></div>';
const member = (name: string, lines: string): string => `<div class="member"><h3>${name}</h3><p>Inhaber</p><p>${lines}</p></div>`;

describe("a card's own line the footer repeats", () => {
  it('German: "Mobil:" keeps the mobile, the switchboard both show goes', () => {
    const card = member('Bernd Siegfried', 'Tel.: 089 2154 330-0<br>Mobil: 0171 2345678');
    expect(page('de', 'https://www.siegfried-stein.de/team', card, 'Siegfried Stein GmbH · Tel.: 089 2154 330-0 · Mobil: 0171 2345678')[0]).toBe(
      'Bernd Siegfried +491712345678',
    );
  });

  it('German: a "Durchwahl" label of its own and a "Handy" link keep their numbers', () => {
    const card =
      '<div class="member"><h3>Karin Ertel</h3><p><span class="label">Zentrale</span> <span>089 2154 330-0</span><br><span class="label">Durchwahl</span> <span>089 2154 330-12</span><br>' +
      'Handy: <a href="tel:+491601234567">0160 1234567</a></p><p><a href="mailto:ertel@praxis-ertel.de">ertel@praxis-ertel.de</a></p></div>';
    const footer = 'Zentrale 089 2154 330-0 · Durchwahl Praxis 089 2154 330-12 · <a href="tel:+491601234567">0160 1234567</a>';
    expect(page('de', 'https://www.praxis-ertel.de/team', card, footer)[0]).toBe('Karin Ertel +491601234567 +4989215433012');
  });

  it('English: "Direct" and "M" keep their lines, "Main" goes', () => {
    const card =
      '<div class="member"><h3>Robert Hale</h3><p>Partner</p><p>Main: <a href="tel:+442079460000">+44 20 7946 0000</a></p>' +
      '<p>Direct: <a href="tel:+442079460455">+44 20 7946 0455</a></p><p><a href="tel:+447911123456">M +44 7911 123456</a></p><p><a href="mailto:rhale@haleandco.co.uk">rhale@haleandco.co.uk</a></p></div>';
    const footer = 'Hale &amp; Co LLP · 1 Fleet Street · London EC4Y 1AA · <a href="tel:+442079460000">+44 20 7946 0000</a> · <a href="tel:+442079460455">+44 20 7946 0455</a> · <a href="tel:+447911123456">+44 7911 123456</a>';
    expect(page('en-GB', 'https://www.haleandco.co.uk/people', card, footer)[0]).toBe('Robert Hale +442079460455 +447911123456');
  });

  it('English: a "cell" column in a staff table keeps its number', () => {
    const table =
      '<table><tr><th>Name</th><th>Phone</th><th></th><th>Email</th></tr>' +
      '<tr><td>Dana Whitfield</td><td>(415) 555-0100</td><td>cell (415) 555-0187</td><td><a href="mailto:dana@whitfield-realty.com">dana@whitfield-realty.com</a></td></tr>' +
      '<tr><td>Marco Ruiz</td><td>(415) 555-0111</td><td>cell (415) 555-0142</td><td><a href="mailto:marco@whitfield-realty.com">marco@whitfield-realty.com</a></td></tr></table>';
    const people = scanHtml(
      `<!doctype html><html lang="en-US"><head><title>Agents</title></head><body><main>${table}</main><footer><address>Whitfield Realty · (415) 555-0100 · (415) 555-0187</address></footer></body></html>`,
      'https://www.whitfield-realty.com/agents',
    ).people.map((p) => [p.name, ...p.phones].join(' '));
    expect(people).toEqual(['Dana Whitfield +14155550187', 'Marco Ruiz +14155550111 +14155550142']);
  });

  it('French: "Tél. direct" and "Portable" keep their lines, "Standard" goes', () => {
    const card =
      '<div class="member"><h3>Nadia Lessard</h3><p>Avocate associée</p><p>Standard : 01 42 68 53 00<br>Tél. direct : 01 42 68 53 17<br>Portable : 06 12 34 56 78</p></div>';
    const footer = 'Cabinet Lessard, 12 rue de Rivoli, 75001 Paris · Standard : 01 42 68 53 00 · 01 42 68 53 17 · 06 12 34 56 78';
    const other = '<div class="member"><h3>Marc Dupuis</h3><p>Juriste</p><p>Tél. : 01 42 68 53 20</p></div>';
    expect(page('fr-FR', 'https://www.cabinet-lessard.fr/equipe', card, footer, other)[0]).toBe('Nadia Lessard +33142685317 +33612345678');
  });

  it('Spanish: "Móvil" keeps the mobile, the office line goes', () => {
    const card = '<div class="member"><h3>Julián Ortega</h3><p>Director</p><p>Tel.: +34 915 123 456<br>Móvil: +34 612 345 678</p></div>';
    const other = '<div class="member"><h3>Lucía Serrano</h3><p>Asesora</p><p>Tel.: +34 915 123 457</p></div>';
    const footer = 'Ortega Asesores, Calle Mayor 1, 28013 Madrid · Tel.: +34 915 123 456 · +34 612 345 678';
    expect(page('es-ES', 'https://www.ortega-asesores.es/equipo', card, footer, other)[0]).toBe('Julián Ortega +34612345678');
  });

  it('without such a label the footer\'s numbers leave a card that shows its own line (the control)', () => {
    const card = member('Bernd Siegfried', 'Tel.: 089 2154 330-0<br>Tel. 2: 0171 2345678<br>Büro: 089 2154 330-15');
    expect(page('de', 'https://www.siegfried-stein.de/team', card, 'Tel.: 089 2154 330-0 · 0171 2345678')[0]).toBe('Bernd Siegfried +4989215433015');
  });
});

describe('labels that present a number as the person\'s own', () => {
  it.each([
    ['Mobil: ', true],
    ['Mobile ', true],
    ['M ', true],
    ['Direct: ', true],
    ['Direct line ', true],
    ['Direkt: ', true],
    ['Telefon direkt: ', true],
    ['Durchwahl ', true],
    ['Tel. direct : ', true],
    ['Handy: ', true],
    ['Portable : ', true],
    ['Móvil: ', true],
    ['cell ', true],
    ['Tel.: 089 1234560, mobil: ', true],
    ['Tel.: ', false],
    ['Telefon ', false],
    ['Zentrale: ', false],
    ['Main line: ', false],
    ['Standard : ', false],
    ['Mobil: 0171 2345678, Tel.: ', false],
    ['Büro ', false],
    ['', false],
  ])('%j → %s', (prefix, own) => {
    expect(isOwnLineLabel(prefix)).toBe(own);
  });
});
