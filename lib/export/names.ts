/**
 * First and last name for a CRM row. The service often sends only `full_name` (first_name and last_name null), and
 * Salesforce's import refuses a contact without a Last Name, so the CRM presets wrote rows that could not be
 * imported (audit r8: "Grace Hopper" came out with both name columns empty).
 *
 * The split is deliberately simple, because a wrong guess lands in the user's CRM: the last word is the last name,
 * together with the particles before it ("van Beethoven", "de la Cruz") and a generational suffix after it
 * ("King Jr."); "Hopper, Grace" is read as last name first. A single word is a last name: Salesforce requires one,
 * and it leaves First Name empty rather than guessing.
 */
import { SURNAME_PARTICLES } from '../identity/name';

export interface NameParts {
  first: string;
  last: string;
}

/** Words that start a family name when they stand between the given name and the last word (and "St. John"). */
const PARTICLES: ReadonlySet<string> = new Set([...SURNAME_PARTICLES, 'st.']);
/** Generational suffixes that belong with the last name ("Martin Luther King Jr." → "King Jr."). */
const SUFFIXES = new Set(['jr', 'jr.', 'sr', 'sr.', 'ii', 'iii', 'iv']);

const words = (text: string): string[] => text.split(/\s+/).filter((w) => w !== '');

/** Splits a full name into first and last name (see the file comment for the rules). */
export function splitFullName(fullName: string): NameParts {
  const comma = fullName.split(',').map((part) => part.trim());
  // "Hopper, Grace": last name first, as address books write it; "Jane Doe, Jr." is a suffix, not that order.
  if (comma.length === 2 && comma[0] && comma[1] && !SUFFIXES.has(comma[1].toLowerCase())) {
    return { first: words(comma[1]).join(' '), last: words(comma[0]).join(' ') };
  }
  const all = words(fullName.replace(/,/g, ' '));
  let end = all.length;
  while (end > 1 && SUFFIXES.has(all[end - 1]!.toLowerCase())) end--;
  if (end <= 1) return { first: '', last: all.join(' ') };
  // The family name starts at the first particle after the given name, else at the last word before any suffix.
  let start = end - 1;
  for (let i = 1; i < end - 1; i++) {
    if (PARTICLES.has(all[i]!.toLowerCase())) {
      start = i;
      break;
    }
  }
  return { first: all.slice(0, start).join(' '), last: all.slice(start).join(' ') };
}

/**
 * The names a CRM gets: the service's first and last name when it sends both; otherwise what the full name adds to
 * the one it sent ("Grace" + "Grace Hopper" → last "Hopper"); otherwise the full name split.
 */
export function nameParts(firstName: string, lastName: string, fullName: string): NameParts {
  const first = words(firstName).join(' ');
  const last = words(lastName).join(' ');
  const full = words(fullName).join(' ');
  if (first && last) return { first, last };
  if (first) return { first, last: full.toLowerCase().startsWith(`${first.toLowerCase()} `) ? full.slice(first.length + 1) : '' };
  if (last) return { first: full.toLowerCase().endsWith(` ${last.toLowerCase()}`) ? full.slice(0, -last.length - 1) : '', last };
  return splitFullName(full);
}
