import type { SandboxState } from '../state';
import { peopleByIds } from './data';
import { html, page, safeHref } from './html';
import { internationalFormat } from './team';

export const DIRECTORY_ROWS = 300;

/** A member directory table of 300 people: emails, phones and profile links. */
export function directoryPage(state: SandboxState): string {
  const people = peopleByIds(state, 1, DIRECTORY_ROWS);
  return page(
    'Member directory',
    html`<h1>Member directory</h1>
<p class="muted">${people.length} members</p>
<table>
<thead><tr><th>Name</th><th>Title</th><th>Company</th><th>Email</th><th>Phone</th><th>Profile</th></tr></thead>
<tbody>
${people.map(
  (p) => html`<tr>
<td>${p.fullName}</td><td>${p.title}</td><td>${p.companyName}</td>
<td>${p.workEmail ? html`<a href="${safeHref(`mailto:${p.workEmail}`)}">${p.workEmail}</a>` : p.personalEmail}</td>
<td>${p.phone ? internationalFormat(p.phone.e164) : ''}</td>
<td><a href="${safeHref(p.pnetUrl)}">${p.pnetUrl.replace('https://www.', '')}</a></td>
</tr>
`,
)}</tbody>
</table>`,
  );
}
