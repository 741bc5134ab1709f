/*
 * Domain search (issue 13): a company's people as person rows with the same one-price-per-person Enrich and a
 * bulk "Enrich selected". Two sources:
 * - the company answer's employees (free: they came with the answer). Employees without a profile link are looked
 *   up by name at the company, one by one (bulk takes only emails, phones and profiles);
 * - on enterprise keys, contact search (`POST /v1/prospector`) filtered by this company's domain, priced before the
 *   click ("up to 10 credits": one per person returned). Its own table lists every person the page returned (the
 *   user paid for each), also those the employees list shows; a person selected in both is sent once.
 *
 * The plan: the spec has no way to ask for it, so the panel learns it from the service's free refusal (403
 * `plan_required`) and remembers it for the key (sessionStorage); from then on the section only says that contact
 * search needs an Enterprise plan and sends nothing.
 */
import { useMemo, useState } from 'react';
import { costLabel, ErrorState, Icon, PaidButton, safeWebsiteUrl, Section } from '@/components/ui';
import type { CompanyEmployee, ContactSearchResult, EnrichedContact } from '@/lib/api/schemas';
import { fullNameOf } from '@/lib/export';
import { t, tn } from '@/lib/i18n/t';
import type { BulkJob } from '@/lib/messaging/protocol';
import { employeeAsPerson, nameLookup, personBulkEntry } from '@/lib/people';
import { useAccount } from '../account';
import { BulkJobPanel, BulkSelectionBar } from '../BulkEnrichment';
import { invalidateEstimates, request, useAsyncAction, useEstimate } from '../hooks';
import { personProfileUrl } from '../lookup';
import { PeopleTable, personKey } from './PeopleTable';
import type { PersonRowData } from './PersonRow';

/** More than a company answer usually lists; bounded so a hostile answer cannot make a huge table. */
const MAX_PEOPLE = 1000;
/** One page of contact search: what one click may cost at most. */
export const PROSPECTOR_PAGE_SIZE = 10;

export interface CompanyPeopleProps {
  employees: readonly CompanyEmployee[];
  companyName: string;
  /** The company's website (`https://www.acme.com/`), whose domain name lookups use; null when unknown. */
  website: string | null;
  canPay: boolean;
}

