/** Opens a contact book record in its view, free (it was paid for): by id, never by parsing a cache key. */
import { CompanySchema, EnrichedContactSchema, type EnrichedContact } from '@/lib/api/schemas';
import type { BookSort } from '@/lib/contacts/schema';
import { fullNameOf } from '@/lib/export';
import type { BookRecordView } from '@/lib/messaging/protocol';
import { request } from '@/components/shared/hooks';
import { lookupForContact } from '@/components/shared/lookup';
import type { Navigation } from '../navigation';
import { t } from '@/lib/i18n/t';

export async function recordsById(ids: string[]): Promise<BookRecordView[]> {
  const out: BookRecordView[] = [];
  for (let i = 0; i < ids.length; i += 1000) out.push(...(await request('contacts/records', { ids: ids.slice(i, i + 1000) })).records);
  return out;
}

/**
 * The ids of every contact matching the contact book's search, in the view's order: what "Export", "Send" and "Add to
 * list" act on when nothing is selected. The view loads 500 rows, and the actions took those alone while the hint said
 * "2,000 contacts · actions apply to all 500". Asked in one request ('contacts/ids'), so a purchase made meanwhile (a
 * bulk job running) cannot shift pages (one contact skipped, another twice).
 */
export async function allMatchingIds(view: { query?: string; sort: BookSort }): Promise<string[]> {
  // One request, one read of the book: paging through 'contacts/list' read and parsed the whole book per page.
  return (await request('contacts/ids', { ...(view.query ? { query: view.query } : {}), sort: view.sort })).ids;
}

/** The people among records, for exports. */
export function peopleOf(records: readonly BookRecordView[]): Array<{ contact: EnrichedContact; boughtAt: number }> {
  return records.flatMap((r) => {
    if (r.kind !== 'person') return [];
    const parsed = EnrichedContactSchema.safeParse(r.value);
    return parsed.success ? [{ contact: parsed.data, boughtAt: r.lastBoughtAt }] : [];
  });
}

/**
 * A CSV for a CRM holds people only (lib/export's crmTable has no company columns): the people among `ids`, and how
 * many companies were left out, so the panel can say so instead of a file that is silently shorter than the list.
 */
export async function peopleForExport(ids: string[]): Promise<{ people: Array<{ contact: EnrichedContact; boughtAt: number }>; companiesLeftOut: number }> {
  const records = await recordsById(ids);
  return { people: peopleOf(records), companiesLeftOut: records.filter((r) => r.kind === 'company').length };
}

/** Which "Open" was clicked last: an earlier click whose record arrives later must not replace it. */
let latestOpen = 0;

/**
 * Shows the record; false when it is gone (deleted meanwhile) or does not read. Two quick clicks on two rows open
 * the second, whichever record the background sends back first.
 */
export async function openRecord(id: string, nav: Navigation): Promise<boolean> {
  const mine = ++latestOpen;
  const [record] = await recordsById([id]);
  if (mine !== latestOpen) return true;
  if (!record) return false;
  const provenance = { source: 'saved' as const, fetchedAt: record.lastBoughtAt, creditsCharged: 0 };
  if (record.kind === 'person') {
    const contact = EnrichedContactSchema.safeParse(record.value);
    const lookup = contact.success ? lookupForContact(contact.data) : null;
    if (!contact.success || !lookup) return false;
    nav.openContact({ lookup, label: fullNameOf(contact.data) || t('sidepanel_tab_contact'), contact: contact.data, provenance });
    return true;
  }
  const company = CompanySchema.safeParse(record.value);
  if (!company.success) return false;
  const url = company.data.website ?? company.data.overview?.website ?? '';
  if (!url) return false;
  nav.openCompany({ url, label: company.data.overview?.name ?? url, company: company.data, provenance });
  return true;
}
