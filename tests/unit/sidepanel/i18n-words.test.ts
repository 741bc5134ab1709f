// The side panel's words built in .ts helpers: English stays exactly what the e2e tests read, German
// comes from the German catalogue, and dates follow the UI language.
import { afterEach, describe, expect, it } from 'vitest';
import { dateRange, formatApiDate } from '@/components/sidepanel/text';
import { meaningLabel } from '@/components/shared/lookup';
import { readCatalogues } from '@/lib/i18n/catalogue';
import { t, tn, useCatalogue } from '@/lib/i18n/t';

const catalogues = readCatalogues(`${process.cwd()}/locales`);

afterEach(() => useCatalogue(catalogues.en!, 'en'));

describe('side panel words in English', () => {
  it('reads as before the catalogue', () => {
    expect(formatApiDate({ day: null, month: 3, year: 2019 })).toBe('Mar 2019');
    expect(formatApiDate({ day: null, month: null, year: 2019 })).toBe('2019');
    expect(dateRange('Mar 2019', null, true)).toBe('Mar 2019 – present');
    expect(meaningLabel({ kind: 'email', email: 'ada@acme.com' })).toBe('Email ada@acme.com');
    expect(meaningLabel({ kind: 'person', first_name: 'Ada', last_name: 'Lovelace', company_name: 'Acme' })).toBe('Person Ada Lovelace at Acme');
    expect(meaningLabel({ kind: 'person', first_name: 'Ada', last_name: 'Lovelace' })).toBe('Person Ada Lovelace');
    expect(tn('sidepanel_page_found', 1234)).toBe('1,234 found');
    expect(tn('book_count_scope', 1, 'all 1')).toBe('1 contact · actions apply to all 1');
    expect(tn('book_count_scope', 2, '2 selected')).toBe('2 contacts · actions apply to 2 selected');
    expect(tn('lookalikes_enrich_label', 3, '3 credits')).toBe('Enrich 3 companies · up to 3 credits');
  });
});

describe('side panel words in German', () => {
  it('come from the German catalogue, with German months and numbers', () => {
    useCatalogue(catalogues.de!, 'de');
    expect(formatApiDate({ day: null, month: 3, year: 2019 })).toBe('März 2019');
    expect(dateRange('März 2019', null, true)).toBe('März 2019 – heute');
    expect(meaningLabel({ kind: 'person', first_name: 'Ada', last_name: 'Lovelace', company_domain: 'acme.com' })).toBe('Person Ada Lovelace bei acme.com');
    expect(tn('sidepanel_page_found', 1234)).toBe('1.234 gefunden');
    expect(tn('sidepanel_company_rounds', 1)).toBe('1 Runde');
    expect(tn('sidepanel_company_rounds', 3)).toBe('3 Runden');
    expect(t('sidepanel_tab_lookalikes')).toBe('Ähnlich');
  });

  it('a German kind word keeps the label after it when the intent banner drops the first word', () => {
    useCatalogue(catalogues.de!, 'de');
    // IntentBanner strips the leading word with /^\S+ /: "E-Mail" has a hyphen, so \w+ would not have matched it.
    expect(meaningLabel({ kind: 'email', email: 'ada@acme.com' }).replace(/^\S+ /, '')).toBe('ada@acme.com');
  });
});
