import { describe, expect, it } from 'vitest';
import { originPattern, validateApiBaseUrl } from '@/lib/permissions';

describe('validateApiBaseUrl', () => {
  it.each([
    ['the local sandbox', 'http://127.0.0.1:8787', 'http://127.0.0.1:8787'],
    ['trailing slash dropped', 'https://api.example.com/', 'https://api.example.com'],
    ['base path kept, slashes trimmed', '  https://example.com/enrich/v2//  ', 'https://example.com/enrich/v2'],
    ['host lower-cased by URL', 'https://API.Example.COM', 'https://api.example.com'],
    ['localhost over http', 'http://localhost:3000', 'http://localhost:3000'],
    ['default https port dropped', 'https://api.example.com:443', 'https://api.example.com'],
  ])('accepts %s', (_case, input, url) => {
    expect(validateApiBaseUrl(input)).toEqual({ ok: true, url });
  });

  it.each([
    ['empty', '', /Enter the address/],
    ['no scheme', 'api.example.com', /not a web address/],
    ['a javascript: URL', 'javascript:alert(1)', /Only https/],
    ['ftp', 'ftp://api.example.com', /Only https/],
    ['plain http to a remote host would leak the key', 'http://api.example.com', /unencrypted/],
    ['credentials in the URL', 'https://user:pw@api.example.com', /user name and password/],
    ['a query string', 'https://api.example.com/?key=1', /after “\?”/],
    ['a fragment', 'https://api.example.com/#x', /after “\?” or “#”/],
  ])('rejects %s', (_case, input, message) => {
    const result = validateApiBaseUrl(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });
});

describe('originPattern', () => {
  it.each([
    ['http://127.0.0.1:8787', 'http://127.0.0.1/*'],
    ['https://api.example.com', 'https://api.example.com/*'],
    ['https://api.example.com:8443/base', 'https://api.example.com/*'],
    ['http://localhost:3000/', 'http://localhost/*'],
    ['not a url', null],
    ['file:///etc/passwd', null],
  ])('%s → %s', (url, pattern) => {
    expect(originPattern(url)).toBe(pattern);
  });
});
