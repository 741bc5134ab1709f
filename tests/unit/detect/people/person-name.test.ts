import { describe, expect, it } from 'vitest';
import { lastNameIn, personName } from '../../../../lib/detect/people/names';

// Is a line of a record a person's displayed name? The grouper asks it of every line a card or a row shows
// (describe.ts), so a wrong "yes" names a person "Contact Us" and a wrong "no" lists them nameless. Names as real
// directories, speaker lists and staff tables write them; the rows with lower-case or non-letter starts guard the
// quick refusal that runs before the words are split.
describe('personName', () => {
  it.each<[string, string | null]>([
    // Names as pages show them.
    ['Jane Doe', 'Jane Doe'],
    ['JANE DOE', 'JANE DOE'],
    ['Chen Wei', 'Chen Wei'],
    ['Mary-Jane Watson', 'Mary-Jane Watson'],
    ["O'Brien Kelly", "O'Brien Kelly"],
    ['J. R. R. Tolkien', 'J. R. R. Tolkien'],
    ['Ludwig van Beethoven', 'Ludwig van Beethoven'],
    ['Émile Zola', 'Émile Zola'],
    ['Łukasz Nowak', 'Łukasz Nowak'],
    ['Zoë Saldaña', 'Zoë Saldaña'],
    // Honorifics lead a name in any case: the only lower-case start a name may have.
    ['Dr. Ana de la Cruz', 'Dr. Ana de la Cruz'],
    ['dr. Ana de la Cruz', 'dr. Ana de la Cruz'],
    ['prof. Jane Doe', 'prof. Jane Doe'],
    ['ms Jane Doe', 'ms Jane Doe'],
    ['sir Elton John', 'sir Elton John'],
    ['Mx. Sam Lee', 'Mx. Sam Lee'],
    // Page text is full of line breaks, non-breaking spaces and trailing separators.
    ['  Jane \n  Doe  ', 'Jane Doe'],
    ['Jane\u00a0Doe', 'Jane Doe'],
    ['Jane Doe –', 'Jane Doe'],
    ['Jane Doe,', 'Jane Doe'],
    // Lower-case text is no displayed name (an email's local part or a slug is only a hint).
    ['jane doe', null],
    ['émile zola', null],
    ['de la Cruz Ana', null],
    ['van Gogh', null],
    ['jane.doe@acme.com', null],
    // Anything else first: numbers, punctuation, bullets, quotes.
    ['+1 415 555 0100', null],
    ['(Jane Doe)', null],
    ['• Jane Doe', null],
    ['"Jane Doe"', null],
    ['2 Jane Doe', null],
    // Labels, titles and one-word lines.
    ['Jane', null],
    ['Contact Us', null],
    ['Meet the Team', null],
    ['Chief Executive Officer', null],
    ['Head of Sales', null],
    ['Phone: +1 415', null],
    ['Room 4.12', null],
    ['Ada Lovelace Byron King Noel Countess', null],
    // Addresses in a footer: a street is no one.
    ['Fleet Street London', null],
    ['Rue Oberkampf', null],
    ['Lindenstraße Berlin', null],
  ])('%j → %j', (text, name) => {
    expect(personName(text)).toBe(name);
  });

  it('takes a line the reader squashed as it is', () => {
    expect(personName('Jane Doe', true)).toBe('Jane Doe');
    expect(personName('jane doe', true)).toBeNull();
  });
});

// The name before an address or number in a run of text ("Contact Jane Doe (jane@…"): an address line's postcode
// gives no name of its letters ("London EC4Y 1AA" is not "London EC Y AA").
describe('lastNameIn', () => {
  it.each<[string, string | null]>([
    ['Contact Jane Doe (', 'Jane Doe'],
    ['Hale & Co LLP · 1 Fleet Street · London EC4Y 1AA · ', null],
    ['Mühlenweg 3 · 12345 Berlin · ', null],
    ['Pressekontakt: Nordex SE\nFelix Losada\nTel: ', 'Felix Losada'],
  ])('%j → %j', (text, name) => {
    expect(lastNameIn(text)).toBe(name);
  });
});
