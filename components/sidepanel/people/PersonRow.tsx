/*
 * One person as a row: name, title and company, their identifiers as small chips, and one Enrich with its price
 * (docs/people.md). Shared by "This page" (people found on the page) and a company's people (domain search).
 *
 * Layout (people.css): the name and the title each own a full line, so a narrow (320 px) panel never squeezes the
 * name to make room for the button; the chips wrap below, and the priced button sits at the end of the chip line.
 */
import { type ReactNode, type RefObject, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Button, Chip, costLabel, type IconName, isCachedMiss, PaidButton } from '@/components/ui';
import { timeAgo } from '@/lib/credits/words';
import type { PagePerson } from '@/lib/detect/schema';
import { t } from '@/lib/i18n/t';
import type { ContactLookup } from '@/lib/model/lookup';
import type { CostEstimate } from '@/lib/model/lookup';
import { personDisplayName, personLookup, personSubtitle, profileHandle } from '@/lib/people';
import { useAccount } from '../account';
import { type Saved, useSaved } from '../contacts/use-saved';
import { savedPersonQuery } from '@/lib/contacts';
import { useEstimate } from '@/components/shared/hooks';
import { contactOptions, enrichCost } from '@/components/shared/lookup';
import { useNavigation } from '../navigation';

/** A person as a row needs only these (a page's person, or an employee from a company answer). */
export type PersonRowData = Pick<PagePerson, 'id' | 'name' | 'title' | 'company' | 'emails' | 'phones' | 'profiles'>;

/**
 * The most chips a row tries to show; the chips that fit on its two chip lines are shown and the rest are counted in
 * a "+N" chip (useChipsThatFit). Bounds the measuring for a person with many addresses.
 */
const MAX_CHIPS = 6;

/**
 * How many of `count` chips fit in `ids`'s box (two lines, people.css) with the "+N" chip after them. The row is a
 * fixed height for windowing (PERSON_ROW_HEIGHT), so a chip that wraps onto a third line was cut off by the row's
 * edge without a word (issue: at 320–400 px each chip takes a whole line, and a third one vanished). Measured after
 * layout and again when the width changes; each pass takes one chip off until everything shown ends inside the box.
 */
function useChipsThatFit(ids: RefObject<HTMLElement | null>, count: number): number {
  const [width, setWidth] = useState(-1);
  // What `shown` was measured for: a new width or another number of chips measures again from all of them.
  const [fit, setFit] = useState({ width, count, shown: count });
  const current = useMemo(() => (fit.width === width && fit.count === count ? fit : { width, count, shown: count }), [fit, width, count]);
  useLayoutEffect(() => {
    const box = ids.current;
    if (!box || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry?.contentRect.width ?? 0)));
    observer.observe(box);
    return () => observer.disconnect();
  }, [ids]);
  useLayoutEffect(() => {
    const box = ids.current;
    if (!box) return;
    const bottom = box.getBoundingClientRect().bottom;
    const overflows = current.shown > 0 && [...box.children].some((chip) => chip.getBoundingClientRect().bottom > bottom + 0.5);
    if (overflows) setFit({ ...current, shown: current.shown - 1 });
    else if (current !== fit) setFit(current);
  }, [ids, current, fit]);
  return current.shown;
}

export interface IdentifierChip {
  icon: IconName;
  text: string;
  value: string;
}

/** Name line, optional subtitle line, then the chips (wrapping) with `action` at the end of their line. */
export function EntityCell({
  name,
  subtitle,
  chips,
  action,
  note,
}: {
  name: string;
  subtitle: string | null;
  chips: readonly IdentifierChip[];
  action: ReactNode;
  /** A line under the name in place of a subtitle (a company's general contact). */
  note?: ReactNode;
}) {
  const ids = useRef<HTMLSpanElement>(null);
  const shown = useChipsThatFit(ids, Math.min(chips.length, MAX_CHIPS));
  const hidden = chips.slice(shown);
  const hiddenWords = t('people_more_identifiers_title', hidden.length, hidden.map((c) => c.value).join(', '));
  return (
    <span className="sp-person">
      <span className="sp-person__name" title={name} translate="no">
        {name}
      </span>
      {subtitle && (
        <span className="sp-person__sub" title={subtitle} translate="no">
          {subtitle}
        </span>
      )}
      {note}
      <span className="sp-person__foot">
        <span className={`sp-person__ids${hidden.length > 0 ? ' sp-person__ids--more' : ''}`} role="group" aria-label={t('people_identifiers_of', name)} ref={ids}>
          {chips.slice(0, shown).map((chip) => (
            <Chip key={`${chip.icon}:${chip.value}`} icon={chip.icon} title={chip.value} className="sp-person__chip" data>
              {chip.text}
            </Chip>
          ))}
          {hidden.length > 0 && (
            // "+2" on screen; the hidden identifiers themselves for screen readers (and as the tooltip).
            <Chip className="sp-person__chip sp-person__more" title={hiddenWords}>
              <span aria-hidden="true">{t('people_more_identifiers', hidden.length)}</span>
              <span className="ui-visually-hidden">{hiddenWords}</span>
            </Chip>
          )}
        </span>
        <span className="sp-person__action">{action}</span>
      </span>
    </span>
  );
}

