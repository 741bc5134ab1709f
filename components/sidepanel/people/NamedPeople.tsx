// People the page names without an identifier (speakers, board members): each is one lookup by name at the company
// their line states, else the page's (lib/people/named.ts), priced like the lookup box's "Jane Doe at acme.com" (the same contact/enrich estimate), never part of a
// bulk job (bulk takes emails, phones and profiles only; the note under the list says so).
import { Button, Chip, costLabel, isCachedMiss, Section } from '@/components/ui';
import type { PageNamedPerson } from '@/lib/detect/schema';
import { t } from '@/lib/i18n/t';
import { namedPersonLookup } from '@/lib/people/named';
import { useAccount } from '../account';
import { useEstimate } from '@/components/shared/hooks';
import { contactOptions, enrichCost, lookupLabel } from '@/components/shared/lookup';
import { useNavigation } from '../navigation';

export function NamedPeople({ named, pageUrl }: { named: readonly PageNamedPerson[]; pageUrl: string }) {
  if (named.length === 0) return null;
  return (
    <Section title={t('people_named_title')} meta={String(named.length)} className="sp-named">
      <ul className="sp-named__list" aria-label={t('people_named_label')}>
        {named.map((person) => (
          <NamedRow key={person.name} person={person} pageUrl={pageUrl} />
        ))}
      </ul>
      <p className="sp-named__note">{t('people_named_bulk_note')}</p>
    </Section>
  );
}

function NamedRow({ person, pageUrl }: { person: PageNamedPerson; pageUrl: string }) {
  const nav = useNavigation();
  const { settings, hasKey } = useAccount();
  const lookup = namedPersonLookup(person, pageUrl);
  const { estimate } = useEstimate(lookup ? enrichCost(lookup, contactOptions(settings)) : null);
  const price = estimate ? costLabel(estimate) : t('people_estimating');
  // A speaker looked up before and not found says so on the row, as a person row does.
  const cost = isCachedMiss(estimate) ? `${t('ui_cached_no_match')} · ${price}` : price;
  return (
    <li className="sp-named__row">
      <span className="ui-cell-stack">
        <span className="sp-named__name" translate="no">
          {person.name}
        </span>
        {/* A long "title at company" line gives way to the price: the title is cut (whole in its tooltip), the price never. */}
        <span className="ui-cell-stack__sub sp-named__sub">
          {person.title !== null && (
            <>
              <span className="sp-named__title" translate="no" title={person.title}>
                {person.title}
              </span>
              <span aria-hidden="true"> · </span>
            </>
          )}
          <span className="sp-named__cost">{lookup ? cost : t('people_named_no_company')}</span>
        </span>
      </span>
      {lookup && (
        <span className="sp-entity__action">
          {estimate?.blockedByBudget && <Chip tone="warning">{t('people_over_budget')}</Chip>}
          <Button
            size="sm"
            variant={estimate?.cached ? 'secondary' : 'primary'}
            disabled={!hasKey || !estimate || estimate.blockedByBudget}
            aria-label={t('people_named_lookup_aria', lookupLabel(lookup), cost)}
            title={estimate?.label}
            onClick={() => nav.openContact({ lookup, label: lookupLabel(lookup), autorun: true, quotedCredits: estimate?.credits })}
          >
            {estimate?.cached ? t('sidepanel_open') : t('people_named_lookup')}
          </Button>
        </span>
      )}
    </li>
  );
}
