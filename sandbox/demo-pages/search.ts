import type { SandboxState } from '../state';
import { peopleByIds } from './data';
import { html, page, safeHref } from './html';

export const SEARCH_RESULTS = 30;

/**
 * A people-search results page. Profile links use the forms seen in the wild: absolute
 * `https://www.linkedin.com/in/<slug>` and country subdomains with a trailing slash
 * (`https://uk.linkedin.com/in/<slug>/`). Relative `/in/<slug>` links would point at the sandbox itself.
 */
export function searchPage(state: SandboxState): string {
  const people = peopleByIds(state, 301, SEARCH_RESULTS);
  const link = (slug: string, i: number) =>
    i % 3 === 2 ? `https://uk.linkedin.com/in/${slug}/` : i % 3 === 1 ? `https://www.linkedin.com/in/${slug}?trk=people-search` : `https://www.linkedin.com/in/${slug}`;
  return page(
    'People search results',
    html`<h1>People search</h1>
<form role="search"><input name="q" value="sales" aria-label="Search people"> <button>Search</button></form>
<p class="muted">About ${people.length} results</p>
<ol>
${people.map(
  (p, i) => html`<li class="card">
<a href="${safeHref(link(p.slug, i))}"><strong>${p.fullName}</strong></a>
<div>${p.headline}</div>
<div class="muted">${p.location}</div>
</li>
`,
)}</ol>`,
  );
}
