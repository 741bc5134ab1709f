import { useEffect, useState } from 'react';
import {
  Button,
  Card,
  CopyButton,
  EmptyState,
  ErrorState,
  PaidButton,
  ProgressBar,
  Select,
  StatusChip,
  provenanceLabel,
} from '@/components/ui';
import type { EnrichedContact } from '@/lib/api/schemas';
import { fileNameFor, flattenContact, fullNameOf, toVCard, type VCardVersion } from '@/lib/export';
import type { ContactOptions, Provenance } from '@/lib/messaging/protocol';
import { useAccount } from './account';
import { ContactProfile } from './ContactProfile';
import { downloadText } from './download';
import { invalidateEstimates, request, useAsyncAction, useEstimate, useNow } from './hooks';
import { contactOptions, enrichCost, lookupForContact } from './lookup';
import { type ContactTarget, useNavigation } from './navigation';
import { ViewLookupBox } from './LookupBox';
import { NoKeyState } from './NoKeyState';
import { OverBudgetNote } from './OverBudgetNote';
import { ProfileSkeleton } from './ProfileSkeleton';
import { AddContactToList } from './lists/AddToListButton';

/** The Contact view: the open contact, or how to open one. */
export function ContactView() {
  const nav = useNavigation();
  const { hasKey, state: accountState } = useAccount();
  const target = nav.contact;
  if (!target && accountState.status === 'success' && !hasKey) return <NoKeyState what="Enriching a contact" />;
  if (!target) {
    return (
      <div className="sp-view">
        <ViewLookupBox />
        <EmptyState
          icon="user"
          title="No contact open"
          actions={
            <>
              <Button variant="primary" onClick={() => nav.show('page')}>
                Go to this page
              </Button>
              <Button onClick={() => nav.show('history')}>Open from history</Button>
            </>
          }
        >
          <p>Enrich a person from “This page”, a search result or your history, or right-click a name, email or profile link on any page.</p>
        </EmptyState>
      </div>
    );
  }
  return (
    <>
      <ViewLookupBox />
      <ContactLoader key={target.nonce} target={target} />
    </>
  );
}

type Outcome =
  | { found: true; contact: EnrichedContact; provenance: Provenance }
  | { found: false; errorText: string; provenance: Provenance };

interface RunOptions {
  /** Another key for the same person (a refresh by profile URL rather than the email first used). */
  lookup?: ContactTarget['lookup'];
  refresh?: boolean;
  extra?: Partial<ContactOptions>;
}

