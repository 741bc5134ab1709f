import { describe, expect, it } from 'vitest';
import { fitPageState, MAX_STORED_PAGE_BYTES } from '@/lib/messaging/page-state';
import { type PageState, PageStateSchema } from '@/lib/messaging/protocol';
import { looseIdentifiers } from '@/lib/people';

function page(count: number, length: number): PageState {
  const item = (i: number) => `https://www.linkedin.com/in/${'x'.repeat(length)}-${i}`;
  return {
    tabId: 1,
    url: 'https://example.com/',
    title: 'A page',
    entities: {
      url: 'https://example.com/',
      title: 'A page',
      emails: Array.from({ length: count }, (_, i) => `person${i}@acme.com`),
      phones: [],
      faxes: [],
      phoneCountry: null,
      people: [],
      companies: [],
      profiles: Array.from({ length: count }, (_, i) => item(i)),
      companyProfiles: [],
      domains: ['acme.com'],
    },
    scannedAt: 0,
    complete: true,
  } as PageState;
}

describe('fitPageState', () => {
  it.each([
    ['a real page (40 people) is stored whole', 40, 20],
    ['a directory (2,000 people) is stored whole', 2000, 20],
  ])('%s', (_name, count, length) => {
    const p = page(count, length);
    expect(fitPageState(p)).toEqual(p);
  });

  it('a hostile page (5,000 URLs of 2 kB) is cut to the budget, keeping the first items of every list', () => {
    const p = page(5000, 2000);
    const fitted = fitPageState(p);
    expect(JSON.stringify(fitted).length).toBeLessThanOrEqual(MAX_STORED_PAGE_BYTES);
    expect(fitted.entities.profiles.length).toBeGreaterThan(0);
    expect(fitted.entities.profiles[0]).toBe(p.entities.profiles[0]);
    expect(fitted.entities.emails[0]).toBe(p.entities.emails[0]);
    expect(fitted.entities.domains).toEqual(['acme.com']);
  });
});

/** A directory page that is mostly people: each card a name, a title, an email and a profile, in page order. */
function directory(count: number, opts: { faxes?: number; name?: (i: number) => string } = {}): PageState {
  const name = opts.name ?? ((i: number) => `Person ${i} Lastname-${(i * 7919) % 10007}`);
  // Page order is not alphabetical: the flat lists (sorted) and the people (page order) disagree on what is "first".
  const slug = (i: number) => `${String((i * 7919) % 10007).padStart(5, '0')}-person-${i}`;
  const people = Array.from({ length: count }, (_, i) => ({
    id: `https://www.linkedin.com/in/${slug(i)}`,
    name: name(i),
    title: 'Senior Vice President, Strategic Partnerships and Business Development (EMEA)',
    company: 'Acme Corporation',
    emails: [`${slug(i)}@acme-corp.com`],
    phones: [],
    profiles: [`https://www.linkedin.com/in/${slug(i)}`],
  }));
  const loose = ['press@acme-corp.com', 'jobs@acme-corp.com'];
  return {
    tabId: 7,
    url: 'https://acme-corp.com/team',
    title: 'Our team',
    entities: {
      url: 'https://acme-corp.com/team',
      title: 'Our team',
      emails: [...people.flatMap((p) => p.emails), ...loose].sort(),
      phones: ['+14155550142'],
      faxes: Array.from({ length: opts.faxes ?? 0 }, (_, i) => `+1415555${String(i).padStart(4, '0')}`),
      phoneCountry: { country: 'US', evidence: 'tel-link' },
      people,
      companies: [{ id: 'acme-corp.com', name: 'Acme Corporation', domains: ['acme-corp.com'], companyPages: ['https://www.linkedin.com/company/acme'] }],
      profiles: people.flatMap((p) => p.profiles).sort(),
      companyProfiles: ['https://www.linkedin.com/company/acme'],
      domains: ['acme-corp.com'],
    },
    scannedAt: 1_700_000_000_000,
    complete: true,
  };
}

const utf8 = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

