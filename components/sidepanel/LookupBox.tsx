/*
 * The lookup box in the side panel (the box itself: components/shared/LookupBox.tsx): opens the Contact or Company
 * view on what was typed, runs the priced lookup, and offers the saved copy of someone bought before.
 */
import { LookupBox } from '@/components/shared/LookupBox';
import { contactOptions, describeMeaning, lookupForMeaning } from '@/components/shared/lookup';
import { savedPersonQuery } from '@/lib/contacts';
import { t } from '@/lib/i18n/t';
import type { ContactOptions, CostEstimate, SelectionMeaning } from '@/lib/model/lookup';
import { useAccount } from './account';
import { OpenSavedButton } from './contacts/OpenSavedButton';
import { useSaved } from './contacts/use-saved';
import { useNavigation } from './navigation';

/** The box in the side panel: opens the Contact or Company view on what was typed, and runs the priced lookup. */
export function PanelLookupBox({ options, disabled }: { options: ContactOptions; disabled?: boolean }) {
  const nav = useNavigation();
  return (
    <LookupBox
      options={options}
      disabled={disabled}
      actionLabel={t('sidepanel_lookup_action')}
      beside={(meaning, estimate) => <SavedCopy meaning={meaning} estimate={estimate} options={options} />}
      onOpen={(meaning, quotedCredits) => {
        const lookup = lookupForMeaning(meaning);
        const label = describeMeaning(meaning).replace(/^[^:]+: /, '');
        if (lookup) nav.openContact({ lookup, label, autorun: true, quotedCredits });
        else if (meaning.kind === 'company') nav.openCompany({ url: meaning.url, label, autorun: true, quotedCredits });
      }}
    />
  );
}

/**
 * What was typed names someone (or a company) the user bought before and the cache no longer answers for: their saved
 * copy opens free, beside the priced lookup (the contact book).
 */
function SavedCopy({ meaning, estimate, options }: { meaning: SelectionMeaning; estimate: CostEstimate; options: ContactOptions }) {
  const lookup = lookupForMeaning(meaning);
  // A person's lookup that is free already is answered from the book itself (lib/engine/plan.ts): a second button
  // would do the same thing.
  const answeredFree = estimate.cached || (lookup !== null && estimate.credits === 0);
  const query = answeredFree ? null : lookup ? savedPersonQuery([lookup], options) : meaning.kind === 'company' ? { kind: 'company' as const, urls: [meaning.url] } : null;
  const saved = useSaved(query);
  return saved ? <OpenSavedButton saved={saved} size="sm" /> : null;
}

/** The box at the top of the Contact and Company views, with the user's default options. */
export function ViewLookupBox() {
  const { hasKey, settings } = useAccount();
  return (
    <div className="sp-lookupbar">
      <PanelLookupBox options={contactOptions(settings)} disabled={!hasKey} />
    </div>
  );
}