/** Runs (or shows) one contact lookup: cost first, then skeleton, then the profile, a no-match, or an error. */
function ContactLoader({ target }: { target: ContactTarget }) {
  const { settings, hasKey, state: accountState } = useAccount();
  const options = contactOptions(settings);
  const lookup = target.lookup;
  const { estimate } = useEstimate(target.contact ? null : enrichCost(lookup, options));
  const [lastRun, setLastRun] = useState<RunOptions>({});
  const lookupAction = useAsyncAction(async (run: RunOptions): Promise<Outcome> => {
    setLastRun(run);
    const reply = await request('contact/enrich', {
      lookup: run.lookup ?? lookup,
      options: { ...options, ...run.extra },
      ...(run.refresh ? { refresh: true } : {}),
      ...(target.alsoKnownAs ? { alsoKnownAs: target.alsoKnownAs } : {}),
    });
    invalidateEstimates();
    return reply.found ? { found: true, contact: reply.result, provenance: reply.provenance } : reply;
  });
  const { state, run, set } = lookupAction;

  useEffect(() => {
    if (target.contact) {
      set({ found: true, contact: target.contact, provenance: target.provenance ?? { source: 'cache', fetchedAt: Date.now(), creditsCharged: 0 } });
    }
  }, [target, set]);

  const cached = estimate?.cached ?? false;
  const settingsReady = accountState.status === 'success';
  useEffect(() => {
    if (target.contact || state.status !== 'idle' || !settingsReady || !hasKey) return;
    if (target.autorun || cached) void run({});
  }, [target, state.status, cached, run, settingsReady, hasKey]);

  if (!target.contact && settingsReady && !hasKey) return <NoKeyState what="Enriching a contact" />;

  const outcome = state.status === 'success' ? state.data : state.status === 'loading' ? state.previous : undefined;

  if (state.status === 'error') {
    return (
      <div className="sp-view">
        <TargetHeader label={target.label} />
        <ErrorState error={state.error} onRetry={() => void run(lastRun)} />
      </div>
    );
  }

  if (!outcome) {
    if (state.status === 'loading') {
      return (
        <div className="sp-view">
          <ProfileSkeleton
            label={target.label}
            note={(lastRun.extra?.realtime ?? options.realtime) ? 'live data takes about 15 s' : null}
            testId="contact-loading"
          />
        </div>
      );
    }
    return (
      <div className="sp-view">
        <Card className="sp-confirm" data-testid="contact-confirm">
          <p className="sp-eyebrow">Look up this contact</p>
          <h2 className="sp-confirm__title">{target.label}</h2>
          <p className="sp-confirm__text">
            The lookup is charged only when a match is found. Your default options apply
            {options.realtime ? ' (realtime +1 credit)' : ''}
            {options.waterfall ? ' (waterfall +1 credit)' : ''}.
          </p>
          <div className="ui-button-row">
            <PaidButton variant="primary" icon="zap" estimate={estimate} onClick={() => void run({})}>
              Enrich
            </PaidButton>
            {estimate?.blockedByBudget && (options.realtime || options.waterfall) && (
              <CheaperEnrich lookup={lookup} options={options} onRun={(extra) => void run({ extra })} />
            )}
          </div>
          <OverBudgetNote estimate={estimate} />
        </Card>
      </div>
    );
  }

  if (!outcome.found) {
    return (
      <div className="sp-view">
        <TargetHeader label={target.label} />
        <EmptyState
          icon="search"
          title="No match found"
          actions={<WaterfallButton lookup={lookup} options={options} onRun={(extra) => void run({ extra })} disabled={state.status === 'loading'} />}
        >
          <p>{outcome.errorText || 'The service has no record for this lookup.'}</p>
          <p>No credit was spent. A waterfall lookup asks additional sources.</p>
        </EmptyState>
      </div>
    );
  }

  const refreshing = state.status === 'loading';
  return (
    <div className="sp-view">
      <ContactProfile
        contact={outcome.contact}
        canPay={hasKey}
        status={
          <>
            <ProvenanceChip provenance={outcome.provenance} />
            {refreshing && (
              <ProgressBar
                label="Refreshing contact"
                value={0}
                max={1}
                indeterminate
                detail={lastRun.extra?.realtime ? 'Fetching live data · about 15 s' : 'Looking up…'}
              />
            )}
          </>
        }
        actions={
          <>
            <ContactActions
              contact={outcome.contact}
              fallbackLookup={lookup}
              options={options}
              busy={refreshing}
              canPay={hasKey}
              onRun={(run2) => void run(run2)}
            />
            {/* contacts (issue 14): save this person to a list. */}
            <AddContactToList contact={outcome.contact} />
          </>
        }
      />
    </div>
  );
}

function TargetHeader({ label }: { label: string }) {
  return (
    <div className="sp-target">
      <p className="sp-eyebrow">Contact</p>
      <h2 className="sp-target__label">{label}</h2>
    </div>
  );
}

export function ProvenanceChip({ provenance }: { provenance: Provenance }) {
  const now = useNow();
  return (
    <StatusChip tone={provenance.source === 'cache' ? 'success' : 'accent'} title={new Date(provenance.fetchedAt).toLocaleString()}>
      {provenanceLabel(provenance, now)}
    </StatusChip>
  );
}

function WaterfallButton({
  lookup,
  options,
  onRun,
  disabled,
}: {
  lookup: ContactTarget['lookup'];
  options: ContactOptions;
  onRun: (extra: Partial<ContactOptions>) => void;
  disabled?: boolean;
}) {
  const extra = { waterfall: true };
  const { estimate } = useEstimate(enrichCost(lookup, { ...options, ...extra }));
  return (
    <PaidButton icon="layers" estimate={estimate} disabled={disabled} onClick={() => onRun(extra)} title="Queries additional sources for more email and phone coverage">
      Waterfall
    </PaidButton>
  );
}

