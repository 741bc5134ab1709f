import { describe, expect, it } from 'vitest';
import { siteLabel, sitePattern } from '@/lib/permissions';

describe('sitePattern', () => {
  it.each([
    ['a bare domain defaults to https', 'example.com', 'https://example.com/*', 'example.com'],
    ['a pasted page URL keeps only the origin', 'https://www.example.com/team?x=1', 'https://www.example.com/*', 'www.example.com'],
    ['http when typed', 'http://intranet.example.com', 'http://intranet.example.com/*', 'http://intranet.example.com'],
    ['a wildcard covers subdomains', '*.example.com', 'https://*.example.com/*', '*.example.com'],
    ['upper case and spaces', '  Example.COM  ', 'https://example.com/*', 'example.com'],
    ['an internationalised domain becomes punycode', 'bücher.de', 'https://xn--bcher-kva.de/*', 'xn--bcher-kva.de'],
    ['a port is dropped (patterns match every port)', 'example.com:8080', 'https://example.com/*', 'example.com'],
  ])('%s: %s', (_case, input, pattern, label) => {
    expect(sitePattern(input)).toEqual({ ok: true, pattern, label });
  });

  it.each([
    ['empty', '   '],
    ['not a web scheme', 'chrome://extensions'],
    ['no dot', 'intranet'],
    ['spaces inside', 'exa mple.com'],
    ['an everywhere wildcard (use the "everywhere" choice instead)', '*'],
    ['an HTML payload', '<img src=x onerror=alert(1)>.com'],
  ])('rejects %s', (_case, input) => {
    expect(sitePattern(input).ok).toBe(false);
  });
});

describe('siteLabel', () => {
  it.each([
    ['https://example.com/*', 'example.com'],
    ['http://example.com/*', 'http://example.com'],
    ['https://*.example.com/*', '*.example.com'],
    ['something else', 'something else'],
  ])('%s → %s', (pattern, label) => {
    expect(siteLabel(pattern)).toBe(label);
  });
});