describe('fitPageState on a page of people', () => {
  it('a page under the cap is returned as it is (same object, not marked truncated)', () => {
    const p = directory(300);
    expect(utf8(p)).toBeLessThan(MAX_STORED_PAGE_BYTES);
    const fitted = fitPageState(p);
    expect(fitted).toBe(p);
    expect(fitted).not.toHaveProperty('truncated');
  });

  it('4,400 person cards are cut to the cap, keeping the first people in page order with their identifiers', () => {
    const p = directory(4400);
    expect(utf8(p)).toBeGreaterThan(4 * MAX_STORED_PAGE_BYTES);
    const fitted = fitPageState(p);

    expect(utf8(fitted)).toBeLessThanOrEqual(MAX_STORED_PAGE_BYTES);
    expect(JSON.stringify(fitted).length).toBeLessThanOrEqual(MAX_STORED_PAGE_BYTES);
    expect(fitted.truncated).toBe(true);
    expect(PageStateSchema.safeParse(fitted).success).toBe(true);

    // The people kept are the first ones on the page, in page order, and they fill most of the budget.
    const kept = fitted.entities.people;
    expect(kept.length).toBeGreaterThan(500);
    expect(kept.length).toBeLessThan(4400);
    expect(kept).toEqual(p.entities.people.slice(0, kept.length));

    // The flat lists hold the kept people's identifiers (sorted, as before), not those of people cut away.
    expect(fitted.entities.emails).toEqual([...fitted.entities.emails].sort());
    expect(fitted.entities.emails).toEqual(expect.arrayContaining(kept.flatMap((k) => k.emails)));
    expect(new Set(fitted.entities.profiles)).toEqual(new Set(kept.flatMap((k) => k.profiles)));
    // So the panel shows the kept people and (some of) the page's own loose items: no cut person comes back as a
    // loose row of their own.
    const loose = looseIdentifiers(fitted.entities, kept, fitted.entities.companies);
    expect(loose.profiles).toEqual([]);
    expect(loose.emails.length).toBeGreaterThan(0);
    for (const email of loose.emails) expect(['jobs@acme-corp.com', 'press@acme-corp.com']).toContain(email);

    // The short lists keep their items; the company is kept.
    expect(fitted.entities.companies).toEqual(p.entities.companies);
    expect(fitted.entities.domains).toEqual(['acme-corp.com']);
    expect(fitted.entities.phones).toEqual(['+14155550142']);
    expect(fitted.entities.phoneCountry).toEqual(p.entities.phoneCountry);
    expect({ ...fitted, entities: undefined, truncated: undefined }).toEqual({ ...p, entities: undefined });
  });

  it('every list is shortened, faxes and other long lists included', () => {
    const p = directory(3000, { faxes: 5000 });
    const fitted = fitPageState(p);
    expect(utf8(fitted)).toBeLessThanOrEqual(MAX_STORED_PAGE_BYTES);
    expect(fitted.entities.faxes.length).toBeGreaterThan(0);
    expect(fitted.entities.faxes.length).toBeLessThan(5000);
    expect(fitted.entities.faxes).toEqual(p.entities.faxes.slice(0, fitted.entities.faxes.length));
    expect(fitted.entities.people).toEqual(p.entities.people.slice(0, fitted.entities.people.length));
    expect(fitted.entities.people.length).toBeGreaterThan(100);
  });

  it('counts UTF-8 bytes, as the storage quota does: names in Chinese take three bytes a character', () => {
    const p = directory(3000, { name: (i) => `张伟明${i}号先生的名字很长很长很长很长很长很长` });
    const fitted = fitPageState(p);
    expect(utf8(fitted)).toBeLessThanOrEqual(MAX_STORED_PAGE_BYTES);
    expect(utf8(fitted)).toBeGreaterThan(MAX_STORED_PAGE_BYTES * 0.95);
    expect(fitted.entities.people).toEqual(p.entities.people.slice(0, fitted.entities.people.length));
  });

  it('when one item of every list is still too much, drops whole lists, least useful first, the people last', () => {
    const p = directory(50, { faxes: 20 });
    const onePerList = JSON.stringify({
      ...p,
      truncated: true,
      entities: { ...p.entities, ...Object.fromEntries(Object.entries(p.entities).map(([k, v]) => [k, Array.isArray(v) ? v.slice(0, 1) : v])) },
    }).length;
    const fitted = fitPageState(p, onePerList - 10);
    expect(utf8(fitted)).toBeLessThanOrEqual(onePerList - 10);
    expect(fitted.truncated).toBe(true);
    expect(fitted.entities.faxes).toEqual([]);
    expect(fitted.entities.people).toEqual(p.entities.people.slice(0, 1));

    // A budget with room for nothing but the page itself: every list goes, and the state says so.
    const bare = fitPageState(p, 600);
    expect(bare.entities.people).toEqual([]);
    expect(bare.entities.emails).toEqual([]);
    expect(bare.truncated).toBe(true);
    expect(utf8(bare)).toBeLessThanOrEqual(600);
  });
});
