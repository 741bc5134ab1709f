// A person the page names without an identifier (a speaker, a board member) is looked up by name and the page's
// company: one single lookup, priced like the lookup box's "Jane Doe at acme.com" (the same contact/enrich action).
// Bulk enrichment takes only emails, phones and profiles, so these rows never enter a bulk job.
import { companyDomainOf } from '@/lib/detect/domains';
import type { PageNamedPerson } from '@/lib/detect/schema';
import { splitFullName } from '@/lib/export/names';
import { NAME_HONORIFICS } from '@/lib/identity/name';
import type { ContactLookup } from '@/lib/model/lookup';


/** The company a page's named people work at, as a lookup names it: the page's own domain, or null (a platform, a file). */
export function pageCompanyDomain(pageUrl: string): string | null {
  try {
    const { protocol, hostname } = new URL(pageUrl);
    return protocol === 'http:' || protocol === 'https:' ? companyDomainOf(hostname) : null;
  } catch {
    return null;
  }
}

/** The lookup for a named person at the page's company; null when the page names no company to look them up at. */
export function namedPersonLookup(person: PageNamedPerson, pageUrl: string): ContactLookup | null {
  const domain = pageCompanyDomain(pageUrl);
  if (domain === null) return null;
  const words = person.name.split(' ');
  let start = 0;
  while (start < words.length - 2 && NAME_HONORIFICS.has((words[start] as string).toLowerCase())) start++;
  const { first, last } = splitFullName(words.slice(start).join(' '));
  if (first === '' || last === '') return null;
  return { first_name: first, last_name: last, company_domain: domain };
}
