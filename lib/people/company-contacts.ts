/*
 * A company's general contact: the identifiers on a page that no person holds and that are the company's own — a
 * shared mailbox (`info@`, `berlin@`) on its domain, the main line of the site the page belongs to. They are shown on
 * the company's row, never on a person's and never among the identifiers that belong to nobody. One decision, made
 * where the panel and the badge read the page (the content script stays small).
 */
import type { EntityLists, PageCompany } from '@/lib/detect/schema';
import { companyDomainOf } from '@/lib/detect/domains';
import { hostOfAbsoluteUrl } from '@/lib/detect/url';

export interface GeneralContact {
  emails: string[];
  phones: string[];
}

export interface CompanyContacts {
  /** By company id: only companies that have a general contact. */
  byCompany: ReadonlyMap<string, GeneralContact>;
  /** The loose identifiers, minus those now shown on a company's row. */
  loose: EntityLists;
}

type Company = Pick<PageCompany, 'id' | 'domains'>;
type Person = { emails: readonly string[] };

/**
 * Attach loose identifiers to companies: an email to the company whose website domain is the email's; a phone to the
 * company of the page's own site (a number no person's card holds on a firm's page is its switchboard) — the company
 * of the page's domain, else the one all people on the page have their email at (a team page's employer). A page
 * with neither keeps its numbers loose: there is nobody to give them to.
 */
export function companyContacts(
  companies: readonly Company[],
  loose: EntityLists,
  pageUrl: string,
  people: readonly Person[] = [],
): CompanyContacts {
  const byDomain = new Map<string, Company>();
  for (const c of companies) for (const d of c.domains) if (!byDomain.has(d)) byDomain.set(d, c);
  const pageHost = hostOfAbsoluteUrl(pageUrl);
  const pageDomain = pageHost === null ? null : companyDomainOf(pageHost);
  const pageCompany = (pageDomain === null ? undefined : byDomain.get(pageDomain)) ?? employerOf(people, byDomain);
  const byCompany = new Map<string, GeneralContact>();
  const contactOf = (c: Company): GeneralContact => {
    let contact = byCompany.get(c.id);
    if (contact === undefined) byCompany.set(c.id, (contact = { emails: [], phones: [] }));
    return contact;
  };
  const emails: string[] = [];
  for (const email of loose.emails) {
    const domain = emailCompanyDomain(email);
    const company = domain === null ? undefined : byDomain.get(domain);
    if (company === undefined) emails.push(email);
    else contactOf(company).emails.push(email);
  }
  const phones: string[] = [];
  for (const phone of loose.phones) {
    if (pageCompany === undefined) phones.push(phone);
    else contactOf(pageCompany).phones.push(phone);
  }
  return { byCompany, loose: { ...loose, emails, phones } };
}

/**
 * The one company every person on the page with an email at a company row has it at (a firm's team page); none when
 * people work at two or more (a directory of members: a number printed on several rows is some employer's, not
 * knowably which).
 */
function employerOf(people: readonly Person[], byDomain: ReadonlyMap<string, Company>): Company | undefined {
  let employer: Company | undefined;
  for (const p of people) {
    for (const email of p.emails) {
      const company = byDomain.get(emailCompanyDomain(email) ?? '');
      if (company === undefined) continue;
      if (employer !== undefined && employer !== company) return undefined;
      employer = company;
    }
  }
  return employer;
}

function emailCompanyDomain(email: string): string | null {
  return companyDomainOf(email.slice(email.lastIndexOf('@') + 1));
}
