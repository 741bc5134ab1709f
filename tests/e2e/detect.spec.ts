import { readFileSync } from 'node:fs';
import type { Page, Worker } from '@playwright/test';
import { finalisePageScan, scanListing, type PageScanMessage } from '@/lib/detect';
import { scanHtml } from '@/scripts/scan';
import { expect, test } from './fixtures';

// The real content script in real Chromium: every fixture page gives what the CLI gives (the
// expected JSON), a second injection adopts the running scanner, changes are picked up
// incrementally, and an SPA navigation starts a fresh scan. The scanner is injected and asked from
// the service worker, exactly as the background does it, so these tests do not depend on its handlers.

const PAGES = new URL('../fixtures/pages/', import.meta.url);

interface Fixture {
  name: string;
  page: string;
  url?: string;
  expected: string;
}

const { fixtures } = JSON.parse(readFileSync(new URL('fixtures.json', PAGES), 'utf8')) as { fixtures: Fixture[] };
/** Pages saved without an address are the ones whose local copy is the real thing. */
const LOCAL = fixtures.filter((f) => f.url === undefined);

async function tabIdOf(worker: Worker, url: string): Promise<number> {
  return worker.evaluate(async (u) => (await chrome.tabs.query({ url: u }))[0]?.id ?? -1, url);
}

/** Injects the content script (as the background does on a user action) and asks for its result. */
async function injectAndAsk(worker: Worker, tabId: number): Promise<PageScanMessage> {
  return worker.evaluate(async (id) => {
    await chrome.scripting.executeScript({ target: { tabId: id }, files: ['content-scripts/content.js'] });
    return chrome.tabs.sendMessage(id, { type: 'to-content/rescan' });
  }, tabId) as Promise<PageScanMessage>;
}

async function ask(worker: Worker, tabId: number, message: { type: string }): Promise<unknown> {
  return worker.evaluate(([id, m]) => chrome.tabs.sendMessage(id, m), [tabId, message] as const);
}

async function open(page: Page, worker: Worker, url: string): Promise<number> {
  await page.goto(url);
  const tabId = await tabIdOf(worker, url);
  expect(tabId).toBeGreaterThan(0);
  return tabId;
}

for (const fixture of LOCAL) {
  test(`content script on the ${fixture.name} finds what the CLI finds`, async ({ context, serviceWorker, pageServer }) => {
    const page = await context.newPage();
    const url = `${pageServer.url}/${fixture.page}`;
    const tabId = await open(page, serviceWorker, url);
    const reply = await injectAndAsk(serviceWorker, tabId);
    expect(reply).toMatchObject({ type: 'content/scan', complete: true });
    expect(reply.scan.url).toBe(url);
    const expected = JSON.parse(readFileSync(new URL(fixture.expected, PAGES), 'utf8')) as unknown;
    expect(scanListing(finalisePageScan(reply.scan))).toEqual(expected);
  });
}

test('the content script answers ping, and a second injection adopts the running scanner', async ({
  context,
  serviceWorker,
  pageServer,
}) => {
  const page = await context.newPage();
  const tabId = await open(page, serviceWorker, `${pageServer.url}/team.html`);
  expect(await ask(serviceWorker, tabId, { type: 'to-content/ping' }).catch(() => null)).toBeNull(); // not there yet
  const first = await injectAndAsk(serviceWorker, tabId);
  expect(await ask(serviceWorker, tabId, { type: 'to-content/ping' })).toEqual({ ok: true });
  const second = await injectAndAsk(serviceWorker, tabId);
  expect(second.scanId).toBe(first.scanId);
  expect(second.scan).toEqual(first.scan);
  // Still exactly one listener answering (two would race; one is enough to check the answer is whole).
  expect(await ask(serviceWorker, tabId, { type: 'to-content/ping' })).toEqual({ ok: true });
});

test('content added later is picked up by the incremental rescan', async ({ context, serviceWorker, pageServer }) => {
  const page = await context.newPage();
  const tabId = await open(page, serviceWorker, `${pageServer.url}/blog.html`);
  const before = await injectAndAsk(serviceWorker, tabId);
  expect(before.scan.emails).not.toContain('new.author@fresh-co.com');
  await page.evaluate(() => {
    const card = document.createElement('aside');
    const name = document.createElement('h3');
    name.textContent = 'Guest author';
    const mail = document.createElement('p');
    mail.append('new.author', Object.assign(document.createElement('span'), { textContent: '@' }), 'fresh-co.com');
    const link = document.createElement('a');
    link.href = 'https://www.linkedin.com/in/guest-author/';
    link.textContent = 'LinkedIn';
    card.append(name, mail, link);
    document.querySelector('article')?.append(card);
  });
  const after = (await ask(serviceWorker, tabId, { type: 'to-content/rescan' })) as PageScanMessage;
  expect(after.scanId).toBe(before.scanId);
  expect(after.scan.emails).toContain('new.author@fresh-co.com');
  expect(after.scan.profiles).toContain('https://www.linkedin.com/in/guest-author');
  // What was there before is still there.
  expect(after.scan.emails).toEqual(expect.arrayContaining(before.scan.emails));
});

