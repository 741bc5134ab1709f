// A person the page names without an identifier (a speaker, a board member) is looked up by name and company: the
// company their line on the page states ("VP Sales, Mills LLC", "CTO at Acme": a speaker works for their own company,
// not the conference's), else the page's own. One single lookup, priced like the lookup box's "Jane Doe at acme.com"
// (the same contact/enrich action).
// Bulk enrichment takes only emails, phones and profiles, so these rows never enter a bulk job.
import { companyDomainOf } from '@/lib/detect/domains';
import type { PageNamedPerson } from '@/lib/detect/schema';
import { splitFullName } from '@/lib/export/names';
import { NAME_HONORIFICS } from '@/lib/identity/name';
import type { ContactLookup } from '@/lib/model/lookup';
import { parseQuery } from '@/lib/selection/query';


/** The company a page's named people work at, as a lookup names it: the page's own domain, or null (a platform, a file). */
export function pageCompanyDomain(pageUrl: string): string | null {
  try {
    const { protocol, hostname } = new URL(pageUrl);
    return protocol === 'http:' || protocol === 'https:' ? companyDomainOf(hostname) : null;
  } catch {
    return null;
  }
}

/**
 * The person at the company their title line states, read by the lookup box's parser as "Name, title line" (so
 * "Head of Sales at Klocko, Nolan and Hackett" names the whole firm, and a title alone, "Founder", names none).
 */
function statedCompanyLookup(person: PageNamedPerson): ContactLookup | null {
  if (person.title === null) return null;
  const [meaning] = parseQuery(`${person.name}, ${person.title}`);
  if (meaning?.kind !== 'person' || (!meaning.company_name && !meaning.company_domain)) return null;
  const { kind: _kind, ...lookup } = meaning;
  return lookup;
}

/** The lookup for a named person at their company; null when neither their line nor the page names one. */
export function namedPersonLookup(person: PageNamedPerson, pageUrl: string): ContactLookup | null {
  const stated = statedCompanyLookup(person);
  if (stated !== null) return stated;
  const domain = pageCompanyDomain(pageUrl);
  if (domain === null) return null;
  const words = person.name.split(' ');
  let start = 0;
  while (start < words.length - 2 && NAME_HONORIFICS.has((words[start] as string).toLowerCase())) start++;
  const { first, last } = splitFullName(words.slice(start).join(' '));
  if (first === '' || last === '') return null;
  return { first_name: first, last_name: last, company_domain: domain };
}
