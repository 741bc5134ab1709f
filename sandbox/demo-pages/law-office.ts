import type { SandboxState } from '../state';
import { companyWebsite, type DemoPerson, peopleByIds } from './data';
import { html, page, safeHref } from './html';
import { internationalFormat } from './team';

/** The office's main line: a number of the range Ofcom keeps for drama, so it rings nobody. */
export const OFFICE_LINE = '+442079460000';
export const LAWYER_COUNT = 5;

/**
 * The firm: the company with the second-most seeded people (the team page shows the most), so its lawyers are
 * people the sandbox knows, at one domain.
 */
function firm(state: SandboxState): { companyId: number; lawyers: DemoPerson[] } {
  const top = state.db
    .prepare<[number], { company_id: number }>(
      'SELECT company_id FROM contacts GROUP BY company_id HAVING COUNT(*) >= ? ORDER BY COUNT(*) DESC, company_id LIMIT 1 OFFSET 1',
    )
    .get(LAWYER_COUNT);
  const companyId = top?.company_id ?? 1;
  const ids = state.db
    .prepare<[number, number], { id: number }>('SELECT id FROM contacts WHERE company_id = ? ORDER BY id LIMIT ?')
    .all(companyId, LAWYER_COUNT);
  return { companyId, lawyers: ids.flatMap(({ id }) => peopleByIds(state, id, 1)) };
}

/**
 * A law firm's "Our lawyers" page: each lawyer with their own address and direct line, and the office's shared
 * mailbox and main line in the header and the footer. The side panel puts the mailbox and the line on the firm's
 * company row as its general contact, never on a lawyer (docs/people.md).
 */
export function lawOfficePage(state: SandboxState): string {
  const { companyId, lawyers } = firm(state);
  const company = companyWebsite(state, companyId);
  const mailbox = `office@${company.domain}`;
  const line = internationalFormat(OFFICE_LINE);
  const officeContact = html`<a href="${safeHref(`tel:${OFFICE_LINE}`)}">${line}</a> · <a href="${safeHref(`mailto:${mailbox}`)}">${mailbox}</a>`;
  const card = (p: DemoPerson) => html`
<article class="card lawyer">
  <h3 class="lawyer__name">${p.fullName}</h3>
  <p class="lawyer__role muted">${p.title}</p>
  <p class="lawyer__contact">
    ${p.phone ? html`<a href="${safeHref(`tel:${p.phone.e164}`)}">T ${internationalFormat(p.phone.e164)}</a><br>` : ''}
    ${p.workEmail ? html`<a href="${safeHref(`mailto:${p.workEmail}`)}">${p.workEmail}</a>` : ''}
  </p>
</article>`;
  return page(
    `Our lawyers | ${company.name}`,
    html`<div class="firm-header muted">${company.name} · ${officeContact}</div>
<h1>Our lawyers</h1>
<p>Call the office or write to the shared mailbox for a first consultation; each lawyer can also be reached directly.</p>
<section class="grid">${lawyers.map(card)}</section>
<address class="firm-footer muted">${company.name} · 1 Temple Gardens · London EC4Y 9BB<br>Telephone ${officeContact}</address>
<p class="muted"><a href="${safeHref(company.website)}">${company.domain}</a>${lawyers[0]?.companyPnetUrl ? html` · <a href="${safeHref(lawyers[0].companyPnetUrl)}">LinkedIn</a>` : ''}</p>`,
  );
}
