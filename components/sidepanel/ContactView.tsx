import { useState } from 'react';
import {
  Button,
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
import type { ContactOptions, Provenance } from '@/lib/model/lookup';
import { useAccount } from './account';
import { ContactProfile } from './ContactProfile';
import { downloadText } from '@/components/shared/download';
import { paidRequest, useAsyncAction, useEstimate, useNow } from '@/components/shared/hooks';
import { contactOptions, enrichCost, lookupForContact } from '@/components/shared/lookup';
import { type ContactTarget, useNavigation } from './navigation';
import { NoKeyState } from './NoKeyState';
import { OpenSavedButton } from './contacts/OpenSavedButton';
import { useSaved } from './contacts/use-saved';
import { savedPersonQuery } from '@/lib/contacts';
import { ConfirmCard, TargetHeader, TargetView, useTargetOutcome } from './TargetView';
import { ProfileSkeleton } from './ProfileSkeleton';
import { AddContactToList } from './lists/AddToListButton';
import { t, uiLanguage } from '@/lib/i18n/t';

/** The Contact view: the open contact, or how to open one. */
export function ContactView() {
  const nav = useNavigation();
  return (
    <TargetView
      target={nav.contact}
      noKeyWhat={t('sidepanel_nokey_what_contact')}
      empty={
        <EmptyState
          icon="user"
          title={t('sidepanel_contact_none_title')}
          actions={
            <>
              <Button variant="primary" onClick={() => nav.show('page')}>
                {t('sidepanel_contact_go_page')}
              </Button>
              <Button onClick={() => nav.show('history')}>{t('sidepanel_contact_open_history')}</Button>
            </>
          }
        >
          <p>{t('sidepanel_contact_none_text')}</p>
        </EmptyState>
      }
      loader={(target) => <ContactLoader target={target} />}
    />
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
  /** The price the clicked button showed: the background refuses to charge more (`price_changed`). */
  quotedCredits?: number | undefined;
}

/** Runs (or shows) one contact lookup: cost first, then skeleton, then the profile, a no-match, or an error. */
function ContactLoader({ target }: { target: ContactTarget }) {
  const { settings, hasKey } = useAccount();
  const options = contactOptions(settings);
  const lookup = target.lookup;
  const { estimate: baseEstimate } = useEstimate(target.contact ? null : enrichCost(lookup, options));
  const [lastRun, setLastRun] = useState<RunOptions>({});
  const lookupAction = useAsyncAction(async (run: RunOptions): Promise<Outcome> => {
    setLastRun(run);
    const reply = await paidRequest(
      'contact/enrich',
      {
        lookup: run.lookup ?? lookup,
        options: { ...options, ...run.extra },
        ...(run.refresh ? { refresh: true } : {}),
        ...(target.alsoKnownAs ? { alsoKnownAs: target.alsoKnownAs } : {}),
      },
      run.quotedCredits,
    );
    return reply.found ? { found: true, contact: reply.result, provenance: reply.provenance } : reply;
  });
  const { state, run } = lookupAction;
  const { outcome, noKey } = useTargetOutcome({
    target,
    record: target.contact,
    action: lookupAction,
    show: (contact, provenance): Outcome => ({ found: true, contact, provenance }),
    start: (quotedCredits) => void run({ quotedCredits }),
    cached: baseEstimate?.cached ?? false,
  });
  // A click refused at a new price (`price_changed`) is offered again: the same run (a refresh, a waterfall) at the
  // price it has now, under the reason.
  const priceChanged = state.status === 'error' && state.error.kind === 'price_changed' ? state.error : null;
  const refusedRun = priceChanged ? lastRun : null;
  const refusedVariant = refusedRun !== null && (refusedRun.extra !== undefined || refusedRun.refresh === true) ? refusedRun : null;
  const { estimate: variantEstimate } = useEstimate(
    refusedVariant ? enrichCost(refusedVariant.lookup ?? lookup, { ...options, ...refusedVariant.extra }, refusedVariant.refresh) : null,
  );
  const estimate = refusedVariant ? variantEstimate : baseEstimate;
  // Bought before, past the cache's freshness (the book keeps it): opening that copy is offered, free, beside a
  // priced lookup (a waterfall or full-history default, which the book's plain copy does not answer). A plain lookup
  // the book answers is free itself (lib/engine/plan.ts): no second button for the same thing.
  const priced = baseEstimate != null && !baseEstimate.cached && baseEstimate.credits > 0;
  const saved = useSaved(!target.contact && priced ? savedPersonQuery([lookup], options, target.alsoKnownAs) : null);

  if (noKey) return <NoKeyState what={t('sidepanel_nokey_what_contact')} />;

  if (state.status === 'error' && !priceChanged) {
    return (
      <div className="sp-view">
        <TargetHeader eyebrow={t('sidepanel_tab_contact')} label={target.label} />
        <ErrorState error={state.error} onRetry={() => void run(lastRun)} retryCredits={lastRun.quotedCredits} />
      </div>
    );
  }

  if (!outcome) {
    if (state.status === 'loading') {
      return (
        <div className="sp-view">
          <ProfileSkeleton
            label={target.label}
            note={(lastRun.extra?.realtime ?? options.realtime) ? t('sidepanel_contact_live_note') : null}
            testId="contact-loading"
            onStopWaiting={lookupAction.reset}
          />
        </div>
      );
    }
    return (
      <ConfirmCard
        testId="contact-confirm"
        eyebrow={t('sidepanel_contact_confirm_eyebrow')}
        title={target.label}
        text={
          // Bought before and answered from the contact book: say that, not how a purchase is charged.
          estimate && !estimate.cached && estimate.credits === 0
            ? estimate.label
            : t(
                'sidepanel_contact_confirm_text',
                `${options.realtime ? t('sidepanel_contact_extra_realtime') : ''}${options.waterfall ? t('sidepanel_contact_extra_waterfall') : ''}`,
              )
        }
        estimate={estimate}
        priceChanged={priceChanged}
      >
        <PaidButton variant="primary" icon="zap" estimate={estimate} onClick={() => void run({ ...(refusedRun ?? {}), quotedCredits: estimate?.credits })}>
          {t('sidepanel_enrich')}
        </PaidButton>
        {saved && <OpenSavedButton saved={saved} />}
        {estimate?.blockedByBudget && (options.realtime || options.waterfall) && (
          <CheaperEnrich lookup={lookup} options={options} onRun={(extra, quotedCredits) => void run({ extra, quotedCredits })} />
        )}
      </ConfirmCard>
    );
  }

  if (!outcome.found) {
    return (
      <div className="sp-view">
        <TargetHeader eyebrow={t('sidepanel_tab_contact')} label={target.label} />
        <EmptyState
          icon="search"
          title={t('sidepanel_contact_no_match')}
          actions={<WaterfallButton lookup={lookup} options={options} onRun={(extra, quotedCredits) => void run({ extra, quotedCredits })} disabled={state.status === 'loading'} />}
        >
          <p>{outcome.errorText || t('sidepanel_contact_no_record')}</p>
          <p>{t('sidepanel_contact_no_charge')}</p>
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
                label={t('sidepanel_contact_refreshing')}
                value={0}
                max={1}
                indeterminate
                detail={lastRun.extra?.realtime ? t('sidepanel_contact_fetching_live') : t('sidepanel_contact_looking_up')}
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
            {/* contacts: save this person to a list. */}
            <AddContactToList contact={outcome.contact} />
          </>
        }
      />
    </div>
  );
}

export function ProvenanceChip({ provenance }: { provenance: Provenance }) {
  const now = useNow();
  return (
    <StatusChip tone={provenance.source === 'live' ? 'accent' : 'success'} title={new Date(provenance.fetchedAt).toLocaleString(uiLanguage())}>
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
  onRun: (extra: Partial<ContactOptions>, quotedCredits: number | undefined) => void;
  disabled?: boolean;
}) {
  const extra = { waterfall: true };
  const { estimate } = useEstimate(enrichCost(lookup, { ...options, ...extra }));
  return (
    <PaidButton icon="layers" estimate={estimate} disabled={disabled} onClick={() => onRun(extra, estimate?.credits)} title={t('sidepanel_contact_waterfall_hint')}>
      {t('sidepanel_contact_waterfall')}
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
  // Priced as what each button sends: "Refresh live" is a refresh (never answered by the cache).
  const realtime = useEstimate(enrichCost(lookup, { ...options, realtime: true }, true));
  const waterfall = useEstimate(enrichCost(lookup, { ...options, waterfall: true }));
  const history = useEstimate(options.includeAllExperiences ? null : enrichCost(lookup, { ...options, includeAllExperiences: true }));
  const name = fullNameOf(contact) || t('sidepanel_contact_file_fallback');
  return (
    <div className="sp-actions">
      <div className="ui-button-row">
        <Button size="sm" icon="users" onClick={() => nav.openLookalikes({ kind: 'contacts', lookup, label: name })}>
          {t('sidepanel_lookalikes')}
        </Button>
        <CopyButton value={() => contactText(contact)} label={t('sidepanel_copy')} showLabel variant="secondary" />
        <span className="sp-vcard">
          <Button
            size="sm"
            icon="download"
            onClick={() => downloadText(fileNameFor(name, 'vcf'), 'text/vcard', toVCard(contact, { version }))}
            aria-label={t('sidepanel_contact_vcard_export', version)}
          >
            {t('sidepanel_format_vcard')}
          </Button>
          <Select
            label={t('sidepanel_contact_vcard_version')}
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
          note={t('sidepanel_contact_note_15s')}
          disabled={busy || !canPay}
          title={t('sidepanel_contact_refresh_live_hint')}
          onClick={() => onRun({ refresh: true, lookup, extra: { realtime: true }, quotedCredits: realtime.estimate?.credits })}
        >
          {t('sidepanel_contact_refresh_live')}
        </PaidButton>
        <PaidButton
          size="sm"
          icon="layers"
          estimate={waterfall.estimate}
          disabled={busy || !canPay}
          title={t('sidepanel_contact_waterfall_cost_hint')}
          // A waterfall answer has its own cache entry: when the price says "cached · free", the click is free too.
          onClick={() => onRun({ lookup, extra: { waterfall: true }, quotedCredits: waterfall.estimate?.credits })}
        >
          {t('sidepanel_contact_waterfall')}
        </PaidButton>
        {!contact.experiences && !options.includeAllExperiences && (
          <PaidButton
            size="sm"
            icon="clock"
            estimate={history.estimate}
            disabled={busy || !canPay}
            title={t('sidepanel_contact_full_history_hint')}
            onClick={() => onRun({ lookup, extra: { includeAllExperiences: true }, quotedCredits: history.estimate?.credits })}
          >
            {t('sidepanel_contact_full_history')}
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
    [t('sidepanel_card_name'), row.full_name],
    [t('sidepanel_card_title'), row.job_title],
    [t('sidepanel_card_company'), row.company],
    [t('sidepanel_card_location'), row.location],
    [t('sidepanel_card_work_email'), row.work_email],
    [t('sidepanel_card_personal_emails'), row.personal_emails],
    [t('sidepanel_card_phones'), row.phones],
    [t('sidepanel_card_profile'), row.profile_url],
  ];
  return lines
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
}

/** The same lookup without the paid extras, offered when the full one is over budget (its own price in its label). */
function CheaperEnrich({ lookup, options, onRun }: { lookup: ContactLookupOf; options: ContactOptions; onRun: (extra: ContactOptions, quotedCredits: number | undefined) => void }) {
  const extra: ContactOptions = { realtime: false, waterfall: false };
  const { estimate } = useEstimate(enrichCost(lookup, { ...options, ...extra }));
  return (
    <PaidButton icon="zap" estimate={estimate} onClick={() => onRun(extra, estimate?.credits)} title={t('sidepanel_contact_cheaper_hint')}>
      {t('sidepanel_contact_cheaper')}
    </PaidButton>
  );
}

type ContactLookupOf = Parameters<typeof enrichCost>[0];
