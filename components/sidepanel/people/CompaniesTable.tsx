import { Section, Table } from '@/components/ui';
import type { PageCompany } from '@/lib/detect/schema';
import { t } from '@/lib/i18n/t';
import { companyLookupUrl, filterCompanies, profileHandle } from '@/lib/people';
import { filteredCount, ListFilter, nothingMatches, useListFilter } from '../ListFilter';
import { useSaved } from '../contacts/use-saved';
import { useEstimate } from '../hooks';
import { useNavigation } from '../navigation';
import { EntityCell, RowEnrichButton } from './PersonRow';
import './people.css';

/** Name line and a line of chips beside the button (no subtitle): see people.css. */
const ROW_HEIGHT = 84;
const VISIBLE_ROWS = 6;

/** Companies the page shows as such: name, website and company page as chips, one priced Enrich each. */
export function CompaniesTable({ companies }: { companies: readonly PageCompany[] }) {
  // An exhibitor list of 500 companies, filtered to "robotics" or one country's domains.
  const list = useListFilter(companies, filterCompanies);
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
          rowHeight={ROW_HEIGHT}
          maxHeight={Math.min(list.shown.length, VISIBLE_ROWS) * ROW_HEIGHT}
          columns={[{ id: 'company', header: t('people_column_company'), cell: (row) => <CompanyCell company={row} /> }]}
        />
      )}
    </Section>
  );
}

function companyName(company: PageCompany): string {
  return company.name?.trim() || company.domains[0] || (company.companyPages[0] ? (profileHandle(company.companyPages[0]) ?? company.id) : company.id);
}

function CompanyCell({ company }: { company: PageCompany }) {
  const chips = [
    ...company.domains.map((d) => ({ icon: 'globe' as const, text: d, value: d })),
    ...company.companyPages.map((u) => ({ icon: 'building' as const, text: profileHandle(u) ?? u, value: u })),
  ];
  return <EntityCell name={companyName(company)} subtitle={null} chips={chips} action={<CompanyEnrichButton company={company} />} />;
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
