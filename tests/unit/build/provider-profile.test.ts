// The provider profile a store build is made for: validated at build time (a typo stops the build with the fields to
// fix), read back in the bundle without ever throwing.
import { describe, expect, it } from 'vitest';
import { bakedProviderProfile, parseProviderProfile } from '@/lib/build/provider-profile';

const good = { name: 'Acme Data', apiBaseUrl: 'https://api.acme-data.example/', keyUrl: 'https://acme-data.example/signup' };

describe('parseProviderProfile', () => {
  it('accepts the required fields and normalises the address (no trailing slash)', () => {
    expect(parseProviderProfile(JSON.stringify(good), 'p.json')).toEqual({ ...good, apiBaseUrl: 'https://api.acme-data.example' });
  });

  it('accepts prices, docs and a support address or page, and a sandbox on this machine', () => {
    const full = { ...good, apiBaseUrl: 'http://127.0.0.1:8787', pricingUrl: 'https://acme-data.example/pricing', docsUrl: 'https://acme-data.example/docs', support: 'help@acme-data.example' };
    expect(parseProviderProfile(JSON.stringify(full), 'p.json')).toEqual(full);
    expect(parseProviderProfile(JSON.stringify({ ...good, support: 'https://acme-data.example/help' }), 'p.json').support).toBe('https://acme-data.example/help');
  });

  it.each([
    ['not JSON', '{name:', /p\.json is not JSON/],
    ['no key page', JSON.stringify({ name: 'A', apiBaseUrl: 'https://api.a.example' }), /keyUrl/],
    ['plain http to a remote API (the key would travel in clear)', JSON.stringify({ ...good, apiBaseUrl: 'http://api.acme-data.example' }), /apiBaseUrl: must be https/],
    ['a key page that is no web page', JSON.stringify({ ...good, keyUrl: 'javascript:alert(1)' }), /keyUrl: must be an http\(s\) address/],
    ['an empty name', JSON.stringify({ ...good, name: ' ' }), /name/],
    ['an unknown field (a typo of an optional one)', JSON.stringify({ ...good, pricingURL: 'https://x.example' }), /pricingURL/],
  ])('stops the build on %s, naming the file and the field', (_case, text, message) => {
    expect(() => parseProviderProfile(text, 'p.json')).toThrow(message);
  });
});

describe('bakedProviderProfile', () => {
  it('is the profile the build baked in, or null for none or anything unreadable', () => {
    expect(bakedProviderProfile(JSON.stringify(good))?.name).toBe('Acme Data');
    expect(bakedProviderProfile(undefined)).toBeNull();
    expect(bakedProviderProfile('')).toBeNull();
    expect(bakedProviderProfile('{')).toBeNull();
    expect(bakedProviderProfile(JSON.stringify({ name: 'x' }))).toBeNull();
  });
});