test('people added before, after and inside earlier cards are grouped as a fresh scan of the page groups them', async ({
  context,
  serviceWorker,
  pageServer,
}) => {
  // The grouper extends its last result when a page only grows and builds over every record otherwise
  // (lib/detect/people/group.ts); either way the incremental result must be what a fresh scan says. Checked here in
  // Chromium: linkedom (the unit tests' DOM) orders a prepended node against a later subtree wrongly.
  const page = await context.newPage();
  const url = `${pageServer.url}/team.html`;
  const tabId = await open(page, serviceWorker, url);
  const before = await injectAndAsk(serviceWorker, tabId);
  const peopleBefore = finalisePageScan(before.scan).people.length;
  await page.evaluate(() => {
    const grid = document.querySelector('section.team') as Element;
    const card = (name: string, slug: string, phone: string): HTMLElement => {
      const article = document.createElement('article');
      article.className = 'person';
      const h3 = Object.assign(document.createElement('h3'), { textContent: name });
      const role = Object.assign(document.createElement('p'), { className: 'role', textContent: 'Account Executive' });
      const mail = Object.assign(document.createElement('a'), { href: `mailto:${slug}@northwind-labs.com`, textContent: `${slug}@northwind-labs.com` });
      const tel = Object.assign(document.createElement('p'), { textContent: phone });
      const link = Object.assign(document.createElement('a'), { href: `https://www.linkedin.com/in/${slug}-nw/`, textContent: 'LinkedIn' });
      const line = document.createElement('p');
      line.append(mail);
      article.append(h3, role, line, tel, link);
      return article;
    };
    grid.prepend(card('Olga Petrova', 'olga.petrova', '+1 415 555 0170'), card('Kenji Sato', 'kenji.sato', '+1 415 555 0171'));
    grid.append(card('Ines Duarte', 'ines.duarte', '+1 415 555 0172'));
    // A second number on an earlier card: its two phone lines are lines of one person's card.
    const first = grid.querySelector('article.person:nth-of-type(3)') as Element;
    // A number the page shows nowhere else (its footer's +1 415 555 0199 is the firm's press line: the address-block rule in lib/detect/people/group.ts).
    first.append(Object.assign(document.createElement('p'), { textContent: 'Mobile: +1 415 555 0198' }));
  });
  const after = (await ask(serviceWorker, tabId, { type: 'to-content/rescan' })) as PageScanMessage;
  expect(after.scanId).toBe(before.scanId);
  const now = finalisePageScan(after.scan);
  const fresh = scanHtml(await page.content(), url);
  expect(now.people.map((p) => p.name)).toEqual(fresh.people.map((p) => p.name));
  expect(now.people).toEqual(fresh.people);
  expect(now.people).toHaveLength(peopleBefore + 3);
  expect(now.people.slice(0, 2).map((p) => p.name)).toEqual(['Olga Petrova', 'Kenji Sato']);
  const jane = now.people.find((p) => p.name === 'Jane Doe');
  expect(jane?.phones).toEqual(['+14155550142', '+14155550198']);
});

test('a single-page-app navigation starts a fresh scan for the new URL', async ({ context, serviceWorker, pageServer }) => {
  const page = await context.newPage();
  const tabId = await open(page, serviceWorker, `${pageServer.url}/profile.html`);
  const before = await injectAndAsk(serviceWorker, tabId);
  expect(before.scan.emails).toContain('jane.doe@northwind-labs.com');
  await page.evaluate(() => {
    document.querySelector('main')?.replaceChildren(
      Object.assign(document.createElement('p'), { textContent: 'Second view: ops@northwind-labs.com' }),
    );
    history.pushState({}, '', '/profile.html?view=2');
  });
  let after: PageScanMessage | null = null;
  await expect
    .poll(async () => {
      after = (await ask(serviceWorker, tabId, { type: 'to-content/rescan' })) as PageScanMessage;
      return after.scanId !== before.scanId;
    })
    .toBe(true);
  const fresh = after as unknown as PageScanMessage;
  expect(fresh.scan.url).toBe(`${pageServer.url}/profile.html?view=2`);
  expect(fresh.scan.emails).toEqual(['ops@northwind-labs.com']);
});

test('the page never sees our messages or globals', async ({ context, serviceWorker, pageServer }) => {
  const page = await context.newPage();
  const tabId = await open(page, serviceWorker, `${pageServer.url}/team.html`);
  await injectAndAsk(serviceWorker, tabId);
  // The content script runs in an isolated world: the page's own window has none of it.
  const leaked = await page.evaluate(() => Object.getOwnPropertySymbols(window).map(String));
  expect(leaked.filter((s) => s.includes('in-page-enrich'))).toEqual([]);
});

// The sandbox's demo pages group into one person per card / row (docs/people.md): the page's own markup
// says who is there (a card's heading, a row's first cell, its profile link), the real content
// script in Chromium must find exactly those people, and the CLI must agree with it.
const decode = (s: string): string =>
  s.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

