// The demo tour's two people pages (sandbox/demo-pages/speakers.ts, law-office.ts), against the real sandbox: speakers
// named with a title and a firm and nothing else, each found by the API's name and company lookup as the extension
// makes it (lib/people/named.ts); a law firm whose office mailbox and main line stand in its header and footer beside
// lawyers with their own addresses.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseHTML } from 'linkedom';
import { namedPersonLookup } from '@/lib/people/named';
import { startSandbox } from '@/sandbox/server';
import { OFFICE_LINE } from '@/sandbox/demo-pages/law-office';
import { SPEAKER_COUNT } from '@/sandbox/demo-pages/speakers';
import { call, freshKey, qs } from './helpers';

const url = inject('sandboxUrl');

async function dom(base: string, path: string): Promise<Document> {
  const res = await call(base, path);
  expect(res.status).toBe(200);
  return parseHTML(res.text).document as unknown as Document;
}

const hrefs = (doc: Document, prefix: string) =>
  [...doc.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '').filter((h) => h.startsWith(prefix));

describe('the speakers and law firm demo pages', () => {
  it('the index links both', async () => {
    const links = hrefs(await dom(url, '/demo/'), '/demo/');
    expect(links).toContain('/demo/speakers');
    expect(links).toContain('/demo/law-office');
  });

  it('speakers: names, titles and firms only, and each one found by name and the firm their line states', async () => {
    const doc = await dom(url, '/demo/speakers');
    const cards = [...doc.querySelectorAll('.speaker')];
    expect(cards).toHaveLength(SPEAKER_COUNT);
    expect([...hrefs(doc, 'mailto:'), ...hrefs(doc, 'tel:'), ...hrefs(doc, 'https://www.linkedin.com/')]).toEqual([]);
    const key = freshKey();
    for (const card of cards) {
      const person = { name: card.querySelector('h3')?.textContent?.trim() ?? '', title: card.querySelector('.speaker__tagline')?.textContent?.trim() ?? null };
      const lookup = namedPersonLookup(person, `${url}/demo/speakers`);
      expect(lookup?.company_name, person.name).toBeTruthy();
      const res = await call(url, `/v1/enrich?${qs({ first_name: lookup?.first_name ?? '', last_name: lookup?.last_name ?? '', company_name: lookup?.company_name ?? '' })}`, { key });
      expect(res.status, `${person.name}: ${person.title}`).toBe(200);
      expect((res.json() as { result: { full_name: string } }).result.full_name).toBe(person.name);
    }
  });

  it('law firm: the office mailbox and main line in header and footer, lawyers with their own addresses at the firm', async () => {
    const doc = await dom(url, '/demo/law-office');
    const mails = hrefs(doc, 'mailto:');
    const office = mails.filter((m) => m.startsWith('mailto:office@'));
    expect(office).toHaveLength(2);
    const domain = office[0]?.split('@')[1] ?? '';
    const own = mails.filter((m) => !m.startsWith('mailto:office@'));
    expect(own.length).toBeGreaterThanOrEqual(4);
    for (const m of own) expect(m.endsWith(`@${domain}`)).toBe(true);
    expect(hrefs(doc, `tel:${OFFICE_LINE}`)).toHaveLength(2);
    // Each lawyer's own address is a person the sandbox knows; the office mailbox is nobody.
    const key = freshKey();
    expect((await call(url, `/v1/enrich?${qs({ email: own[0]?.slice('mailto:'.length) ?? '' })}`, { key })).status).toBe(200);
  });
});

describe('with --hostile data', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  beforeAll(async () => {
    sandbox = await startSandbox({ quiet: true, hostile: true });
  });
  afterAll(() => sandbox.close());

  it.each(['/demo/speakers', '/demo/law-office'])('%s escapes the data', async (path) => {
    const res = await call(sandbox.url, path);
    expect(res.status).toBe(200);
    expect(res.text).not.toMatch(/<(script|img|iframe|svg|b)[\s>]/i);
    expect(res.text).not.toMatch(/href="\s*javascript:/i);
    const doc = parseHTML(res.text).document;
    const handlers = [...doc.querySelectorAll('*')].flatMap((el) => el.getAttributeNames().filter((n) => n.startsWith('on')));
    expect(handlers).toEqual([]);
  });
});
