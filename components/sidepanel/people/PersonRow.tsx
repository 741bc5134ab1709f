/*
 * One person as a row: name, title and company, their identifiers as small chips, and one Enrich with its price
 * (issue 13). Shared by "This page" (people found on the page) and a company's people (domain search).
 */
import { Chip, costLabel, type IconName, PaidButton } from '@/components/ui';
import type { PagePerson } from '@/lib/detect/schema';
import type { ContactLookup } from '@/lib/messaging/protocol';
import { personDisplayName, personLookup, personSubtitle, profileHandle } from '@/lib/people';
import { useAccount } from '../account';
import { useEstimate } from '../hooks';
import { contactOptions, enrichCost } from '../lookup';
import { useNavigation } from '../navigation';

/** A person as a row needs only these (a page's person, or an employee from a company answer). */
export type PersonRowData = Pick<PagePerson, 'id' | 'name' | 'title' | 'company' | 'emails' | 'phones' | 'profiles'>;

/** More chips than this would wrap at 320 px; the rest are counted. */
const MAX_CHIPS = 3;

export function PersonCell({ person }: { person: PersonRowData }) {
  const name = personDisplayName(person);
  const subtitle = personSubtitle(person);
  const chips = identifierChips(person);
  return (
    <span className="sp-person">
      <span className="sp-person__name" title={name}>
        {name}
      </span>
      {subtitle && (
        <span className="sp-person__sub" title={subtitle}>
          {subtitle}
        </span>
      )}
      {chips.length > 0 && (
        <span className="sp-person__ids" aria-label={`Identifiers of ${name}`}>
          {chips.slice(0, MAX_CHIPS).map((chip) => (
            <Chip key={`${chip.icon}:${chip.value}`} icon={chip.icon} title={chip.value} className="sp-person__chip">
              {chip.text}
            </Chip>
          ))}
          {chips.length > MAX_CHIPS && <Chip className="sp-person__chip">+{chips.length - MAX_CHIPS}</Chip>}
        </span>
      )}
    </span>
  );
}

/**
 * "Enrich · 1 credit" for the person's one lookup (or "Open · Cached · free"), priced by the background. A person
 * with no identifier (an employee listed by name) is looked up by `fallback` (name at the company) when given.
 */
export function PersonEnrichButton({ person, fallback }: { person: PersonRowData; fallback?: ContactLookup | null }) {
  const nav = useNavigation();
  const { hasKey, settings } = useAccount();
  const planned = personLookup(person) ?? (fallback ? { lookup: fallback } : null);
  const { estimate } = useEstimate(planned ? enrichCost(planned.lookup, contactOptions(settings)) : null);
  if (!planned) {
    return <span className="sp-person__none">Nothing to look up</span>;
  }
  const name = personDisplayName(person);
  const cached = estimate?.cached ?? false;
  return (
    <PaidButton
      size="sm"
      variant={cached ? 'secondary' : 'primary'}
      estimate={estimate}
      disabled={!hasKey}
      onClick={() =>
        nav.openContact({
          lookup: planned.lookup,
          label: name,
          autorun: true,
          ...('alsoKnownAs' in planned && planned.alsoKnownAs ? { alsoKnownAs: planned.alsoKnownAs } : {}),
        })
      }
      aria-label={`${cached ? 'Open' : 'Enrich'} ${name} · ${estimate ? (estimate.blockedByBudget ? 'over budget' : costLabel(estimate)) : 'estimating cost'}`}
    >
      {cached ? 'Open' : 'Enrich'}
    </PaidButton>
  );
}

interface IdentifierChip {
  icon: IconName;
  text: string;
  value: string;
}

function identifierChips(person: PersonRowData): IdentifierChip[] {
  return [
    ...person.profiles.map((value) => ({ icon: 'user' as const, text: profileHandle(value) ?? value, value })),
    ...person.emails.map((value) => ({ icon: 'mail' as const, text: value, value })),
    ...person.phones.map((value) => ({ icon: 'phone' as const, text: value, value })),
  ];
}
