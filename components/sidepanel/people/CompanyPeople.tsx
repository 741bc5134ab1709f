/*
 * Domain search (docs/people.md): a company's people as person rows with the same one-price-per-person Enrich and a
 * bulk "Enrich selected". Two sources:
 * - the company answer's employees (free: they came with the answer). Employees without a profile link are looked
 *   up by name at the company, one by one (bulk takes only emails, phones and profiles);
 * - on enterprise keys, contact search (`POST /v1/prospector`) filtered by this company's domain, each page priced
 *   before the click by the plan its run makes ("up to 10 credits": one per person returned; "Cached … · free" for a
 *   page fetched before). Every person a page returns is paid for with the page, full record included: they are never
 *   offered for sale again. Their rows open that record, free ("Open · free"); a person the employees list already
 *   shows (the same profile or email, lib/identity) is not listed twice: their row above opens the paid record instead
 *   of "Enrich · 1 credit", and is no longer offered to a bulk job (which would charge again).
 *
 * The plan: the spec has no way to ask for it, so the panel learns it from the service's free refusal (403
 * `plan_required`) and remembers it for the key (sessionStorage); from then on the section only says that contact
 * search needs an Enterprise plan and sends nothing.
 */
import { type ReactNode, useMemo, useState } from 'react';
import { Button, costLabel, ErrorState, Icon, PaidButton, safeWebsiteUrl, Section } from '@/components/ui';
import type { CompanyEmployee, ContactSearchResult, EnrichedContact } from '@/lib/api/schemas';
import { timeAgo } from '@/lib/credits/words';
import { fullNameOf } from '@/lib/export';
import { normaliseEmail, normaliseProfileUrl } from '@/lib/identity';
import { t, tn } from '@/lib/i18n/t';
import type { BulkJob } from '@/lib/model/state';
import type { ContactLookup, Provenance } from '@/lib/model/lookup';
import { employeeAsPerson, nameLookup, personBulkEntry, personDisplayName } from '@/lib/people';
import { useAccount } from '../account';
import { BulkJobPanel, BulkSelectionBar } from '../BulkEnrichment';
import { openedFromSearch } from '../ContactSearchView';
import { invalidateEstimates, request, useAsyncAction, useEstimate } from '@/components/shared/hooks';
import { lookupForContact, personProfileUrl } from '@/components/shared/lookup';
import { useNavigation } from '../navigation';
import { PeopleTable, personKey } from './PeopleTable';
import { PersonEnrichButton, type PersonRowData } from './PersonRow';
import './people.css';

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

/** One page of contact search as it came back: the answer and what it cost (the ledger's figure, not the answer's). */
interface SearchPage {
  result: ContactSearchResult;
  page: number;
  provenance: Provenance;
}

/** A person a search page returned: paid for with the page, so opened free from here on. */
interface PaidPerson {
  row: PersonRowData;
  contact: EnrichedContact;
  /** The page's provenance: when it was fetched and what it cost. */
  page: Provenance;
}

