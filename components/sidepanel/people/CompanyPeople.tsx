/*
 * Domain search (issue 13): a company's people, from the company answer's employees, as person rows with the same
 * one-price-per-person Enrich and a bulk "Enrich selected". Employees without a profile link are looked up by
 * name at the company, one by one (bulk takes only emails, phones and profiles).
 *
 * Not here yet: the enterprise prospector filtered by this company (the protocol's `contact/search` has no company
 * filter).
 */
import { useMemo, useState } from 'react';
import { safeWebsiteUrl } from '@/components/ui';
import type { CompanyEmployee } from '@/lib/api/schemas';
import type { BulkJob } from '@/lib/messaging/protocol';
import { employeeAsPerson, nameLookup, personBulkEntry } from '@/lib/people';
import { BulkJobPanel, BulkSelectionBar } from '../BulkEnrichment';
import { personProfileUrl } from '../lookup';
import { PeopleTable, personKey } from './PeopleTable';

/** More than a company answer usually lists; bounded so a hostile answer cannot make a huge table. */
const MAX_PEOPLE = 1000;

export interface CompanyPeopleProps {
  employees: readonly CompanyEmployee[];
  companyName: string;
  /** The company's website (`https://www.acme.com/`), whose domain name lookups use; null when unknown. */
  website: string | null;
  canPay: boolean;
}

export function CompanyPeople({ employees, companyName, website, canPay }: CompanyPeopleProps) {
  const safe = safeWebsiteUrl(website);
  const domain = safe ? new URL(safe).hostname.replace(/^www\./, '') : null;
  const people = useMemo(
    () => employees.slice(0, MAX_PEOPLE).map((e, i) => employeeAsPerson(e, companyName, i, personProfileUrl)),
    [employees, companyName],
  );
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [job, setJob] = useState<BulkJob | null>(null);
  const entries = people
    .filter((p) => selected.has(personKey(p)))
    .map(personBulkEntry)
    .filter((e) => e !== null);
  if (people.length === 0) return null;
  return (
    <div className="sp-company-people" data-testid="company-people">
      <PeopleTable
        title="People"
        label={`People at ${companyName}`}
        people={people}
        selection={{ selected, onChange: setSelected }}
        fallbackLookup={(p) => nameLookup(p.name, { domain, name: companyName })}
      />
      {job && <BulkJobPanel key={job.id} initialJob={job} onDismiss={() => setJob(null)} />}
      <BulkSelectionBar
        entries={entries}
        disabled={!canPay}
        onClear={() => setSelected(new Set())}
        onStarted={(started) => {
          setJob(started);
          setSelected(new Set());
        }}
      />
    </div>
  );
}
