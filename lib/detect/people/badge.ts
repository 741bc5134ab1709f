// What the toolbar badge counts: the things the side panel lists as rows — people, companies, and
// the identifiers that belong to neither (docs/people.md). A person's identifiers count once, as the person;
// a company domain counts once, as a company row (the employer of the people on a team page included).
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
  }
  for (const c of entities.companies) for (const v of [...c.domains, ...c.companyPages]) held.add(v);
  const free = (list: readonly string[]): string[] => list.filter((v) => !held.has(v));
  return {
    emails: free(entities.emails),
    phones: free(entities.phones),
    profiles: free(entities.profiles),
    companyProfiles: free(entities.companyProfiles),
    // A domain is held only by a company row that shows it. The employer of the people on a team page stays a
    // row of its own: it is the company the user most likely wants next (and the panel's Company view opens it).
    domains: free(entities.domains),
  };
}

/**
 * What the page shows, as the panel's summary words it ("17 people · 1 company · 1 other"): people rows, company rows
 * (a company the page shows, or a loose company website or page), and the other identifiers that belong to nobody.
 * The badge's number is their sum, so the two never disagree.
 */
export interface FoundBreakdown {
  people: number;
  companies: number;
  other: number;
}

export function foundBreakdown(entities: Counted): FoundBreakdown {
  const loose = looseEntities(entities);
  return {
    people: entities.people.length,
    companies: entities.companies.length + loose.domains.length + loose.companyProfiles.length,
    other: loose.emails.length + loose.phones.length + loose.profiles.length,
  };
}

/** The number on the toolbar badge: people + companies + loose identifiers. */
export function badgeCount(entities: Counted): number {
  const found = foundBreakdown(entities);
  return found.people + found.companies + found.other;
}
