import { describe, expect, it } from 'vitest';
import { pageFile } from '@/sandbox/extension-assets';

describe('pageFile: where a demo page is written in the package', () => {
  it('puts the index, flat pages and profiles at paths the side panel reads as the sandbox serves them', () => {
    expect(pageFile('/demo/')).toBe('index.html');
    expect(pageFile('/demo/team')).toBe('team.html');
    expect(pageFile('/demo/law-office/')).toBe('law-office.html');
    // A profile keeps /profile/<handle>: the panel then leads with that person, as on the sandbox's page.
    expect(pageFile('/demo/profile/jane-doe-x1y2z3')).toBe('profile/jane-doe-x1y2z3.html');
  });

  it('never writes outside the demo folder, whatever a link says', () => {
    expect(pageFile('/demo/../manifest')).toBe('-/manifest.html');
    expect(pageFile('/demo/a b?c')).toBe('a-b-c.html');
  });
});
