import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { SandboxState } from '../state';
import { biggestTeam, companyWebsite, type DemoPerson } from './data';
import { html, page, safeHref } from './html';

/** "jane.doe [at] acme [dot] com": how team pages hide addresses from naive scrapers. */
export function obfuscateEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local} [at] ${domain.split('.').join(' [dot] ')}`;
}

export function internationalFormat(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/** A company "Meet the team" page: names, titles, mailto links, obfuscated emails, tel links, profile links. */
export function teamPage(state: SandboxState): string {
  const { companyId, people } = biggestTeam(state);
  const company = companyWebsite(state, companyId);
  const card = (p: DemoPerson, i: number) => html`
<article class="card" data-person="${p.slug}">
  <h3>${p.fullName}</h3>
  <p class="muted">${p.title}</p>
  <p>${p.workEmail ? (i % 3 === 1 ? html`Email: <span class="email">${obfuscateEmail(p.workEmail)}</span>` : html`<a href="${safeHref(`mailto:${p.workEmail}`)}">${p.workEmail}</a>`) : html`<span class="muted">No email listed</span>`}</p>
  <p>${p.phone ? (i % 2 === 0 ? html`<a href="${safeHref(`tel:${p.phone.e164}`)}">${p.phone.national}</a>` : html`Phone: ${internationalFormat(p.phone.e164)}`) : ''}</p>
  <p><a href="${safeHref(p.pnetUrl)}" rel="noopener">Profile</a></p>
</article>`;
  return page(
    `Meet the team · ${company.name}`,
    html`<h1>Meet the team at ${company.name}</h1>
<p>Visit us at <a href="${safeHref(company.website)}">${company.domain}</a>. Press enquiries: <a href="mailto:press@${company.domain}">press@${company.domain}</a>.</p>
<section class="grid">${people.map(card)}</section>`,
  );
}
