import type { SandboxState } from '../state';
import { companyWebsite, personBySlug } from './data';
import { html, page, safeHref } from './html';

/** A profile-like page of one person, linking their professional profile and their company. */
export function profilePage(state: SandboxState, slug: string): string | undefined {
  const p = personBySlug(state, slug);
  if (!p) return undefined;
  const company = companyWebsite(state, p.companyId);
  return page(
    `${p.fullName} · ${p.title}`,
    html`<article class="card">
<h1>${p.fullName}</h1>
<p>${p.headline}</p>
<p class="muted">${p.location}</p>
<p><a href="${safeHref(p.pnetUrl)}">View ${p.firstName}'s profile on LinkedIn</a></p>
<p>Works at <a href="${safeHref(company.website)}">${company.name}</a> (<a href="${safeHref(p.companyPnetUrl)}">company page</a>)</p>
</article>
<section class="card"><h2>About</h2><p>${p.about.slice(0, 2000)}</p></section>
<section class="card"><h2>Experience</h2><ul>${p.experiences.map((e) => html`<li>${e.title} · ${e.company} (${e.start} – ${e.end})</li>`)}</ul></section>
<section class="card"><h2>Education</h2><ul>${p.education.map((e) => html`<li>${e.school}, ${e.degree}</li>`)}</ul></section>
<section class="card"><h2>Skills</h2><p>${p.skills.join(' · ')}</p></section>`,
  );
}
