import { useState } from 'react';
import { z } from 'zod';
import {
  Button,
  EmptyState,
  ErrorState,
  Icon,
  type IconName,
  IconButton,
  SearchField,
  SkeletonList,
  StatusChip,
  VerificationChip,
  timeAgo,
  timeUntil,
} from '@/components/ui';
import {
  CompanySchema,
  ContactSearchResultSchema,
  EmailVerificationResultSchema,
  EnrichedContactSchema,
  SimilarCompanyItemSchema,
  SimilarContactItemSchema,
} from '@/lib/api/schemas';
import { fullNameOf } from '@/lib/export';
import type { ContactLookup, ErrorData, HistoryEntry, Provenance } from '@/lib/messaging/protocol';
import { ExportActions } from './ExportActions';
import { request, toErrorData, useDebounced, useNow, useRequest } from './hooks';
import { useAccount } from './account';
import { lookupForContact } from './lookup';
import { useNavigation } from './navigation';
import { NoKeyState } from './NoKeyState';

const endpointWords: Record<string, { label: string; icon: IconName }> = {
  'contact/enrich': { label: 'Contact', icon: 'user' },
  'contact/similar': { label: 'Lookalike contacts', icon: 'users' },
  'contact/search': { label: 'Search', icon: 'search' },
  'company/enrich': { label: 'Company', icon: 'building' },
  'company/similar': { label: 'Lookalike companies', icon: 'sparkles' },
  'email/verify': { label: 'Verification', icon: 'shield' },
};

/**
 * History: past lookups kept in the local cache, newest first, searchable. Reopening one is free (it is read from
 * the cache, not the service); deleting one removes it from the cache, so the next lookup is live again.
 */
export function HistoryView({ active }: { active: boolean }) {
  const [query, setQuery] = useState('');
  const debounced = useDebounced(query, 250);
  const list = useRequest('history/list', active ? { query: debounced.trim() || undefined, limit: 200 } : null);
  const [removed, setRemoved] = useState<Set<string>>(new Set());
  const now = useNow();
  const { hasKey, state: accountState } = useAccount();

  if (!active && list.state.status === 'idle') return null;
  const entries = list.state.status === 'success' ? list.state.data.filter((e) => !removed.has(e.key)) : [];

  return (
    <div className="sp-view">
      {accountState.status === 'success' && !hasKey && <NoKeyState what="Looking people and companies up" />}
      <div className="sp-toolbar">
        <SearchField label="Search history" value={query} onChange={(e) => setQuery(e.target.value)} className="sp-grow" />
        <IconButton icon="refresh" label="Reload history" onClick={list.reload} />
      </div>
      {list.state.status === 'loading' && <SkeletonList rows={5} avatar={false} label="Loading history" />}
      {list.state.status === 'error' && <ErrorState error={list.state.error} onRetry={list.reload} />}
      {list.state.status === 'success' && entries.length === 0 && (
        <EmptyState icon="clock" title={debounced ? 'Nothing matches' : 'No lookups yet'}>
          {debounced ? (
            <p>No past lookup matches “{debounced}”.</p>
          ) : (
            <p>Every contact, company, lookalike list and verification you look up is kept here, and reopening it is free until it expires.</p>
          )}
        </EmptyState>
      )}
      {entries.length > 0 && (
        <div className="sp-toolbar">
          <ExportActions
            what="history"
            fileBase="lookup history"
            json={() => entries}
            table={() => ({
              columns: ['label', 'kind', 'found', 'fetchedAt', 'expiresAt'],
              labels: { label: 'Lookup', kind: 'Kind', found: 'Found', fetchedAt: 'Looked up', expiresAt: 'Cached until' },
              rows: entries.map((e) => ({
                label: e.label,
                kind: endpointWords[e.endpoint]?.label ?? e.endpoint,
                found: e.found ? 'yes' : 'no',
                fetchedAt: new Date(e.fetchedAt).toISOString(),
                expiresAt: new Date(e.expiresAt).toISOString(),
              })),
            })}
          />
        </div>
      )}
      {entries.length > 0 && (
        <ul className="sp-history" aria-label="Past lookups">
          {entries.map((entry) => (
            <HistoryRow key={entry.key} entry={entry} now={now} onDeleted={() => setRemoved((r) => new Set(r).add(entry.key))} />
          ))}
        </ul>
      )}
    </div>
  );
}

function HistoryRow({ entry, now, onDeleted }: { entry: HistoryEntry; now: number; onDeleted: () => void }) {
  const nav = useNavigation();
  const [busy, setBusy] = useState<'open' | 'delete' | null>(null);
  const [error, setError] = useState<ErrorData | null>(null);
  const [inline, setInline] = useState<InlineResult | null>(null);
  const [expired, setExpired] = useState(false);
  const words = endpointWords[entry.endpoint] ?? { label: entry.endpoint, icon: 'clock' as const };
  const provenance: Provenance = { source: 'cache', fetchedAt: entry.fetchedAt, creditsCharged: 0 };

  const open = async () => {
    setBusy('open');
    setError(null);
    try {
      const value = await request('history/open', { key: entry.key });
      if (value === null) {
        setExpired(true);
        return;
      }
      const shown = reopen(entry, unwrap(value), provenance, nav);
      if (shown === 'unreadable') setError({ kind: 'bad_response', message: 'This cached answer could not be read.' });
      else if (shown !== 'navigated') setInline(shown);
    } catch (cause) {
      setError(toErrorData(cause));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('delete');
    try {
      await request('history/delete', { key: entry.key });
      onDeleted();
    } catch (cause) {
      setError(toErrorData(cause));
      setBusy(null);
    }
  };

  return (
    <li className="sp-history__item" data-testid="history-row">
      <div className="sp-history__main">
        <span className="sp-history__icon" aria-hidden="true">
          <Icon name={words.icon} size={14} />
        </span>
        <div className="sp-history__text">
          <p className="sp-history__label" title={entry.label}>
            {entry.label}
          </p>
          <p className="sp-history__meta">
            {words.label} · {timeAgo(entry.fetchedAt, now)} · {expired ? 'expired' : `expires ${timeUntil(entry.expiresAt, now)}`}
          </p>
          {!entry.found && (
            <StatusChip tone="neutral" className="sp-history__chip">
              No match
            </StatusChip>
          )}
        </div>
        <div className="sp-history__actions">
          {entry.found && !expired && !inline && (
            <Button size="sm" loading={busy === 'open'} onClick={() => void open()} aria-label={`Reopen ${entry.label} · free`} detail="free">
              Open
            </Button>
          )}
          <IconButton icon="trash" size="sm" label={`Delete ${entry.label} from history`} disabled={busy !== null} onClick={() => void remove()} />
        </div>
      </div>
      {(inline || error) && (
        <div className="sp-history__extra">
          {inline && <InlineView result={inline} />}
          {error && <ErrorState error={error} compact />}
        </div>
      )}
    </li>
  );
}

/** Cached values are stored as the result itself; tolerate an envelope `{ result }` too. */
function unwrap(value: unknown): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value) && 'result' in value) return (value as { result: unknown }).result;
  return value;
}

