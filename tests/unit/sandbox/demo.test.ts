import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseHTML } from 'linkedom';
import { startSandbox } from '@/sandbox/server';
import { call, freshKey, qs } from './helpers';

const url = inject('sandboxUrl');

async function dom(base: string, path: string): Promise<Document> {
  const res = await call(base, path);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/text\/html/);
  return parseHTML(res.text).document as unknown as Document;
}

const hrefs = (doc: Document, prefix: string) =>
  [...doc.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '').filter((h) => h.startsWith(prefix));

describe('demo pages', () => {
  it('the index links every page', async () => {
    const links = hrefs(await dom(url, '/demo/'), '/demo/');
    for (const page of ['/demo/team', '/demo/directory', '/demo/search', '/demo/blog']) expect(links).toContain(page);
    expect(links.some((l) => l.startsWith('/demo/profile/'))).toBe(true);
  });

  it('the team page has mailto, tel and profile links that enrich, and obfuscated emails', async () => {
    const doc = await dom(url, '/demo/team');
    const mails = hrefs(doc, 'mailto:').filter((h) => !h.startsWith('mailto:press@'));
    const tels = hrefs(doc, 'tel:');
    const profiles = hrefs(doc, 'https://www.linkedin.com/in/');
    expect(mails.length).toBeGreaterThan(3);
    expect(tels.length).toBeGreaterThan(0);
    expect(profiles.length).toBeGreaterThan(3);
    expect(doc.body.textContent).toMatch(/\[at\] .+ \[dot\] /);
    const key = freshKey();
    expect((await call(url, `/v1/enrich?${qs({ email: mails[0]?.slice('mailto:'.length) ?? '' })}`, { key })).status).toBe(200);
    expect((await call(url, `/v1/enrich?${qs({ phone: tels[0]?.slice('tel:'.length) ?? '' })}`, { key })).status).toBe(200);
    expect((await call(url, `/v1/enrich?${qs({ social_profile: profiles[0] ?? '' })}`, { key })).status).toBe(200);
  });

  it('the directory is a 300-row table of people', async () => {
    const doc = await dom(url, '/demo/directory');
    expect(doc.querySelectorAll('tbody tr')).toHaveLength(300);
    expect(hrefs(doc, 'https://www.linkedin.com/in/')).toHaveLength(300);
  });

  it('the search page links profiles in absolute www and country-subdomain forms that all enrich', async () => {
    const doc = await dom(url, '/demo/search');
    const links = hrefs(doc, 'https://');
    expect(links.filter((l) => l.startsWith('https://www.linkedin.com/in/')).length).toBeGreaterThan(5);
    expect(links.filter((l) => /^https:\/\/uk\.linkedin\.com\/in\/[a-z0-9-]+\/$/.test(l)).length).toBeGreaterThan(5);
    expect(hrefs(doc, '/in/')).toEqual([]);
    const key = freshKey();
    for (const link of links.slice(0, 3)) expect((await call(url, `/v1/enrich?${qs({ social_profile: link })}`, { key })).status).toBe(200);
  });

  it('a profile page links the person and their company', async () => {
    const index = await dom(url, '/demo/');
    const path = hrefs(index, '/demo/profile/')[0] ?? '';
    const doc = await dom(url, path);
    const slug = path.split('/').pop() ?? '';
    expect(hrefs(doc, 'https://www.linkedin.com/in/')).toContain(`https://www.linkedin.com/in/${slug}`);
    expect(hrefs(doc, 'https://www.linkedin.com/company/').length).toBe(1);
    expect((await call(url, '/demo/profile/no-such-person')).status).toBe(404);
  });

  it('the blog post carries decoys in code blocks', async () => {
    const doc = await dom(url, '/demo/blog');
    const code = [...doc.querySelectorAll('pre code')].map((c) => c.textContent).join('\n');
    for (const decoy of ['react@19.0.0', 'logo@2x.png', 'git@github.com:acme/dashboard.git']) expect(code).toContain(decoy);
  });
});

describe('demo pages and API with --hostile data', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  beforeAll(async () => {
    sandbox = await startSandbox({ quiet: true, hostile: true });
  });
  afterAll(() => sandbox.close());

  it.each(['/demo/', '/demo/team', '/demo/directory', '/demo/search', '/demo/blog'])('%s escapes the data', async (path) => {
    const res = await call(sandbox.url, path);
    expect(res.text).not.toMatch(/<(script|img|iframe|svg|b)[\s>]/i);
    expect(res.text).not.toMatch(/href="\s*javascript:/i);
    const doc = parseHTML(res.text).document;
    expect(doc.querySelectorAll('script, iframe, img, svg')).toHaveLength(0);
    const handlers = [...doc.querySelectorAll('*')].flatMap((el) => el.getAttributeNames().filter((n) => n.startsWith('on')));
    expect(handlers).toEqual([]);
  });

  it('the directory shows the hostile strings as text', async () => {
    const res = await call(sandbox.url, '/demo/directory');
    expect(res.text).toContain('&lt;script&gt;');
  });

  it('the API returns the hostile strings as data, and the hostile records can be looked up', async () => {
    const s = (await call(sandbox.url, '/_sandbox/samples')).json() as { socialProfiles: string[]; companies: Array<{ website: string }> };
    const contact = (await call(sandbox.url, `/v1/enrich?${qs({ social_profile: s.socialProfiles[0] ?? '' })}`, { key: freshKey() })).json() as { result: { first_name: string } };
    expect(contact.result.first_name).toContain('<script>');
    const company = (await call(sandbox.url, `/v1/company?${qs({ url: s.companies[7]?.website ?? '' })}`, { key: freshKey() })).json() as { result: { website: string } };
    expect(company.result.website).toMatch(/^javascript:/);
    const huge = (await call(sandbox.url, `/v1/enrich?${qs({ social_profile: s.socialProfiles[14] ?? '' })}`, { key: freshKey() })).json() as { result: { about: string } };
    expect(huge.result.about.length).toBeGreaterThanOrEqual(50_000);
  });
});
