import { describe, expect, it } from 'vitest';
import { fitPageState, MAX_STORED_PAGE_BYTES } from '@/lib/messaging/page-state';
import type { PageState } from '@/lib/messaging/protocol';

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
