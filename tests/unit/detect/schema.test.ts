import { describe, expect, it } from 'vitest';
import {
  finalisePageScan,
  LIMITS,
  PageEntitiesSchema,
  PageScanMessageSchema,
  RawPageScanSchema,
  type RawPageScan,
} from '@/lib/detect';
import { createCollector } from '@/lib/detect/collector';

const raw = (over: Partial<RawPageScan> = {}): RawPageScan => ({
  url: 'https://www.acme.com/team',
  title: 'Team',
  emails: [],
  phones: [],
  profiles: [],
  companyProfiles: [],
  linkHosts: [],
  faxes: [],
  lang: '',
  hreflangs: [],
  addressCountries: [],
  embedHosts: [],
  people: [],
  companies: [],
  truncated: false,
  ...over,
});

describe('RawPageScanSchema (the trust boundary with the page)', () => {
  it('accepts a scan', () => {
    expect(RawPageScanSchema.parse(raw({ emails: ['a@acme.com'] }))).toEqual(raw({ emails: ['a@acme.com'] }));
  });

  it.each<[string, unknown]>([
    ['an unknown field', { ...raw(), html: '<p>page content</p>' }],
    ['a missing field', { url: 'https://x.com', title: '' }],
    ['too many items', raw({ emails: Array.from({ length: LIMITS.items + 1 }, (_, i) => `a${i}@acme.com`) })],
    ['a string too long', raw({ linkHosts: ['a'.repeat(LIMITS.string + 1)] })],
    ['a title too long', raw({ title: 't'.repeat(LIMITS.string + 1) })],
    ['a non-string item', { ...raw(), phones: [42] }],
  ])('rejects %s', (_why, value) => {
    expect(RawPageScanSchema.safeParse(value).success).toBe(false);
  });

  it('the message the content script sends', () => {
    const message = { type: 'content/scan', scan: raw(), scanId: 'abc123', complete: true };
    expect(PageScanMessageSchema.parse(message)).toEqual(message);
    expect(PageScanMessageSchema.safeParse({ ...message, extra: 1 }).success).toBe(false);
  });
});

describe('the collector keeps every scan inside the schema', () => {
  it('caps lists, long strings and long URLs', () => {
    const c = createCollector();
    for (let i = 0; i < LIMITS.items + 50; i++) c.email(`a${i}@acme.com`);
    c.linkHost('h'.repeat(LIMITS.string + 10));
    const scan = c.toRaw(`https://acme.com/${'p'.repeat(3000)}?q=${'x'.repeat(3000)}`, 'T'.repeat(5000));
    expect(scan.emails).toHaveLength(LIMITS.items);
    expect(scan.truncated).toBe(true);
    expect(scan.linkHosts).toEqual([]);
    expect(RawPageScanSchema.safeParse(scan).success).toBe(true);
    expect(scan.url.startsWith('https://acme.com/ppp')).toBe(true);
  });
});

describe('finalisePageScan', () => {
  it('re-validates everything the page sent (the content script runs where the page can reach it)', () => {
    const entities = finalisePageScan(
      raw({
        emails: ['JANE@acme.com', 'not an email', 'root@localhost', 'user@example.com', 'logo@2x.png', 'bob@gmail.com'],
        phones: ['+1 415 555 0142', '+1 (415) 555-0142', 'call me', '+1 123'],
        profiles: ['https://uk.linkedin.com/in/Jane/', 'https://evil.com/in/x', 'javascript:alert(1)'],
        companyProfiles: ['https://www.linkedin.com/company/acme/about'],
        linkHosts: ['shop.fabrikam.co.uk', 'twitter.com', '10.0.0.1', 'intranet.corp', 'café.fr'],
      }),
    );
    expect(entities).toEqual({
      url: 'https://www.acme.com/team',
      title: 'Team',
      emails: ['bob@gmail.com', 'jane@acme.com'],
      phones: ['+14155550142'],
      profiles: ['https://www.linkedin.com/in/jane'],
      companyProfiles: ['https://www.linkedin.com/company/acme'],
      domains: ['acme.com', 'fabrikam.co.uk', 'xn--caf-dma.fr'],
      faxes: [],
      // The page's own international numbers say which country its national numbers are in.
      phoneCountry: { country: 'US', evidence: 'international-number' },
      people: [],
      // The company page and the site's domain name the same company (acme ↔ acme.com): one row; "Team" names
      // nobody, so its domain does.
      companies: [{ id: 'acme.com', name: 'acme.com', domains: ['acme.com'], companyPages: ['https://www.linkedin.com/company/acme'] }],
    });
    expect(PageEntitiesSchema.parse(entities)).toEqual(entities);
  });

  it('sorts and de-duplicates', () => {
    const entities = finalisePageScan(raw({ url: 'file:///x.html', emails: ['b@acme.com', 'a@acme.com', 'B@ACME.COM'] }));
    expect(entities.emails).toEqual(['a@acme.com', 'b@acme.com']);
    expect(entities.domains).toEqual(['acme.com']);
  });
});
