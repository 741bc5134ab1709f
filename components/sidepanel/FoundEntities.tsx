import { useMemo } from 'react';
import { Button, Chip, type Column, Icon, type IconName, Section, Table, costLabel } from '@/components/ui';
import type { EntityLists } from '@/lib/detect/schema';
import type { CostAction } from '@/lib/model/lookup';
import { savedPersonQuery } from '@/lib/contacts';
import { timeAgo } from '@/lib/credits/words';
import { useAccount } from './account';
import { useSaved } from './contacts/use-saved';
import { OpenSavedRowButton } from './people/PersonRow';
import { useEstimate } from '@/components/shared/hooks';
import { contactOptions, enrichCost, entityKey, lookupForEntity, type EntityKind, type PageEntity } from '@/components/shared/lookup';
import { useNavigation } from './navigation';
import { t } from '@/lib/i18n/t';
import { filterIdentifiers } from '@/lib/people';
import { filteredCount, ListFilter, nothingMatches, selectionOfShown, useListFilter } from './ListFilter';

type Entities = EntityLists;

// Titles are functions: the words come from the browser's i18n, asked at render time.
// `filterLabel`: what the filter above the group's list reads a row by.
const groups: ReadonlyArray<{ id: string; title: () => string; filterLabel: () => string; icon: IconName; kinds: ReadonlyArray<[EntityKind, keyof Entities]> }> = [
  { id: 'people', title: () => t('sidepanel_people'), filterLabel: () => t('sidepanel_found_filter_profiles'), icon: 'user', kinds: [['profile', 'profiles']] },
  { id: 'emails', title: () => t('sidepanel_found_emails'), filterLabel: () => t('sidepanel_found_filter_emails'), icon: 'mail', kinds: [['email', 'emails']] },
  { id: 'phones', title: () => t('sidepanel_found_phones'), filterLabel: () => t('sidepanel_found_filter_phones'), icon: 'phone', kinds: [['phone', 'phones']] },
  {
    id: 'companies',
    title: () => t('sidepanel_found_companies'),
    filterLabel: () => t('sidepanel_found_filter_companies'),
    icon: 'building',
    kinds: [['companyProfile', 'companyProfiles'], ['domain', 'domains']],
  },
];

const ROW_HEIGHT = 44;
const VISIBLE_ROWS = 8;

export interface FoundEntitiesProps {
  entities: Entities;
  selected: ReadonlySet<string>;
  onSelectionChange: (next: Set<string>) => void;
  /** The person the page is about is shown above; leave it out of the list. */
  exclude?: string | null;
  /**
   * These are what is left once people and companies took theirs (docs/people.md, "Loose identifiers"): titled
   * "Other …".
   */
  loose?: boolean;
}

const looseTitles: Record<string, () => string> = {
  people: () => t('sidepanel_found_other_profiles'),
  emails: () => t('sidepanel_found_other_emails'),
  phones: () => t('sidepanel_found_other_phones'),
  companies: () => t('sidepanel_found_other_companies'),
};

/**
 * Identifiers found on the page, grouped (profiles, emails, phones, companies), each row with its action and its
 * cost. With people grouped these are the loose ones (a site-wide address, a footer phone).
 */
export function FoundEntities({ entities, selected, onSelectionChange, exclude, loose = false }: FoundEntitiesProps) {
  return (
    <div className="sp-found">
      {groups.map((group) => (
        <FoundGroup
          key={group.id}
          group={group}
          entities={entities}
          exclude={exclude ?? null}
          title={(loose ? (looseTitles[group.id] ?? group.title) : group.title)()}
          selected={selected}
          onSelectionChange={onSelectionChange}
        />
      ))}
    </div>
  );
}

function FoundGroup({
  group,
  entities,
  exclude,
  title,
  selected,
  onSelectionChange,
}: {
  group: (typeof groups)[number];
  entities: Entities;
  exclude: string | null;
  title: string;
  selected: ReadonlySet<string>;
  onSelectionChange: (next: Set<string>) => void;
}) {
  const rows = useMemo<PageEntity[]>(
    () => group.kinds.flatMap(([kind, field]) => (entities[field] ?? []).filter((value) => value !== exclude).map((value) => ({ kind, value }))),
    [group, entities, exclude],
  );
  // A page of 400 addresses, filtered to one company's ("acme.com"), then "Select all".
  const list = useListFilter(rows, filterIdentifiers);
  if (rows.length === 0) return null;
  const shown = list.shown;
  const selectable = group.id !== 'companies';
  return (
    <Section title={title} meta={filteredCount(list, selectable ? { selected, key: entityKey } : undefined)} className="sp-found__group">
      <ListFilter list={list} label={group.filterLabel()} longerThan={VISIBLE_ROWS} of={group.id === 'people' ? 'people' : 'things'} />
      {!nothingMatches(list) && (
        <Table<PageEntity>
          // A new filter is a new list: its scroll starts at the top.
          key={list.applied}
          label={t('sidepanel_found_table_label', title)}
          rows={shown}
          rowKey={entityKey}
          rowHeight={ROW_HEIGHT}
          maxHeight={Math.min(shown.length, VISIBLE_ROWS) * ROW_HEIGHT}
          columns={entityColumns(group.icon)}
          selection={
            selectable
              ? {
                  selected,
                  // Selection is global across groups; each table edits only the keys it shows (the filter hides the rest, kept).
                  onChange: (next) => onSelectionChange(selectionOfShown(list, entityKey, selected, next)),
                  rowLabel: (row) => t('sidepanel_select_value', row.value),
                }
              : undefined
          }
        />
      )}
    </Section>
  );
}