interface ContactActionsProps {
  contact: EnrichedContact;
  fallbackLookup: ContactTarget['lookup'];
  options: ContactOptions;
  busy: boolean;
  canPay: boolean;
  onRun: (run: RunOptions) => void;
}

/** Lookalikes, copy, vCard, and the two paid refreshes — each paid one with its price in its label. */
function ContactActions({ contact, fallbackLookup, options, busy, canPay, onRun }: ContactActionsProps) {
  const nav = useNavigation();
  const [version, setVersion] = useState<VCardVersion>('3.0');
  const lookup = lookupForContact(contact, fallbackLookup) ?? fallbackLookup;
  const realtime = useEstimate(enrichCost(lookup, { ...options, realtime: true }));
  const waterfall = useEstimate(enrichCost(lookup, { ...options, waterfall: true }));
  const history = useEstimate(options.includeAllExperiences ? null : enrichCost(lookup, { ...options, includeAllExperiences: true }));
  const name = fullNameOf(contact) || 'contact';
  return (
    <div className="sp-actions">
      <div className="ui-button-row">
        <Button size="sm" icon="users" onClick={() => nav.openLookalikes({ kind: 'contacts', lookup, label: name })}>
          Lookalikes
        </Button>
        <CopyButton value={() => contactText(contact)} label="Copy" showLabel variant="secondary" />
        <span className="sp-vcard">
          <Button
            size="sm"
            icon="download"
            onClick={() => downloadText(fileNameFor(name, 'vcf'), 'text/vcard', toVCard(contact, { version }))}
            aria-label={`Export vCard ${version}`}
          >
            vCard
          </Button>
          <Select
            label="vCard version"
            hideLabel
            inline
            value={version}
            onChange={(e) => setVersion(e.target.value === '4.0' ? '4.0' : '3.0')}
            options={[
              { value: '3.0', label: '3.0' },
              { value: '4.0', label: '4.0' },
            ]}
          />
        </span>
      </div>
      <div className="ui-button-row">
        <PaidButton
          size="sm"
          icon="refresh"
          estimate={realtime.estimate}
          note="~15 s"
          disabled={busy || !canPay}
          title="Fetch live data from the source (realtime, +1 credit, about 15 s)"
          onClick={() => onRun({ refresh: true, lookup, extra: { realtime: true } })}
        >
          Refresh live
        </PaidButton>
        <PaidButton
          size="sm"
          icon="layers"
          estimate={waterfall.estimate}
          disabled={busy || !canPay}
          title="Query additional sources for more email and phone coverage (+1 credit)"
          // A waterfall answer has its own cache entry: when the price says "cached · free", the click is free too.
          onClick={() => onRun({ lookup, extra: { waterfall: true } })}
        >
          Waterfall
        </PaidButton>
        {!contact.experiences && !options.includeAllExperiences && (
          <PaidButton
            size="sm"
            icon="clock"
            estimate={history.estimate}
            disabled={busy || !canPay}
            title="Look up again with the complete employment history"
            onClick={() => onRun({ lookup, extra: { includeAllExperiences: true } })}
          >
            Full history
          </PaidButton>
        )}
      </div>
    </div>
  );
}

/** A plain-text card for the clipboard. */
function contactText(contact: EnrichedContact): string {
  const row = flattenContact(contact);
  const lines: Array<[string, string]> = [
    ['Name', row.full_name],
    ['Title', row.job_title],
    ['Company', row.company],
    ['Location', row.location],
    ['Work email', row.work_email],
    ['Personal emails', row.personal_emails],
    ['Phones', row.phones],
    ['Profile', row.profile_url],
  ];
  return lines
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
}

/** The same lookup without the paid extras, offered when the full one is over budget (its own price in its label). */
function CheaperEnrich({ lookup, options, onRun }: { lookup: ContactLookupOf; options: ContactOptions; onRun: (extra: ContactOptions) => void }) {
  const extra: ContactOptions = { realtime: false, waterfall: false };
  const { estimate } = useEstimate(enrichCost(lookup, { ...options, ...extra }));
  return (
    <PaidButton icon="zap" estimate={estimate} onClick={() => onRun(extra)} title="The same lookup without realtime and waterfall">
      Enrich without extras
    </PaidButton>
  );
}

type ContactLookupOf = Parameters<typeof enrichCost>[0];