const DEMO_PAGES = [
  {
    path: '/demo/team',
    people: 17,
    /** Each card: `<article class="card" data-person="slug">` then `<h3>Name</h3>`. */
    shown: (html: string) =>
      [...html.matchAll(/<article class="card" data-person="([^"]+)">\s*<h3>([^<]*)<\/h3>/g)].map((m) => ({
        slug: m[1] as string,
        name: decode(m[2] as string),
      })),
  },
  {
    path: '/demo/directory',
    people: 300,
    /** Each row: the name cell first, the profile link last. */
    shown: (html: string) =>
      [...html.matchAll(/<tr>\s*<td>([^<]*)<\/td>[^]*?href="https:\/\/www\.linkedin\.com\/in\/([^"]+)"/g)].map((m) => ({
        slug: m[2] as string,
        name: decode(m[1] as string),
      })),
  },
];

for (const demo of DEMO_PAGES) {
  test(`the sandbox ${demo.path} page groups into ${demo.people} people, in Chromium as in the CLI`, async ({
    context,
    serviceWorker,
    sandbox,
  }) => {
    test.setTimeout(120_000);
    const url = `${sandbox.url}${demo.path}`;
    const page = await context.newPage();
    const html = await test.step('read what the page shows', async () => {
      const text = await (await page.request.get(url)).text();
      expect(demo.shown(text)).toHaveLength(demo.people);
      return text;
    });
    const found = await test.step('scan it with the real content script', async () => {
      const tabId = await open(page, serviceWorker, url);
      const reply = await injectAndAsk(serviceWorker, tabId);
      expect(reply).toMatchObject({ type: 'content/scan', complete: true });
      return finalisePageScan(reply.scan);
    });
    await test.step('one person per card or row, with its name and profile', () => {
      const shown = demo.shown(html);
      expect(found.people.map((p) => p.name)).toEqual(shown.map((s) => s.name));
      expect(found.people.map((p) => p.profiles)).toEqual(shown.map((s) => [`https://www.linkedin.com/in/${s.slug}`]));
      expect(found.people.map((p) => p.id)).toEqual(shown.map((s) => `https://www.linkedin.com/in/${s.slug}`));
      // Every person's identifiers are in the flat lists, and the people hold every profile on the page.
      for (const person of found.people) {
        expect(found.emails).toEqual(expect.arrayContaining(person.emails));
        expect(found.phones).toEqual(expect.arrayContaining(person.phones));
      }
      expect(found.profiles).toHaveLength(demo.people);
    });
    await test.step('the CLI finds the same', () => {
      expect(scanListing(scanHtml(html, url))).toEqual(scanListing(found));
    });
  });
}

test('open shadow roots and same-origin iframes are scanned', async ({ context, serviceWorker, pageServer }) => {
  const page = await context.newPage();
  const tabId = await open(page, serviceWorker, `${pageServer.url}/blog.html`);
  await page.evaluate(() => {
    const host = document.createElement('team-card');
    const p = document.createElement('p');
    const a = Object.assign(document.createElement('a'), { href: 'mailto:shadow.person@fresh-co.com', textContent: 'write' });
    p.append('Shadow: ', a, ' or +44 20 7946 0999');
    host.attachShadow({ mode: 'open' }).append(p);
    document.body.append(host);
    const frame = document.createElement('iframe');
    frame.srcdoc = '<p>Framed: framed.person@fresh-co.com</p>';
    document.body.append(frame);
    return new Promise((resolve) => frame.addEventListener('load', resolve));
  });
  const reply = await injectAndAsk(serviceWorker, tabId);
  const found = finalisePageScan(reply.scan);
  expect(found.emails).toEqual(expect.arrayContaining(['shadow.person@fresh-co.com', 'framed.person@fresh-co.com']));
  expect(found.phones).toContain('+442079460999');
});

test('a page that forges "a newer copy started" does not silence the scanner', async ({ context, serviceWorker, pageServer, extensionId }) => {
  const page = await context.newPage();
  const tabId = await open(page, serviceWorker, `${pageServer.url}/blog.html`);
  await injectAndAsk(serviceWorker, tabId);
  // The event WXT's context listens for, sent by the page itself (it knows our id).
  await page.evaluate((id) => {
    document.dispatchEvent(
      new CustomEvent(`${id}:content:wxt:content-script-started`, { detail: { contentScriptName: 'content', messageId: 'forged' } }),
    );
  }, extensionId);
  await page.evaluate(() => document.body.append(Object.assign(document.createElement('p'), { textContent: 'late.author@fresh-co.com' })));
  // Asked without re-injecting: the scanner still answers, and saw the change.
  await expect
    .poll(async () => ((await ask(serviceWorker, tabId, { type: 'to-content/rescan' }).catch(() => null)) as PageScanMessage | null)?.scan.emails ?? [])
    .toContain('late.author@fresh-co.com');
});

