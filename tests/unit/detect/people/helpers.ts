import { finalisePageScan, type PageEntities } from '@/lib/detect';
import { scanHtml } from '@/scripts/scan';

/** The finalised scan of an HTML fragment, as the CLI (and the background) sees it. */
export function entitiesOf(html: string, url = 'https://www.acme-law.com/people'): PageEntities {
  return scanHtml(`<!doctype html><html lang="en"><head><title>t</title></head><body>${html}</body></html>`, url);
}

const short = (id: string): string => id.replace('https://www.linkedin.com/', '');

/** One line per person: "Name | Title | identifiers", so a table row can say what it expects at a glance. */
export function peopleLines(entities: Pick<PageEntities, 'people'>): string[] {
  return entities.people.map((p) =>
    [p.name ?? '-', p.title ?? '-', [...p.emails, ...p.phones, ...p.profiles.map(short)].join(' ')].join(' | '),
  );
}

export function companyLines(entities: Pick<PageEntities, 'companies'>): string[] {
  return entities.companies.map((c) => [c.name ?? '-', [...c.domains, ...c.companyPages.map(short)].join(' ')].join(' | '));
}

export { finalisePageScan };
