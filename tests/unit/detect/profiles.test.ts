import { describe, expect, it } from 'vitest';
import { NETWORKS, normaliseProfileUrl } from '@/lib/detect';
import { entitiesOfHtml, entitiesOfText } from './helpers';

describe('normaliseProfileUrl', () => {
  it.each<[string, string | undefined, string | null]>([
    ['https://www.linkedin.com/in/jane-doe', undefined, 'https://www.linkedin.com/in/jane-doe'],
    ['https://www.linkedin.com/in/Jane-Doe/', undefined, 'https://www.linkedin.com/in/jane-doe'],
    ['http://linkedin.com/in/jane-doe?trk=abc#experience', undefined, 'https://www.linkedin.com/in/jane-doe'],
    ['https://uk.linkedin.com/in/jane-doe-1a2b3c', undefined, 'https://www.linkedin.com/in/jane-doe-1a2b3c'],
    ['https://de.linkedin.com/in/lukas-m%C3%BCller-123', undefined, 'https://www.linkedin.com/in/lukas-m%C3%BCller-123'],
    ['https://www.linkedin.com/in/lukas-müller-123', undefined, 'https://www.linkedin.com/in/lukas-m%C3%BCller-123'],
    ['https://www.linkedin.com/in/jane-doe/details/experience/', undefined, 'https://www.linkedin.com/in/jane-doe'],
    ['//www.linkedin.com/in/jane-doe', 'https://x.com/', 'https://www.linkedin.com/in/jane-doe'],
    ['/in/jane-doe/?miniProfileUrn=urn', 'https://www.linkedin.com/search/results/people/', 'https://www.linkedin.com/in/jane-doe'],
    // A relative path without a leading slash resolves under the current directory: not a profile.
    ['in/jane-doe', 'https://www.linkedin.com/search/results/people/', null],
    ['https://www.LinkedIn.com/IN/Jane', undefined, 'https://www.linkedin.com/in/jane'],
    ['https://www.linkedin.com/company/acme-robotics/', undefined, 'https://www.linkedin.com/company/acme-robotics'],
    ['https://www.linkedin.com/company/acme-robotics/about/', undefined, 'https://www.linkedin.com/company/acme-robotics'],
    ['https://www.linkedin.com/company/acme-robotics/life/engineering', undefined, 'https://www.linkedin.com/company/acme-robotics'],
    ['https://www.linkedin.com/company/1234567/', undefined, 'https://www.linkedin.com/company/1234567'],
    // what is not a profile
    ['https://www.linkedin.com/in/me/', undefined, null],
    ['https://www.linkedin.com/in/', undefined, null],
    ['https://www.linkedin.com/in', undefined, null],
    ['https://www.linkedin.com/feed/', undefined, null],
    ['https://www.linkedin.com/search/results/people/?keywords=jane', undefined, null],
    ['https://www.example.com/in/jane-doe', undefined, null],
    ['https://evil-linkedin.com/in/jane-doe', undefined, null],
    ['https://linkedin.com.evil.io/in/jane-doe', undefined, null],
    ['ftp://www.linkedin.com/in/jane-doe', undefined, null],
    ['javascript:alert(1)//www.linkedin.com/in/x', undefined, null],
    ['https://www.linkedin.com/in/jane%ZZ', undefined, null],
    ['https://www.linkedin.com/in/jane%20doe', undefined, null],
    ['/in/jane-doe', 'https://www.acme.com/team', null],
  ])('%s (base %s) → %s', (href, base, expected) => {
    expect(normaliseProfileUrl(href, base)?.url ?? null).toBe(expected);
  });

  it('tells people from companies', () => {
    expect(normaliseProfileUrl('https://www.linkedin.com/in/jane')?.kind).toBe('person');
    expect(normaliseProfileUrl('https://www.linkedin.com/company/acme')?.kind).toBe('company');
  });

  it('parses dot segments the way a browser does', () => {
    expect(normaliseProfileUrl('https://www.linkedin.com/feed/../in/jane/')?.url).toBe('https://www.linkedin.com/in/jane');
  });

  it('takes hosts and shapes from the data file', () => {
    const linkedin = NETWORKS.find((n) => n.id === 'linkedin');
    expect(linkedin?.hosts).toContain('linkedin.com');
    const person = linkedin?.shapes.find((s) => s.kind === 'person');
    expect(person?.path).toBe('in');
    expect(person?.reserved).toContain('me');
    expect(linkedin?.shapes.filter((s) => s.kind === 'company').map((s) => s.path)).toEqual(['company', 'school', 'showcase']);
  });
});

describe('profiles on a page', () => {
  it.each<[string, string, string | undefined, { profiles: string[]; companyProfiles: string[] }]>([
    [
      'absolute links on any site',
      '<a href="https://uk.linkedin.com/in/Rahul-Mehta?trk=x">R</a><a href="https://www.linkedin.com/company/acme/life/">A</a>',
      undefined,
      { profiles: ['https://www.linkedin.com/in/rahul-mehta'], companyProfiles: ['https://www.linkedin.com/company/acme'] },
    ],
    [
      'relative links on the network itself',
      '<a href="/in/jane-doe/">J</a><a href="/company/acme/">A</a><a href="/in/me/">Me</a>',
      'https://www.linkedin.com/search/results/people/?keywords=acme',
      { profiles: ['https://www.linkedin.com/in/jane-doe'], companyProfiles: ['https://www.linkedin.com/company/acme'] },
    ],
    ['relative /in/ links on another site', '<a href="/in/jane-doe/">J</a>', 'https://www.acme.com/team', { profiles: [], companyProfiles: [] }],
    [
      'relative links under a <base> on the network',
      '<html><head><base href="https://www.linkedin.com/"></head><body><a href="in/jane-doe">J</a></body></html>',
      'https://archive.example.org/saved.html',
      { profiles: ['https://www.linkedin.com/in/jane-doe'], companyProfiles: [] },
    ],
    [
      'the page itself is a profile',
      '<h1>Jane Doe</h1>',
      'https://www.linkedin.com/in/jane-doe-nw/',
      { profiles: ['https://www.linkedin.com/in/jane-doe-nw'], companyProfiles: [] },
    ],
    [
      'the page itself is a company page',
      '<h1>Acme</h1>',
      'https://www.linkedin.com/company/acme/about/',
      { profiles: [], companyProfiles: ['https://www.linkedin.com/company/acme'] },
    ],
  ])('%s', (_why, html, url, expected) => {
    const found = entitiesOfHtml(html, url);
    expect({ profiles: found.profiles, companyProfiles: found.companyProfiles }).toEqual(expected);
  });

  it.each<[string, string[]]>([
    ['Find me at linkedin.com/in/john-smith.', ['https://www.linkedin.com/in/john-smith']],
    ['https://www.linkedin.com/in/Jane-Doe/ and uk.linkedin.com/in/bob', ['https://www.linkedin.com/in/bob', 'https://www.linkedin.com/in/jane-doe']],
    ['evil-linkedin.com/in/x', []],
    ['linkedin.com/in/me', []],
  ])('profile URLs written in text: %s', (text, expected) => {
    expect(entitiesOfText(text).profiles).toEqual(expected);
  });
});