function entityColumns(icon: IconName): Array<Column<PageEntity>> {
  return [
    {
      id: 'value',
      header: t('sidepanel_found_col_found'),
      cell: (row) => <EntityValue entity={row} icon={icon} />,
    },
    {
      id: 'action',
      header: t('sidepanel_found_col_action'),
      hideHeader: true,
      width: 'auto',
      align: 'end',
      cell: (row) => <EntityAction entity={row} />,
    },
  ];
}

/**
 * The paid action behind an entity's button (enrich the contact, or the company), and, when the cache no longer
 * answers it, the contact book's copy if the user bought it before (opened free, as a page's person rows do).
 */
function useEntityCost(entity: PageEntity) {
  const { settings } = useAccount();
  const lookup = lookupForEntity(entity);
  const options = contactOptions(settings);
  const action: CostAction = lookup ? enrichCost(lookup, options) : { action: 'company/enrich', url: entity.value };
  const estimate = useEstimate(action);
  const asked = estimate.estimate && !estimate.estimate.cached;
  const saved = useSaved(!asked ? null : lookup ? savedPersonQuery([lookup], options) : { kind: 'company', urls: [entity.value] });
  return { lookup, saved, ...estimate };
}

function EntityValue({ entity, icon }: { entity: PageEntity; icon: IconName }) {
  const { estimate, saved } = useEntityCost(entity);
  const kindIcon: IconName = entity.kind === 'domain' ? 'globe' : entity.kind === 'companyProfile' ? 'building' : icon;
  return (
    <span className="sp-entity">
      <Icon name={kindIcon} size={14} className="sp-entity__icon" />
      <span className="ui-cell-stack">
        <span className="sp-entity__value" title={entity.value} translate="no">
          {displayEntity(entity)}
        </span>
        <span className="ui-cell-stack__sub">
          {saved ? t('people_saved_label', timeAgo(saved.record.lastBoughtAt)) : estimate ? costLabel(estimate) : '…'}
        </span>
      </span>
    </span>
  );
}

function displayEntity(entity: PageEntity): string {
  if (entity.kind === 'profile' || entity.kind === 'companyProfile') {
    try {
      const url = new URL(entity.value);
      return `${url.host.replace(/^www\./, '')}${url.pathname}`;
    } catch {
      return entity.value;
    }
  }
  return entity.value;
}

function EntityAction({ entity }: { entity: PageEntity }) {
  const nav = useNavigation();
  const { hasKey } = useAccount();
  const { lookup, estimate, saved } = useEntityCost(entity);
  const cached = estimate?.cached ?? false;
  if (saved && estimate && !cached) return <OpenSavedRowButton name={displayEntity(entity)} saved={saved} />;
  const cost = estimate ? costLabel(estimate) : t('sidepanel_estimating_cost');
  return (
    <span className="sp-entity__action">
      {estimate?.blockedByBudget && <Chip tone="warning">{t('sidepanel_over_budget')}</Chip>}
      <Button
        size="sm"
        variant={cached ? 'secondary' : 'primary'}
        disabled={!hasKey || !estimate || estimate.blockedByBudget}
        aria-label={t(cached ? 'sidepanel_open_value_cost' : 'sidepanel_enrich_value_cost', entity.value, cost)}
        title={estimate?.label}
        onClick={() =>
          lookup
            ? nav.openContact({ lookup, label: displayEntity(entity), autorun: true, quotedCredits: estimate?.credits })
            : nav.openCompany({ url: entity.value, label: displayEntity(entity), autorun: true, quotedCredits: estimate?.credits })
        }
      >
        {cached ? t('sidepanel_open') : t('sidepanel_enrich')}
      </Button>
    </span>
  );
}
