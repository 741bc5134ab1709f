import { describe, expect, it } from 'vitest';
import { profileOfPage } from '@/components/shared/lookup';

describe('profileOfPage: the person a page is about', () => {
  const jane = 'https://www.linkedin.com/in/jane-doe-x1y2z3';

  it('reads the handle from a /profile/<handle> page, served or packaged as .html', () => {
    expect(profileOfPage('http://127.0.0.1:8787/demo/profile/jane-doe-x1y2z3', [jane])).toBe(jane);
    expect(profileOfPage('chrome-extension://abc/demo/profile/jane-doe-x1y2z3.html', [jane])).toBe(jane);
    expect(profileOfPage('https://example.com/people/Jane-Doe-X1Y2Z3.htm', [jane])).toBe(jane);
  });

  it('is no one when the last segment names no profile found on the page', () => {
    expect(profileOfPage('chrome-extension://abc/demo/profile/someone-else.html', [jane])).toBeNull();
    expect(profileOfPage('chrome-extension://abc/demo/team.html', [jane])).toBeNull();
  });
});