export function PersonCell({ person, action }: { person: PersonRowData; action: ReactNode }) {
  return <EntityCell name={personDisplayName(person)} subtitle={personSubtitle(person)} chips={identifierChips(person)} action={action} />;
}

/**
 * "Enrich Jane Doe · 1 credit" / "Open Jane Doe · Cached 3 days ago · free" / "Open Jane Doe · no match · Cached …":
 * the button's accessible name.
 */
function enrichLabel(name: string, cached: boolean, estimate: CostEstimate | null | undefined): string {
  const price = estimate ? (estimate.blockedByBudget ? t('people_over_budget') : costLabel(estimate)) : t('people_estimating');
  const cost = isCachedMiss(estimate) ? `${t('ui_cached_no_match')} · ${price}` : price;
  return t('people_button_label', cached ? t('people_open') : t('people_enrich'), name, cost);
}

/** "Open · saved": a row's person or company the user bought before, opened from the contact book, free. */
export function OpenSavedRowButton({ name, saved }: { name: string; saved: Saved }) {
  const bought = timeAgo(saved.record.lastBoughtAt);
  return (
    <Button
      size="sm"
      variant="secondary"
      detail={t('people_saved')}
      onClick={saved.open}
      title={t('people_saved_title', bought)}
      aria-label={t('people_button_label', t('people_open'), name, t('people_saved_label', bought))}
    >
      {t('people_open')}
    </Button>
  );
}

/**
 * A row's paid "Enrich" (or, once cached, "Open") button, named for screen readers with the name and the price;
 * `open` null: there is nothing to look the row up by. `saved`: what the row shows was bought before (the contact
 * book keeps it after the cache's freshness runs out): when the lookup is not cached, the row opens that record,
 * free, instead of offering to buy it again; refreshing it is the priced choice of the view it opens.
 */
export function RowEnrichButton({
  name,
  estimate,
  open,
  saved = null,
}: {
  name: string;
  estimate: CostEstimate | null;
  open: (() => void) | null;
  saved?: Saved | null;
}) {
  const { hasKey } = useAccount();
  if (!open) return <span className="sp-person__none">{t('people_nothing_to_look_up')}</span>;
  const cached = estimate?.cached ?? false;
  if (saved && estimate && !cached) return <OpenSavedRowButton name={name} saved={saved} />;
  return (
    <PaidButton
      size="sm"
      variant={cached ? 'secondary' : 'primary'}
      estimate={estimate}
      compact
      disabled={!hasKey}
      onClick={open}
      aria-label={enrichLabel(name, cached, estimate)}
    >
      {cached ? t('people_open') : t('people_enrich')}
    </PaidButton>
  );
}

/**
 * "Enrich · 1 credit" for the person's one lookup (or "Open · Cached · free"), priced by the background. A person
 * with no identifier (an employee listed by name) is looked up by `fallback` (name at the company) when given.
 */
export function PersonEnrichButton({ person, fallback }: { person: PersonRowData; fallback?: ContactLookup | null }) {
  const nav = useNavigation();
  const { settings } = useAccount();
  const planned = personLookup(person) ?? (fallback ? { lookup: fallback } : null);
  const options = contactOptions(settings);
  const { estimate } = useEstimate(planned ? enrichCost(planned.lookup, options) : null);
  const name = personDisplayName(person);
  // Asked only once the lookup is known not to be cached (a cached one opens free anyway).
  const saved = useSaved(estimate && !estimate.cached ? savedPersonQuery(fallback ? [fallback] : [], options, person) : null);
  return (
    <RowEnrichButton
      name={name}
      estimate={estimate}
      saved={saved}
      open={
        planned &&
        (() =>
          nav.openContact({
            lookup: planned.lookup,
            label: name,
            autorun: true,
            quotedCredits: estimate?.credits,
            ...('alsoKnownAs' in planned && planned.alsoKnownAs ? { alsoKnownAs: planned.alsoKnownAs } : {}),
          }))
      }
    />
  );
}

function identifierChips(person: PersonRowData): IdentifierChip[] {
  return [
    ...person.profiles.map((value) => ({ icon: 'user' as const, text: profileHandle(value) ?? value, value })),
    ...person.emails.map((value) => ({ icon: 'mail' as const, text: value, value })),
    ...person.phones.map((value) => ({ icon: 'phone' as const, text: value, value })),
  ];
}
