// What the toolbar badge counts: the things the side panel lists as rows — people, companies, and
// the identifiers that belong to neither (issue 13). A person's email domain is where that person
// works, not a separate find, so it is not counted again.
import type { EntityLists, PageCompany, PagePerson } from '../schema';

/** The flat lists, and whoever holds identifiers of them (only the identifiers matter here). */
export type Counted = EntityLists & {
  people: ReadonlyArray<Pick<PagePerson, 'emails' | 'phones' | 'profiles'>>;
  companies: ReadonlyArray<Pick<PageCompany, 'domains' | 'companyPages'>>;
};

/** The identifiers no person or company on the page holds, per list. */
export function looseEntities(entities: Counted): EntityLists {
  const held = new Set<string>();
  for (const p of entities.people) {
    for (const v of [...p.emails, ...p.phones, ...p.profiles]) held.add(v);
    // `@acme.com` for jane@acme.com and jane@eu.acme.com alike: the domain list holds registrable domains.
    for (const e of p.emails) {
      let host = e.slice(e.indexOf('@') + 1);
      for (let dot = 0; dot !== -1; dot = host.indexOf('.'), host = host.slice(dot + 1)) held.add(`@${host}`);
    }
  }
  for (const c of entities.companies) for (const v of [...c.domains, ...c.companyPages]) held.add(v);
  const free = (list: readonly string[]): string[] => list.filter((v) => !held.has(v));
  return {
    emails: free(entities.emails),
    phones: free(entities.phones),
    profiles: free(entities.profiles),
    companyProfiles: free(entities.companyProfiles),
    // A domain is held by a company that shows it, or by a person whose address is at it (or a subdomain of it).
    domains: entities.domains.filter((d) => !held.has(d) && !held.has(`@${d}`)),
  };
}

/** The number on the toolbar badge: people + companies + loose identifiers. */
export function badgeCount(entities: Counted): number {
  const loose = looseEntities(entities);
  return (
    entities.people.length +
    entities.companies.length +
    loose.emails.length +
    loose.phones.length +
    loose.profiles.length +
    loose.companyProfiles.length +
    loose.domains.length
  );
}