export function CompanyPeople({ employees, companyName, website, canPay }: CompanyPeopleProps) {
  const safe = safeWebsiteUrl(website);
  const domain = safe ? new URL(safe).hostname.replace(/^www\./, '').toLowerCase() : null;
  const people = useMemo(
    () => employees.slice(0, MAX_PEOPLE).map((e, i) => employeeAsPerson(e, companyName, i, personProfileUrl)),
    [employees, companyName],
  );
  // Every page asked in this view, in order: what the user paid for stays openable after "Next page".
  const [pages, setPages] = useState<SearchPage[]>([]);
  const found = useMemo(() => paidPeople(pages, companyName), [pages, companyName]);
  // Who is who: an employee row and a search record are one person when a profile URL or an email is the same.
  const { above, beyond } = useMemo(() => matchPeople(people, found), [people, found]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [job, setJob] = useState<BulkJob | null>(null);
  // Started here from the selection bar (BulkJobPanel then takes focus and says so).
  const [startedHere, setStartedHere] = useState<string | null>(null);
  // Bulk takes only people not paid for yet: a person a search returned would be charged again.
  const chosen = people.filter((p) => selected.has(personKey(p)) && !above.has(personKey(p)));
  const entries = chosen.map(personBulkEntry).filter((e) => e !== null);
  const selection = { selected, onChange: setSelected };
  const open = (paid: PaidPerson) => <OpenPaidButton paid={paid} fallback={nameLookup(paid.row.name, { domain, name: companyName })} />;
  return (
    <div className="sp-company-people" data-testid="company-people">
      {people.length > 0 && (
        <PeopleTable
          title={t('people_section_people')}
          label={t('people_people_at', companyName)}
          people={people}
          selection={selection}
          selectable={(row) => !above.has(personKey(row))}
          action={(row) => {
            const paid = above.get(personKey(row));
            return paid ? open(paid) : <PersonEnrichButton person={row} fallback={nameLookup(row.name, { domain, name: companyName })} />;
          }}
        />
      )}
      <ProspectorPeople
        companyName={companyName}
        domain={domain}
        canPay={canPay}
        pages={pages}
        onPage={(page) => setPages((before) => [...before.filter((p) => p.page !== page.page), page])}
        beyond={beyond}
        listedAbove={found.length - beyond.length}
        open={open}
      />
      {job && <BulkJobPanel key={job.id} initialJob={job} started={job.id === startedHere} onDismiss={() => setJob(null)} />}
      <BulkSelectionBar
        entries={entries}
        disabled={!canPay}
        onClear={() => setSelected(new Set())}
        onStarted={(started) => {
          setJob(started);
          setStartedHere(started.id);
          setSelected(new Set());
        }}
      />
    </div>
  );
}

/**
 * "Open · free": the record a search page paid for, shown in the Contact view with no request (as the Search tab opens
 * its results). Its provenance is its own ("Cached … · free"), not the page's charge.
 */
function OpenPaidButton({ paid, fallback }: { paid: PaidPerson; fallback: ContactLookup | null }) {
  const nav = useNavigation();
  const name = personDisplayName(paid.row);
  const lookup = lookupForContact(paid.contact) ?? fallback;
  const when = timeAgo(paid.page.fetchedAt);
  if (!lookup) return <span className="sp-person__none">{t('people_nothing_to_look_up')}</span>;
  return (
    <Button
      size="sm"
      variant="secondary"
      detail={t('credits_free')}
      data-testid="prospector-open"
      title={t('people_prospector_paid_title', when)}
      aria-label={t('people_button_label', t('people_open'), name, t('people_prospector_paid_label', when))}
      onClick={() => nav.openContact({ lookup, label: name, contact: paid.contact, provenance: openedFromSearch(paid.page) })}
    >
      {t('people_open')}
    </Button>
  );
}

/** The identity keys of a person: normalised profile URLs and emails (lib/identity), never names. */
function identityKeys(person: Pick<PersonRowData, 'emails' | 'profiles'>): string[] {
  const profiles = person.profiles.map((u) => normaliseProfileUrl(u)?.url).filter((u): u is string => Boolean(u));
  const emails = person.emails.map((e) => normaliseEmail(e)).filter((e): e is string => e !== null);
  return [...profiles.map((u) => `profile:${u}`), ...emails.map((e) => `email:${e}`)];
}

/** Everyone the pages returned, once each (the same person on two pages is one), in page order. */
function paidPeople(pages: readonly SearchPage[], companyName: string): PaidPerson[] {
  const out: PaidPerson[] = [];
  const seen = new Set<string>();
  for (const { result, page, provenance } of [...pages].sort((a, b) => a.page - b.page)) {
    result.results.forEach((contact, i) => {
      const row = contactAsPerson(contact, companyName, page, i);
      const keys = identityKeys(row);
      if (keys.some((k) => seen.has(k))) return;
      for (const k of keys) seen.add(k);
      out.push({ row, contact, page: provenance });
    });
  }
  return out;
}

/** Which employee rows a search paid for (by row key), and the paid people the employees list does not show. */
function matchPeople(people: readonly PersonRowData[], found: readonly PaidPerson[]): { above: Map<string, PaidPerson>; beyond: PaidPerson[] } {
  const byKey = new Map<string, PaidPerson>();
  for (const paid of found) for (const k of identityKeys(paid.row)) byKey.set(k, paid);
  const above = new Map<string, PaidPerson>();
  const matched = new Set<PaidPerson>();
  for (const row of people) {
    const paid = identityKeys(row)
      .map((k) => byKey.get(k))
      .find((p) => p !== undefined);
    if (!paid) continue;
    above.set(personKey(row), paid);
    matched.add(paid);
  }
  return { above, beyond: found.filter((p) => !matched.has(p)) };
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

function ProspectorPeople({
  companyName,
  domain,
  canPay,
  pages,
  onPage,
  beyond,
  listedAbove,
  open,
}: {
  companyName: string;
  domain: string | null;
  canPay: boolean;
  /** The pages asked so far in this view. */
  pages: readonly SearchPage[];
  onPage: (page: SearchPage) => void;
  /** The people the pages returned that the employees list does not show. */
  beyond: readonly PaidPerson[];
  /** How many the pages returned that the employees list shows (their rows there open free). */
  listedAbove: number;
  open: (paid: PaidPerson) => ReactNode;
}) {
  const { state: account } = useAccount();
  const hint = account.status === 'success' ? (account.data.key.hint ?? '') : '';
  const [refusedNow, setRefused] = useState(false);
  // Read on every render: the account (and so the key's hint) may load after the section mounts.
  const refused = refusedNow || (hint !== '' && refusedHints().includes(hint));
  const last = pages.at(-1);
  const nextPage = last ? last.page + 1 : 1;
  // The page the button asks for, as it is sent: priced by the plan its run makes (cached: free).
  const input = domain ? { company_domain: [domain], page: nextPage, page_size: PROSPECTOR_PAGE_SIZE } : null;
  const { estimate } = useEstimate(input && !refused ? { action: 'contact/search', pageSize: PROSPECTOR_PAGE_SIZE, filters: input } : null);
  const search = useAsyncAction(async ({ filters, quotedCredits }: { filters: NonNullable<typeof input>; quotedCredits: number | undefined }): Promise<SearchPage> => {
    try {
      // Held to the price shown for this page (a dearer one is refused, nothing sent).
      const reply = await request('contact/search', { ...filters, ...(quotedCredits !== undefined ? { quotedCredits } : {}) });
      invalidateEstimates();
      const page = { result: reply.result, page: filters.page, provenance: reply.provenance };
      onPage(page);
      return page;
    } catch (cause) {
      if (cause && typeof cause === 'object' && 'error' in cause && (cause as { error: { kind: string } }).error.kind === 'plan_required') {
        rememberRefused(hint);
        setRefused(true);
      }
      throw cause;
    }
  });
  const { state, run } = search;
  const rows = useMemo(() => ({ list: beyond.map((p) => p.row), paid: new Map(beyond.map((p) => [p.row, p])) }), [beyond]);
  const title = t('people_prospector_title', companyName);
  const ask = () => input && void run({ filters: input, quotedCredits: estimate?.credits });

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
  const total = last ? (last.result.total_records_found ?? last.result.results.length) : 0;
  const returned = pages.reduce((n, p) => n + p.result.results.length, 0);
  // What the ledger booked for these pages (0 for a page answered from the cache), never the answer's own figure.
  const charged = pages.reduce((n, p) => n + p.provenance.creditsCharged, 0);
  const hasNext = last ? last.page * PROSPECTOR_PAGE_SIZE < total : false;
  const price = estimate ? costLabel(estimate, { upTo: true }) : t('people_estimating');
  return (
    <Section title={title} className="sp-prospector" collapsible>
      <div className="sp-prospector__body" data-testid="prospector">
        {!last && <p className="sp-hint">{t('people_prospector_intro', domain)}</p>}
        {state.status === 'error' && <ErrorState error={state.error} onRetry={ask} compact />}
        {last && (
          <p className="sp-hint ui-num" data-testid="prospector-summary">
            {tn('people_prospector_found', total)} · {t('people_prospector_charged', returned, total, tn('credits', charged))}
          </p>
        )}
        {last && returned === 0 && <p className="sp-hint">{t('people_prospector_none', domain)}</p>}
        {listedAbove > 0 && (
          <p className="sp-hint" data-testid="prospector-listed-above">
            <Icon name="info" size={12} /> {tn('people_prospector_listed_above', listedAbove)}
          </p>
        )}
        {beyond.length > 0 && (
          <PeopleTable
            // Inside this section's h3.
            headingLevel={4}
            title={t('people_section_people')}
            label={t('people_prospector_label', companyName)}
            people={rows.list}
            action={(row) => {
              const paid = rows.paid.get(row);
              return paid ? open(paid) : null;
            }}
          />
        )}
        {(!last || hasNext) && (
          <PaidButton
            size="sm"
            variant={last ? 'secondary' : 'primary'}
            icon="search"
            upTo
            estimate={estimate}
            disabled={!canPay}
            loading={state.status === 'loading'}
            onClick={ask}
            aria-label={t('people_prospector_find_label', companyName, price)}
          >
            {last ? t('people_prospector_more') : t('people_prospector_find')}
          </PaidButton>
        )}
      </div>
    </Section>
  );
}

/** A contact search result as a person row: its identifiers are what the answer names (normalised, lib/identity). */
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
