import type { SandboxState } from '../state';
import { companyWebsite, type DemoPerson, peopleByIds } from './data';
import { html, page } from './html';

export const SPEAKER_COUNT = 8;
/** After the directory's 300 members: speakers nobody enriched earlier in the tour. */
const FIRST_SPEAKER_ID = 301;

/** Names and firms written plainly: a seeded "Torp - Nader" reads as two parts on any page, so no speaker of it. */
const PLAIN_NAME = /^\p{Lu}\p{Ll}+$/u;
const PLAIN_FIRM = /^[\p{L}\d][\p{L}\d ,.&']*$/u;

const SESSIONS = [
  'Keynote: Forecasts your board believes',
  'Territory design without spreadsheets',
  'Workshop: Onboarding reps in 30 days',
  'Panel: Pricing after the seat',
  'Renewals are a product, not a task',
  'Demo theatre: Quotes in one click',
  'Partner channels that pay for themselves',
  'Closing keynote: The quota is a hypothesis',
];

/** The sandbox people a speakers page shows with their firm, as it names them, from `FIRST_SPEAKER_ID` on. */
function speakers(state: SandboxState): Array<{ person: DemoPerson; firm: string }> {
  const out: Array<{ person: DemoPerson; firm: string }> = [];
  for (const person of peopleByIds(state, FIRST_SPEAKER_ID, SPEAKER_COUNT * 6)) {
    const firm = companyWebsite(state, person.companyId).name;
    if (!PLAIN_NAME.test(person.firstName) || !PLAIN_NAME.test(person.lastName) || !PLAIN_FIRM.test(firm) || firm.includes(' - ')) continue;
    out.push({ person, firm });
    if (out.length === SPEAKER_COUNT) break;
  }
  return out;
}

/**
 * A conference's speakers page: a card per speaker with their name, one line "title at firm" (or "title, firm" for a
 * firm without a comma in its name: after a comma, "Lindgren, Dibbert and Ryan" would read as a title and a firm) and
 * their session, and no email, phone or profile. The side panel shows them under "Named on this page", each looked
 * up by name and the firm their line states (docs/people.md, "People named without an identifier").
 */
export function speakersPage(state: SandboxState): string {
  const cards = speakers(state).map(
    ({ person, firm }, i) => html`
<article class="card speaker">
  <h3 class="speaker__name">${person.fullName}</h3>
  <p class="speaker__tagline muted">${i % 2 === 0 || firm.includes(',') ? `${person.title} at ${firm}` : `${person.title}, ${firm}`}</p>
  <p class="speaker__session">${SESSIONS[i % SESSIONS.length] ?? ''}</p>
</article>`,
  );
  return page(
    'Speakers · Revenue Operations Forum 2026',
    html`<h1>Meet our 2026 speakers</h1>
<p>Two days of talks and workshops by the people who run revenue teams. Session times are in the agenda.</p>
<section class="grid">${cards}</section>
<p class="muted">Want to speak next year? The call for papers opens in September.</p>`,
  );
}
