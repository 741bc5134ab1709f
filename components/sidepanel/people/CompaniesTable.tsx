import { Fragment } from 'react';
import { Section, Table } from '@/components/ui';
import type { PageCompany } from '@/lib/detect/schema';
import { t } from '@/lib/i18n/t';
import type { ContactLookup } from '@/lib/model/lookup';
import { companyLookupUrl, filterCompanies, type GeneralContact, profileHandle } from '@/lib/people';
import { filteredCount, ListFilter, nothingMatches, useListFilter } from '../ListFilter';
import { useSaved } from '../contacts/use-saved';
import { useEstimate } from '@/components/shared/hooks';
import { useNavigation } from '../navigation';
import { PERSON_ROW_HEIGHT } from './PeopleTable';
import { EntityCell, RowEnrichButton } from './PersonRow';
import './people.css';

/** Name line and a line of chips beside the button (no subtitle): see people.css. */
const ROW_HEIGHT = 84;
/** The same with a general contact under the name: a person's row with a subtitle, and room for it to wrap once. */
const CONTACT_ROW_HEIGHT = PERSON_ROW_HEIGHT + 20;
const VISIBLE_ROWS = 6;

/** Companies the page shows as such: name, website and company page as chips, one priced Enrich each. */
export function CompaniesTable({ companies, contacts }: { companies: readonly PageCompany[]; contacts?: ReadonlyMap<string, GeneralContact> | undefined }) {
  // An exhibitor list of 500 companies, filtered to "robotics" or one country's domains.
  const list = useListFilter(companies, filterCompanies);
  // One height for every row (the table is virtual): taller when any company has a general contact.
  const rowHeight = contacts !== undefined && contacts.size > 0 ? CONTACT_ROW_HEIGHT : ROW_HEIGHT;
  return (
    <Section title={t('people_section_companies')} meta={filteredCount(list)} className="sp-found__group sp-companies">
      <ListFilter list={list} label={t('people_filter_companies_label')} longerThan={VISIBLE_ROWS} of="things" />
      {!nothingMatches(list) && (
        <Table<PageCompany>
          // A new filter is a new list: its scroll starts at the top.
          key={list.applied}
          label={t('people_companies_label')}
          rows={list.shown}
          rowKey={(c) => `company:${c.id}`}
          rowHeight={rowHeight}
          maxHeight={Math.min(list.shown.length, VISIBLE_ROWS) * rowHeight}
          columns={[{ id: 'company', header: t('people_column_company'), cell: (row) => <CompanyCell company={row} contact={contacts?.get(row.id)} /> }]}
        />
      )}
    </Section>
  );
}

function companyName(company: PageCompany): string {
  return company.name?.trim() || company.domains[0] || (company.companyPages[0] ? (profileHandle(company.companyPages[0]) ?? company.id) : company.id);
}

/**
 * "General contact: berlin@firm.de · +49 30 8877 660-0": the company's shared mailbox and main line, which no person
 * holds. Each opens the contact view with it filled in, priced there before anything is paid (as its loose row's
 * Enrich did), so a role mailbox is never offered as somebody.
 */
function GeneralContactLine({ contact, company }: { contact: GeneralContact | undefined; company: string }) {
  const nav = useNavigation();
  if (contact === undefined) return null;
  const ids: Array<{ value: string; lookup: ContactLookup }> = [
    ...contact.emails.map((email) => ({ value: email, lookup: { email } })),
    ...contact.phones.map((phone) => ({ value: phone, lookup: { phone } })),
  ];
  if (ids.length === 0) return null;
  return (
    <span className="sp-person__sub sp-company__contact" role="group" aria-label={t('people_company_general_contact_of', company)}>
      {t('people_company_general_contact')}{' '}
      {ids.map((id, i) => (
        <Fragment key={id.value}>
          {i > 0 && ' · '}
          <button type="button" className="sp-company__contact-id" title={t('people_company_general_contact_open', id.value)} translate="no" onClick={() => nav.openContact({ lookup: id.lookup, label: id.value })}>
            {id.value}
          </button>
        </Fragment>
      ))}
    </span>
  );
}

function CompanyCell({ company, contact }: { company: PageCompany; contact: GeneralContact | undefined }) {
  const chips = [
    ...company.domains.map((d) => ({ icon: 'globe' as const, text: d, value: d })),
    ...company.companyPages.map((u) => ({ icon: 'building' as const, text: profileHandle(u) ?? u, value: u })),
  ];
  const name = companyName(company);
  return (
    <EntityCell
      name={name}
      subtitle={null}
      note={<GeneralContactLine contact={contact} company={name} />}
      chips={chips}
      action={<CompanyEnrichButton company={company} />}
    />
  );
}

function CompanyEnrichButton({ company }: { company: PageCompany }) {
  const nav = useNavigation();
  const url = companyLookupUrl(company);
  const { estimate } = useEstimate(url ? { action: 'company/enrich', url } : null);
  const name = companyName(company);
  // The book may hold it (bought past the service's 30-day free-repeat window): opened from there, free.
  const saved = useSaved(url && estimate && !estimate.cached ? { kind: 'company', urls: [url] } : null);
  return (
    <RowEnrichButton
      name={name}
      estimate={estimate}
      saved={saved}
      open={url ? () => nav.openCompany({ url, label: name, autorun: true, quotedCredits: estimate?.credits }) : null}
    />
  );
}
