import { Chip, costLabel, PaidButton, Section, Table } from '@/components/ui';
import type { PageCompany } from '@/lib/detect/schema';
import { companyLookupUrl, profileHandle } from '@/lib/people';
import { useAccount } from '../account';
import { useEstimate } from '../hooks';
import { useNavigation } from '../navigation';
import './people.css';

const ROW_HEIGHT = 60;
const VISIBLE_ROWS = 6;

/** Companies the page shows as such: name, website and company page as chips, one priced Enrich each. */
export function CompaniesTable({ companies }: { companies: readonly PageCompany[] }) {
  return (
    <Section title="Companies" meta={companies.length} className="sp-found__group sp-companies">
      <Table<PageCompany>
        label="Companies found on this page"
        rows={companies}
        rowKey={(c) => `company:${c.id}`}
        rowHeight={ROW_HEIGHT}
        maxHeight={Math.min(companies.length, VISIBLE_ROWS) * ROW_HEIGHT}
        columns={[
          { id: 'company', header: 'Company', cell: (row) => <CompanyCell company={row} /> },
          { id: 'action', header: 'Action', hideHeader: true, width: 'auto', align: 'end', cell: (row) => <CompanyEnrichButton company={row} /> },
        ]}
      />
    </Section>
  );
}

function companyName(company: PageCompany): string {
  return company.name?.trim() || company.domains[0] || (company.companyPages[0] ? (profileHandle(company.companyPages[0]) ?? company.id) : company.id);
}

function CompanyCell({ company }: { company: PageCompany }) {
  const name = companyName(company);
  const chips = [
    ...company.domains.map((d) => ({ icon: 'globe' as const, text: d, value: d })),
    ...company.companyPages.map((u) => ({ icon: 'building' as const, text: profileHandle(u) ?? u, value: u })),
  ];
  return (
    <span className="sp-person">
      <span className="sp-person__name" title={name}>
        {name}
      </span>
      {chips.length > 0 && (
        <span className="sp-person__ids" aria-label={`Identifiers of ${name}`}>
          {chips.slice(0, 3).map((chip) => (
            <Chip key={chip.value} icon={chip.icon} title={chip.value} className="sp-person__chip">
              {chip.text}
            </Chip>
          ))}
        </span>
      )}
    </span>
  );
}

function CompanyEnrichButton({ company }: { company: PageCompany }) {
  const nav = useNavigation();
  const { hasKey } = useAccount();
  const url = companyLookupUrl(company);
  const { estimate } = useEstimate(url ? { action: 'company/enrich', url } : null);
  if (!url) return <span className="sp-person__none">Nothing to look up</span>;
  const name = companyName(company);
  const cached = estimate?.cached ?? false;
  return (
    <PaidButton
      size="sm"
      variant={cached ? 'secondary' : 'primary'}
      estimate={estimate}
      disabled={!hasKey}
      onClick={() => nav.openCompany({ url, label: name, autorun: true })}
      aria-label={`${cached ? 'Open' : 'Enrich'} ${name} · ${estimate ? (estimate.blockedByBudget ? 'over budget' : costLabel(estimate)) : 'estimating cost'}`}
    >
      {cached ? 'Open' : 'Enrich'}
    </PaidButton>
  );
}