export function CompanyPeople({ employees, companyName, website, canPay }: CompanyPeopleProps) {
  const safe = safeWebsiteUrl(website);
  const domain = safe ? new URL(safe).hostname.replace(/^www\./, '').toLowerCase() : null;
  const people = useMemo(
    () => employees.slice(0, MAX_PEOPLE).map((e, i) => employeeAsPerson(e, companyName, i, personProfileUrl)),
    [employees, companyName],
  );
  const [searched, setSearched] = useState<PersonRowData[]>([]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [job, setJob] = useState<BulkJob | null>(null);
  // One entry per selected person, even when both tables list them (the same key selects both rows).
  const chosen = new Map([...people, ...searched].filter((p) => selected.has(personKey(p))).map((p) => [personKey(p), p]));
  const entries = [...chosen.values()].map(personBulkEntry).filter((e) => e !== null);
  const selection = { selected, onChange: setSelected };
  return (
    <div className="sp-company-people" data-testid="company-people">
      {people.length > 0 && (
        <PeopleTable
          title={t('people_section_people')}
          label={t('people_people_at', companyName)}
          people={people}
          selection={selection}
          fallbackLookup={(p) => nameLookup(p.name, { domain, name: companyName })}
        />
      )}
      <ProspectorPeople companyName={companyName} domain={domain} canPay={canPay} shown={searched} onFound={setSearched} selection={selection} />
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

const REFUSED_KEY = 'ipe-prospector-plan-required';

/** Keys (by their hint) the service refused contact search for: remembered for the panel's session. */
function refusedHints(): string[] {
  try {
    const raw: unknown = JSON.parse(sessionStorage.getItem(REFUSED_KEY) ?? '[]');
    return Array.isArray(raw) ? raw.filter((h): h is string => typeof h === 'string') : [];
  } catch {
    return [];
  }
}

function rememberRefused(hint: string): void {
  try {
    sessionStorage.setItem(REFUSED_KEY, JSON.stringify([...new Set([...refusedHints(), hint])]));
  } catch {
    // Without sessionStorage the refusal is only known until the section unmounts.
  }
}

interface SearchPage {
  result: ContactSearchResult;
  page: number;
}

function ProspectorPeople({
  companyName,
  domain,
  canPay,
  shown,
  onFound,
  selection,
}: {
  companyName: string;
  domain: string | null;
  canPay: boolean;
  shown: readonly PersonRowData[];
  onFound: (people: PersonRowData[]) => void;
  selection: { selected: ReadonlySet<string>; onChange: (next: Set<string>) => void };
}) {
  const { state: account } = useAccount();
  const hint = account.status === 'success' ? (account.data.key.hint ?? '') : '';
  const [refusedNow, setRefused] = useState(false);
  // Read on every render: the account (and so the key's hint) may load after the section mounts.
  const refused = refusedNow || (hint !== '' && refusedHints().includes(hint));
  const { estimate } = useEstimate(domain && !refused ? { action: 'contact/search', pageSize: PROSPECTOR_PAGE_SIZE } : null);
  const search = useAsyncAction(async (page: number): Promise<SearchPage> => {
    try {
      // Held to the price shown for a page (a dearer one is refused, nothing sent).
      const reply = await request('contact/search', { company_domain: [domain ?? ''], page, page_size: PROSPECTOR_PAGE_SIZE, ...(estimate ? { quotedCredits: estimate.credits } : {}) });
      invalidateEstimates();
      onFound(reply.result.results.map((c, i) => contactAsPerson(c, companyName, page, i)));
      return { result: reply.result, page };
    } catch (cause) {
      if (cause && typeof cause === 'object' && 'error' in cause && (cause as { error: { kind: string } }).error.kind === 'plan_required') {
        rememberRefused(hint);
        setRefused(true);
      }
      throw cause;
    }
  });
  const { state, run } = search;
  const title = t('people_prospector_title', companyName);

  if (refused) {
    return (
      <Section title={title} className="sp-prospector" collapsible>
        <p className="sp-hint" data-testid="prospector-plan-required">
          <Icon name="info" size={12} /> {t('people_prospector_plan_required')}
        </p>
      </Section>
    );
  }
  if (!domain) {
    return (
      <Section title={title} className="sp-prospector" collapsible>
        <p className="sp-hint">{t('people_prospector_no_domain')}</p>
      </Section>
    );
  }
  const data = state.status === 'success' ? state.data : state.status === 'loading' ? state.previous : undefined;
  const total = data?.result.total_records_found ?? data?.result.results.length ?? 0;
  const returned = data?.result.results.length ?? 0;
  const hasNext = data ? data.page * PROSPECTOR_PAGE_SIZE < total : false;
  const price = estimate ? costLabel(estimate, { upTo: true }) : t('people_estimating');
  return (
    <Section title={title} className="sp-prospector" collapsible>
      <div className="sp-prospector__body" data-testid="prospector">
        {!data && <p className="sp-hint">{t('people_prospector_intro', domain)}</p>}
        {state.status === 'error' && <ErrorState error={state.error} onRetry={() => void run(1)} compact />}
        {data && (
          <p className="sp-hint ui-num" data-testid="prospector-summary">
            {tn('people_prospector_found', total)} ·{' '}
            {t('people_prospector_charged', returned, total, tn('credits', data.result.credits_deducted ?? returned))}
          </p>
        )}
        {data && returned === 0 && <p className="sp-hint">{t('people_prospector_none', domain)}</p>}
        {shown.length > 0 && (
          <PeopleTable title={t('people_section_people')} label={t('people_prospector_label', companyName)} people={shown} selection={selection} />
        )}
        {(!data || hasNext) && (
          <PaidButton
            size="sm"
            variant={data ? 'secondary' : 'primary'}
            icon="search"
            upTo
            estimate={estimate}
            disabled={!canPay}
            loading={state.status === 'loading'}
            onClick={() => void run(data ? data.page + 1 : 1)}
            aria-label={t('people_prospector_find_label', companyName, price)}
          >
            {data ? t('people_prospector_more') : t('people_prospector_find')}
          </PaidButton>
        )}
      </div>
    </Section>
  );
}

/** A contact search result as a person row: its identifiers are what the answer names. */
function contactAsPerson(contact: EnrichedContact, companyName: string, page: number, index: number): PersonRowData {
  const profiles = contact.social_profiles.map((p) => personProfileUrl(p.url)).filter((u): u is string => u !== null);
  const emails = [contact.current_work_email, ...contact.personal_emails].filter((e): e is string => Boolean(e));
  const phones = contact.phone_numbers.map((p) => p.E164).filter((p): p is string => Boolean(p));
  return {
    id: profiles[0] ?? emails[0] ?? `search:${page}:${index}`,
    name: fullNameOf(contact) || null,
    title: contact.employment?.job?.title ?? null,
    company: companyName,
    emails: [...new Set(emails)],
    phones: [...new Set(phones)],
    profiles: [...new Set(profiles)],
  };
}
