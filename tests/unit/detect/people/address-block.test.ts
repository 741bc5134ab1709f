import { describe, expect, it } from 'vitest';
import { scanHtml } from '@/scripts/scan';

// The mailbox and main line a page's address block or footer lists are the organisation's: on a card that shows its
// own line besides, they are not that person's; a card whose one number the footer repeats presents it as theirs.
const card = (name: string, email: string, phone: string, extra = ''): string =>
  `<div class="card"><h3>${name}</h3><p>Partner</p><a href="mailto:${email}">${email}</a><br><a href="tel:${phone}">T ${phone}</a>${extra}</div>`;
const MAIN = '<br>Zentrale <a href="tel:+493088776600">+49 30 8877 660-0</a><br><a href="mailto:berlin@brandt-lehmann.de">berlin@brandt-lehmann.de</a>';
const FOOTER = `<footer><address>Brandt Lehmann, Friedrichstr. 1, Berlin · Telefon <a href="tel:+493088776600">+49 30 8877 660-0</a> · <a href="mailto:berlin@brandt-lehmann.de">berlin@brandt-lehmann.de</a></address></footer>`;
const people = (cards: string, footer: string) =>
  scanHtml(`<!doctype html><html lang="de"><head><title>Team | Brandt Lehmann</title></head><body><main><div class="grid">${cards}</div></main>${footer}</body></html>`, 'https://www.brandt-lehmann.de/team').people.map(
    (p) => [p.name, ...p.emails, ...p.phones].join(' '),
  );

describe("an organisation's own contact on one person's card", () => {
  const cards = card('Katharina Brandt', 'k.brandt@brandt-lehmann.de', '+4930887766011', MAIN) + card('Jonas Lehmann', 'j.lehmann@brandt-lehmann.de', '+4930887766012') + card('Selin Özdemir', 's.oezdemir@brandt-lehmann.de', '+4930887766014');

  it("the firm's mailbox and main line, listed in its address block, leave the lawyer's card", () => {
    expect(people(cards, FOOTER)).toEqual([
      'Katharina Brandt k.brandt@brandt-lehmann.de +4930887766011',
      'Jonas Lehmann j.lehmann@brandt-lehmann.de +4930887766012',
      'Selin Özdemir s.oezdemir@brandt-lehmann.de +4930887766014',
    ]);
  });

  it('without the address block the card keeps them (the control)', () => {
    expect(people(cards, '')[0]).toBe('Katharina Brandt k.brandt@brandt-lehmann.de berlin@brandt-lehmann.de +4930887766011 +493088776600');
  });

  it("a card's only number stays theirs though the footer repeats it", () => {
    const leader = '<div class="card"><h3>Sepp Windhaber</h3><p>Gruppenleiter</p><a href="tel:+436649373662">+43 664 9373662</a></div>';
    const other = '<div class="card"><h3>Verena Kiesling</h3><p>Leiterin</p><a href="tel:+436645363953">+43 664 5363953</a></div>';
    const footer = '<footer><ul><li><a href="mailto:pfadfinder@aon.at">pfadfinder@aon.at</a></li><li><a href="tel:+436649373662">+43 664 9373662</a></li></ul></footer>';
    expect(people(leader + other, footer)).toEqual(['Sepp Windhaber +436649373662', 'Verena Kiesling +436645363953']);
  });
});
