/**
 * A stored record as the row people read: "Weston Hills · Marketing Manager, Jones LLC" for a person,
 * "Jones LLC · Software, jones.example" for a company. Never a lookup key.
 */
import { CompanySchema, EnrichedContactSchema, type Company, type EnrichedContact } from '../api/schemas';
import { fullNameOf } from '../export/contact-rows';
import type { BookEntry, BookRecord, BookSort } from './schema';
import { t } from '../i18n/t';
import { foldText } from '../model/text-query';

const clean = (v: string | null | undefined) => (typeof v === 'string' ? v.trim() : '');

function titleOf(contact: EnrichedContact): string {
  return clean(contact.employment?.job?.title) || clean(contact.occupation) || clean(contact.headline);
}

export function personLine(name: string, title: string, company: string): string {
  const role = [title, company].filter(Boolean).join(', ');
  return [name, role].filter(Boolean).join(' · ');
}

function companyDomain(company: Company): string {
  const site = clean(company.website) || clean(company.overview?.website);
  return site.replace(/^https?:\/\//i, '').replace(/^www\./i, '').replace(/\/.*$/, '');
}

/** The row for a record whose value parses; null when it does not (the caller quarantines it). */
export function entryOf(record: BookRecord): BookEntry | null {
  const base = { id: record.id, kind: record.kind, firstBoughtAt: record.firstBoughtAt, lastBoughtAt: record.lastBoughtAt, creditsSpent: record.creditsSpent };
  if (record.kind === 'person') {
    const parsed = EnrichedContactSchema.safeParse(record.value);
    if (!parsed.success) return null;
    const c = parsed.data;
    const handle = clean(c.current_work_email) || clean(c.personal_emails[0]) || clean(c.phone_numbers[0]?.E164) || '';
    const name = fullNameOf(c) || handle || t('sidepanel_unnamed_person');
    const title = titleOf(c);
    const company = clean(c.employment?.name);
    return { ...base, name, title, company, handle, line: personLine(name, title, company) };
  }
  const parsed = CompanySchema.safeParse(record.value);
  if (!parsed.success) return null;
  const domain = companyDomain(parsed.data);
  const name = clean(parsed.data.overview?.name) || domain || t('sidepanel_unnamed_company');
  const industry = clean(parsed.data.overview?.industry);
  return { ...base, name, title: industry, company: '', handle: domain, line: personLine(name, industry, domain) };
}

/** The text a search matches against (folded, `lib/model/text-query.ts`): name, title, company, handle. */
export function searchTextOf(entry: BookEntry): string {
  return foldText(`${entry.name}\n${entry.title}\n${entry.company}\n${entry.handle}`);
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
const sorters: Record<BookSort, (a: BookEntry, b: BookEntry) => number> = {
  'bought-desc': (a, b) => b.lastBoughtAt - a.lastBoughtAt,
  'bought-asc': (a, b) => a.firstBoughtAt - b.firstBoughtAt,
  name: (a, b) => collator.compare(a.name, b.name),
  company: (a, b) => collator.compare(a.company || a.name, b.company || b.name) || collator.compare(a.name, b.name),
  credits: (a, b) => b.creditsSpent - a.creditsSpent || b.lastBoughtAt - a.lastBoughtAt,
};

/** The book's order for `sort`: the book's pages and the panel's "every matching contact" sort alike. */
export function compareEntries(sort: BookSort): (a: BookEntry, b: BookEntry) => number {
  return sorters[sort];
}
