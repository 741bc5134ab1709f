import type { SandboxState } from '../state';
import { companyWebsite, peopleByIds } from './data';
import { html, page, safeHref } from './html';

/**
 * A technical blog post whose code blocks hold strings that look like contacts but are not (package versions,
 * retina image names, git remotes, IPs, build numbers), next to a real author byline from the data.
 */
export function blogPage(state: SandboxState): string {
  const author = peopleByIds(state, 5, 1)[0];
  const company = author ? companyWebsite(state, author.companyId) : undefined;
  return page(
    'Upgrading our front end to React 19',
    html`<article class="card">
<h1>Upgrading our front end to React 19</h1>
${author ? html`<p class="muted">By <a href="${safeHref(author.pnetUrl)}">${author.fullName}</a>, ${author.title} at ${company?.name ?? ''} · contact: <a href="mailto:${author.workEmail}">${author.workEmail}</a></p>` : ''}
<p>We moved the dashboard to <code>react@19.0.0</code> last sprint. Most of the work was in the build:</p>
<pre><code>npm install react@19.0.0 react-dom@19.0.0 @types/react@19.0.2
npm install --save-dev vite@7.3.8 @vitejs/plugin-react@5.2.0
git clone git@github.com:acme/dashboard.git
ssh deploy@10.0.12.7 'systemctl restart dashboard'</code></pre>
<p>Our retina assets follow the usual naming, e.g. <code>logo@2x.png</code> and <code>hero@3x.webp</code>:</p>
<pre><code>&lt;img src="/img/logo.png" srcset="/img/logo@2x.png 2x, /img/logo@3x.png 3x" alt=""&gt;
const build = "2024.11.05-1234567890";
const version = "1.2.3.4567";
const timeoutMs = 4155550123;</code></pre>
<p>Build 20241105 shipped on 2024-11-05; the ticket was JIRA-4415. None of these are phone numbers or emails.</p>
<p>Questions? Find ${author?.firstName ?? 'us'} at <a href="${safeHref(company?.website ?? '')}">${company?.domain ?? ''}</a>.</p>
</article>`,
  );
}
