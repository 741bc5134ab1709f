import type { SandboxState } from '../state';
import { peopleByIds } from './data';
import { html, page } from './html';

export { blogPage } from './blog';
export { directoryPage } from './directory';
export { lawOfficePage } from './law-office';
export { profilePage } from './profile';
export { searchPage } from './search';
export { speakersPage } from './speakers';
export { teamPage } from './team';

/** The index linking every demo page (and a few profile pages). */
export function indexPage(state: SandboxState): string {
  const profiles = peopleByIds(state, 1, 5);
  return page(
    'Demo pages',
    html`<h1>Demo pages</h1>
<p>Realistic pages built from the sandbox data: every email, phone and profile on them can be enriched.</p>
<ul>
<li><a href="/demo/team">Team page</a>: names, titles, mailto and tel links, obfuscated emails, profile links</li>
<li><a href="/demo/directory">Member directory</a>: a 300-row table of emails, phones and profiles</li>
<li><a href="/demo/search">People search results</a>: profile links in several URL forms</li>
<li><a href="/demo/blog">Technical blog post</a>: code blocks full of decoys</li>
<li><a href="/demo/speakers">Conference speakers</a>: names, titles and firms, no email, phone or profile</li>
<li><a href="/demo/law-office">Law firm</a>: lawyers with their own addresses, the office's shared mailbox and main line</li>
${profiles.map((p) => html`<li><a href="/demo/profile/${p.slug}">Profile: ${p.fullName}</a></li>`)}
</ul>`,
  );
}
