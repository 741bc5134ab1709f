import type { ReactNode } from 'react';
import { Section, Table } from '@/components/ui';
import { t } from '@/lib/i18n/t';
import type { ContactLookup } from '@/lib/model/lookup';
import { filterPeople, personBulkEntry } from '@/lib/people';
import { filteredCount, ListFilter, nothingMatches, selectionOfShown, useListFilter } from '../ListFilter';
import { type PersonRowData, PersonCell, PersonEnrichButton } from './PersonRow';
import './people.css';

/**
 * Name line, subtitle line, and up to two wrapped lines of chips beside the button (people.css): every row this
 * tall keeps windowing cheap for a 300-member directory and leaves nothing clipped at 320 px.
 */
export const PERSON_ROW_HEIGHT = 100;
const VISIBLE_ROWS = 6;

/** The selection key of a person row (people and loose identifiers share one selection). */
export const personKey = (person: Pick<PersonRowData, 'id'>): string => `person:${person.id}`;

export interface PeopleTableProps {
  title: string;
  /** The table's accessible name: "People found on this page". */
  label: string;
  people: readonly PersonRowData[];
  /** Shared selection across tables; this table edits only its own keys. Omit for no checkboxes. */
  selection?: { selected: ReadonlySet<string>; onChange: (next: Set<string>) => void };
  /** The lookup of a person without an identifier (a name at a company); such rows are not selectable for bulk. */
  fallbackLookup?: (person: PersonRowData) => ContactLookup | null;
  /** A row's own action instead of its priced Enrich (a person a search page paid for opens free). */
  action?: (person: PersonRowData) => ReactNode;
  /** May this row join a bulk job (never a person already paid for)? Default: any row bulk can look up. */
  selectable?: (person: PersonRowData) => boolean;
  /** 3 under a view's h2 (the default); 4 inside another section (a company's search results). */
  headingLevel?: 3 | 4;
}

/**
 * People as rows (windowed), each with one priced Enrich; optionally selectable for a bulk job. One column: the
 * button lives inside the person's cell, under the name, so it never takes width from the name.
 */
export function PeopleTable({ title, label, people, selection, fallbackLookup, action, selectable, headingLevel = 3 }: PeopleTableProps) {
  const list = useListFilter(people, filterPeople);
  const shown = list.shown;
  return (
    <Section
      title={title}
      meta={filteredCount(list, selection && { selected: selection.selected, key: personKey })}
      className="sp-found__group sp-people-table"
      headingLevel={headingLevel}
    >
      <ListFilter list={list} label={t('people_filter_label')} longerThan={VISIBLE_ROWS} />
      {!nothingMatches(list) && (
        <Table<PersonRowData>
          // A new filter is a new list: its scroll starts at the top, not where the last list was left.
          key={list.applied}
          label={label}
          rows={shown}
          rowKey={personKey}
          rowHeight={PERSON_ROW_HEIGHT}
          maxHeight={Math.min(shown.length, VISIBLE_ROWS) * PERSON_ROW_HEIGHT}
          columns={[
            {
              id: 'person',
              header: t('people_column_person'),
              cell: (row) => <PersonCell person={row} action={action ? action(row) : <PersonEnrichButton person={row} fallback={fallbackLookup?.(row)} />} />,
            },
          ]}
          selection={
            selection
              ? {
                  selected: selection.selected,
                  // "Select all" and "Clear" act on the people shown: those the filter hides keep their choice.
                  onChange: (next) => selection.onChange(selectionOfShown(list, personKey, selection.selected, next)),
                  rowLabel: (row) => t('people_select_person', row.name?.trim() || row.id),
                  // Bulk takes emails, phones and profiles: a person known only by name is enriched one by one.
                  isSelectable: (row) => personBulkEntry(row) !== null && (selectable?.(row) ?? true),
                }
              : undefined
          }
        />
      )}
    </Section>
  );
}
