/** Opens a contact book record in its view, free (it was paid for): by id, never by parsing a cache key. */
import { CompanySchema, EnrichedContactSchema, type EnrichedContact } from '@/lib/api/schemas';
import { fullNameOf } from '@/lib/export';
import type { BookRecordView } from '@/lib/messaging/protocol';
import { request } from '../hooks';
import { lookupForContact } from '../lookup';
import type { Navigation } from '../navigation';
import { t } from '@/lib/i18n/t';

export async function recordsById(ids: string[]): Promise<BookRecordView[]> {
  const out: BookRecordView[] = [];
  for (let i = 0; i < ids.length; i += 1000) out.push(...(await request('contacts/records', { ids: ids.slice(i, i + 1000) })).records);
  return out;
}

/** The people among records, for exports. */
export function peopleOf(records: readonly BookRecordView[]): Array<{ contact: EnrichedContact; boughtAt: number }> {
  return records.flatMap((r) => {
    if (r.kind !== 'person') return [];
    const parsed = EnrichedContactSchema.safeParse(r.value);
    return parsed.success ? [{ contact: parsed.data, boughtAt: r.lastBoughtAt }] : [];
  });
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