type InlineResult =
  | { kind: 'verification'; verified: boolean; catch_all: boolean | null; at: number }
  | { kind: 'search'; people: Array<{ name: string; open: (() => void) | null }> };

function InlineView({ result }: { result: InlineResult }) {
  if (result.kind === 'verification') return <VerificationChip result={result} checkedAt={result.at} explain />;
  return (
    <ul className="sp-list sp-history__inline">
      {result.people.slice(0, 25).map((p, i) => (
        <li key={i} className="sp-list__item">
          {p.open ? (
            <button type="button" className="sp-linkbutton" onClick={p.open}>
              {p.name}
            </button>
          ) : (
            p.name
          )}
        </li>
      ))}
    </ul>
  );
}

/** The lookup a contact history key was made with (keys are `contact/enrich?email=…`). */
function lookupFromKey(key: string): ContactLookup | null {
  const q = key.indexOf('?');
  const params = new URLSearchParams(q === -1 ? '' : key.slice(q + 1));
  const pick = (k: string) => params.get(k) ?? undefined;
  const lookup: ContactLookup = {
    ...(pick('email') ? { email: pick('email') } : {}),
    ...(pick('phone') ? { phone: pick('phone') } : {}),
    ...(pick('social_profile') ? { social_profile: pick('social_profile') } : {}),
    ...(pick('first_name') ? { first_name: pick('first_name') } : {}),
    ...(pick('last_name') ? { last_name: pick('last_name') } : {}),
    ...(pick('company_name') ? { company_name: pick('company_name') } : {}),
    ...(pick('company_domain') ? { company_domain: pick('company_domain') } : {}),
  };
  return Object.keys(lookup).length > 0 ? lookup : null;
}

function paramOf(key: string, name: string): string | null {
  const q = key.indexOf('?');
  return new URLSearchParams(q === -1 ? '' : key.slice(q + 1)).get(name);
}

/** Shows a cached answer in its view (free). Returns what happened. */
function reopen(
  entry: HistoryEntry,
  value: unknown,
  provenance: Provenance,
  nav: ReturnType<typeof useNavigation>,
): 'navigated' | 'unreadable' | InlineResult {
  switch (entry.endpoint) {
    case 'contact/enrich': {
      const contact = EnrichedContactSchema.safeParse(value);
      if (!contact.success) return 'unreadable';
      const lookup = lookupFromKey(entry.key) ?? lookupForContact(contact.data);
      if (!lookup) return 'unreadable';
      nav.openContact({ lookup, label: fullNameOf(contact.data) || entry.label, contact: contact.data, provenance });
      return 'navigated';
    }
    case 'company/enrich': {
      const company = CompanySchema.safeParse(value);
      if (!company.success) return 'unreadable';
      const url = paramOf(entry.key, 'url') ?? company.data.website ?? entry.label;
      nav.openCompany({ url, label: company.data.overview?.name ?? entry.label, company: company.data, provenance });
      return 'navigated';
    }
    case 'company/similar': {
      const items = z.array(SimilarCompanyItemSchema).safeParse(value);
      if (!items.success) return 'unreadable';
      nav.openLookalikes({ kind: 'companies', url: paramOf(entry.key, 'url') ?? entry.label, label: entry.label, items: items.data, provenance });
      return 'navigated';
    }
    case 'contact/similar': {
      const items = z.array(SimilarContactItemSchema).safeParse(value);
      const lookup = lookupFromKey(entry.key);
      if (!items.success || !lookup) return 'unreadable';
      nav.openLookalikes({ kind: 'contacts', lookup, label: entry.label, items: items.data, provenance });
      return 'navigated';
    }
    case 'email/verify': {
      const result = EmailVerificationResultSchema.safeParse(value);
      if (!result.success) return 'unreadable';
      return { kind: 'verification', verified: result.data.verified, catch_all: result.data.catch_all, at: entry.fetchedAt };
    }
    case 'contact/search': {
      const result = ContactSearchResultSchema.safeParse(value);
      if (!result.success) return 'unreadable';
      return {
        kind: 'search',
        people: result.data.results.map((c) => {
          const lookup = lookupForContact(c);
          const name = fullNameOf(c) || 'Unnamed contact';
          return { name, open: lookup ? () => nav.openContact({ lookup, label: name, contact: c, provenance }) : null };
        }),
      };
    }
    default:
      return 'unreadable';
  }
}
