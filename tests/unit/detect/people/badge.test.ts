import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { badgeCount, looseEntities } from '@/lib/detect';
import { scanHtml } from '@/scripts/scan';
import { entitiesOf } from './helpers';

// The badge counts what the side panel lists as rows: people, companies, then loose identifiers.
const page = (file: string) => scanHtml(readFileSync(new URL(`../../../fixtures/pages/${file}`, import.meta.url), 'utf8'), `http://127.0.0.1:4000/${file}`);

describe('badgeCount', () => {
  it.each<[string, () => ReturnType<typeof entitiesOf>, number]>([
    // 300 people; their 12 employers' domains are company rows (one each, however many people work there);
    // 20 Paris switchboard numbers are each printed on several members' rows: nobody's own, so loose rows.
    ['the 300-member directory', () => page('directory.html'), 300 + 12 + 20],
    // 5 people, intake@ and the shared main number loose, and the firm: its LinkedIn page and its domain name the same
    // company (harrow-vance ↔ harrowvance.com), one company row where there were two loose rows.
    ['the law-firm grid', () => page('law-firm.html'), 5 + 1 + 1 + 1],
    ['a page with only a contact block', () => entitiesOf('<p>Write to info@acme.com or call +1 415 555 0100.</p>'), 1 + 1 + 1 + 1],
    ['an empty page on a site', () => entitiesOf('<p>Nothing here.</p>'), 1],
  ])('%s', (_why, entities, count) => {
    expect(badgeCount(entities())).toBe(count);
  });

  it('never counts an identifier twice: people + companies + loose adds up to every row', () => {
    const e = page('team.html');
    const loose = looseEntities(e);
    expect(loose.emails).toEqual(['press@northwind-labs.com']);
    expect(loose.phones).toEqual(['+14155550199']);
    expect(badgeCount(e)).toBe(
      e.people.length + e.companies.length + Object.values(loose).reduce((n, list) => n + list.length, 0),
    );
  });
});
