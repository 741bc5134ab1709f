import { describe, expect, it } from 'vitest';
import { nameParts, splitFullName } from '@/lib/export';

describe('splitFullName: first and last name for a CRM from the service\'s full_name', () => {
  it.each([
    // Audit r8: the service sent only full_name, and both name columns came out empty.
    ['two words', 'Grace Hopper', 'Grace', 'Hopper'],
    ['middle name stays with the first name', 'Ada King Lovelace', 'Ada King', 'Lovelace'],
    ['Dutch particle', 'Vincent van Gogh', 'Vincent', 'van Gogh'],
    ['German particle', 'Ludwig van Beethoven', 'Ludwig', 'van Beethoven'],
    ['two particles', 'Maria de la Cruz', 'Maria', 'de la Cruz'],
    ['particle after two given names', 'Juan Carlos de la Fuente', 'Juan Carlos', 'de la Fuente'],
    ['capitalised particle', 'Jean-Claude Van Damme', 'Jean-Claude', 'Van Damme'],
    ['a particle as the given name is a given name', 'Van Morrison', 'Van', 'Morrison'],
    ['a particle as the last word is the last name', 'Anna De', 'Anna', 'De'],
    ['generational suffix stays with the last name', 'Martin Luther King Jr.', 'Martin Luther', 'King Jr.'],
    ['suffix after a comma', 'Jane Doe, Jr.', 'Jane', 'Doe Jr.'],
    ['last name first, as address books write it', 'Hopper, Grace', 'Grace', 'Hopper'],
    // Salesforce refuses a contact without a Last Name: one word is a last name.
    ['a single word is the last name', 'Madonna', '', 'Madonna'],
    ['extra spaces', '  Grace   Hopper ', 'Grace', 'Hopper'],
    ['empty', '', '', ''],
  ])('%s: %j → %j + %j', (_why, full, first, last) => {
    expect(splitFullName(full)).toEqual({ first, last });
  });
});

describe('nameParts: the service\'s own names first', () => {
  it.each([
    ['both given: kept as they are', 'Weston', 'Hills', 'Weston Hills', 'Weston', 'Hills'],
    ['both given, full name differs: still kept', 'Bob', 'Smith', 'Robert Smith', 'Bob', 'Smith'],
    ['neither given: the full name split', '', '', 'Ludwig van Beethoven', 'Ludwig', 'van Beethoven'],
    ['only the first name: the rest of the full name', 'Grace', '', 'Grace Brewster Hopper', 'Grace', 'Brewster Hopper'],
    ['only the last name: the full name before it', '', 'de la Cruz', 'Maria de la Cruz', 'Maria', 'de la Cruz'],
    ['only the first name, the full name says nothing more', 'Grace', '', 'Grace', 'Grace', ''],
    ['nothing at all', '', '', '', '', ''],
  ])('%s', (_why, first, last, full, expectedFirst, expectedLast) => {
    expect(nameParts(first, last, full)).toEqual({ first: expectedFirst, last: expectedLast });
  });
});
