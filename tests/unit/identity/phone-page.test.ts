// Phones on pages, end to end through the scanner and the background's finalising step: international and
// national formats from libphonenumber-js's per-country example numbers (examples.mobile.json) and the ITU
// national formats, the labels that make a number a fax, every separator, and the country evidence
// (lib/detect/README.md).
import { describe, expect, it } from 'vitest';
import { scanHtml } from '@/scripts/scan';

interface Row {
  why: string;
  /** `<html lang>`; empty for none. */
  lang: string;
  url: string;
  body: string;
  phones: string[];
  faxes?: string[];
}

const FILE = 'file:///page.html';
const row = (why: string, lang: string, body: string, phones: string[], faxes: string[] = [], url = FILE): Row => ({ why, lang, url, body, phones, faxes });

function scan({ lang, url, body }: Row) {
  const html = `<!doctype html><html${lang === '' ? '' : ` lang="${lang}"`}><head><title>t</title></head><body>${body}</body></html>`;
  return scanHtml(html, url);
}

const INTERNATIONAL: Row[] = [
  row('US, spaces', '', '<p>Call +1 201 555 0123</p>', ['+12015550123']),
  row('US, parentheses and dash', '', '<p>+1 (201) 555-0123</p>', ['+12015550123']),
  row('US, dots', '', '<p>+1.201.555.0123</p>', ['+12015550123']),
  row('US, en dashes', '', '<p>+1 201\u2013555\u20130123</p>', ['+12015550123']),
  row('Canada', '', '<p>Tel +1 506 234 5678</p>', ['+15062345678']),
  row('UK mobile', '', '<p>+44 7400 123456</p>', ['+447400123456']),
  row('UK with (0)', '', '<p>+44 (0) 7400 123456</p>', ['+447400123456']),
  row('UK with 00', '', '<p>0044 7400 123456</p>', ['+447400123456']),
  row('Germany mobile', '', '<p>+49 1512 3456789</p>', ['+4915123456789']),
  row('Germany switchboard: " – 0" after (0), read whole', '', '<p>Tel. +49 (0) 89 12 34 56 \u2013 0</p>', ['+49891234560']),
  row('Germany, zero-width space inside', '', '<p>+49 89\u200b1234560</p>', ['+49891234560']),
  row('Germany, word joiner and soft hyphen', '', '<p>+49 89\u20601234\u00ad560</p>', ['+49891234560']),
  row('Austria mobile', '', '<p>+43 664 123456</p>', ['+43664123456']),
  row('Austria: 00, (0) and a slash', '', '<p>0043 (0) 316/12 34 56</p>', ['+43316123456']),
  row('Switzerland', '', '<p>+41 78 123 45 67</p>', ['+41781234567']),
  row('France, spaces', '', '<p>+33 6 12 34 56 78</p>', ['+33612345678']),
  row('France, no-break spaces', '', '<p>+33\u00a06\u00a012\u00a034\u00a056\u00a078</p>', ['+33612345678']),
  row('France, narrow no-break spaces', '', '<p>+33\u202f6\u202f12\u202f34\u202f56\u202f78</p>', ['+33612345678']),
  row('Italy', '', '<p>+39 312 345 6789</p>', ['+393123456789']),
  row('Spain', '', '<p>+34 612 34 56 78</p>', ['+34612345678']),
  row('Netherlands', '', '<p>+31 6 12345678</p>', ['+31612345678']),
  row('Czechia', '', '<p>+420 601 123 456</p>', ['+420601123456']),
  row('Poland', '', '<p>+48 512 345 678</p>', ['+48512345678']),
  row('Japan', '', '<p>+81 90-1234-5678</p>', ['+819012345678']),
  row('Australia', '', '<p>+61 412 345 678</p>', ['+61412345678']),
  row('India', '', '<p>+91 81234 56789</p>', ['+918123456789']),
  row('Brazil', '', '<p>+55 11 96123-4567</p>', ['+5511961234567']),
  row('Sweden', '', '<p>+46 70-123 45 67</p>', ['+46701234567']),
  row('Ireland', '', '<p>+353 85 012 3456</p>', ['+353850123456']),
  row('Belgium', '', '<p>+32 450 00 12 34</p>', ['+32450001234']),
  row('Mexico', '', '<p>+52 222 123 4567</p>', ['+522221234567']),
  row('two numbers split by " / "', '', '<p>+49 89 1234560 / 089 7654321</p>', ['+49891234560', '+49897654321']),
];

const NATIONAL: Row[] = [
  row('US (212) with lang en', 'en', '<p>(212) 555-0147</p>', ['+12125550147']),
  row('US dashes', 'en-US', '<p>212-555-0147</p>', ['+12125550147']),
  row('US with the 1 prefix', 'en-US', '<p>1-212-555-0147</p>', ['+12125550147']),
  row('US dots', 'en-US', '<p>212.555.0147</p>', ['+12125550147']),
  row('Germany, Munich', 'de', '<p>Tel.: 089 1234560</p>', ['+49891234560']),
  row('Germany, mobile', 'de', '<p>Mobil 01512 3456789</p>', ['+4915123456789']),
  row('Germany, slash and dash extension', 'de', '<p>089 / 12 34 56-0</p>', ['+49891234560']),
  row('Austria, mobile', 'de-AT', '<p>0664 123456</p>', ['+43664123456']),
  row('Austria, Graz with a slash', 'de-AT', '<p>0316/12 34 56</p>', ['+43316123456']),
  row('Switzerland', 'de-CH', '<p>078 123 45 67</p>', ['+41781234567']),
  row('France, spaces', 'fr', '<p>06 12 34 56 78</p>', ['+33612345678']),
  row('France, dots', 'fr', '<p>06.12.34.56.78</p>', ['+33612345678']),
  row('Italy, mobile without a trunk prefix', 'it', '<p>312 345 6789</p>', ['+393123456789']),
  row('Spain, no trunk prefix', 'es-ES', '<p>612 34 56 78</p>', ['+34612345678']),
  row('Netherlands', 'nl', '<p>06 12345678</p>', ['+31612345678']),
  row('Czechia', 'cs', '<p>tel. 601 123 456</p>', ['+420601123456']),
  row('Poland', 'pl', '<p>512 345 678</p>', ['+48512345678']),
  row('Japan', 'ja', '<p>090-1234-5678</p>', ['+819012345678']),
  row('UK from the ccTLD', 'en', '<p>07400 123456</p>', ['+447400123456'], [], 'https://www.acme.co.uk/team'),
  row('UK from en-GB', 'en-GB', '<p>07400 123456</p>', ['+447400123456']),
  row('Australia', 'en-AU', '<p>0412 345 678</p>', ['+61412345678']),
  row('Sweden', 'sv', '<p>070-123 45 67</p>', ['+46701234567']),
  row('Belgium (Dutch)', 'nl-BE', '<p>0450 00 12 34</p>', ['+32450001234']),
  row('Germany from the ccTLD', '', '<p>089 1234560</p>', ['+49891234560'], [], 'https://www.acme.de/kontakt'),
  row('a tel: link outranks the language', 'en', '<p><a href="tel:+49891234560">Zentrale</a> 089 7654321</p>', ['+49891234560', '+49897654321']),
  row('an international number outranks the language', '', '<p>+43 664 123456 or 0316 123456</p>', ['+43316123456', '+43664123456']),
  row('a national tel: link read in the page country', 'de', '<a href="tel:089-1234560">Anrufen</a>', ['+49891234560']),
];

const LABELS: Row[] = [
  row('"F" before a US number is a fax', '', '<p>T +1 (415) 555-0142 F +1 (415) 555-0143</p>', ['+14155550142'], ['+14155550143']),
  row('"Fax:" in German', 'de', '<p>Fax: 089 1234561</p>', [], ['+49891234561']),
  row('"Telefax" with a slash', 'de-AT', '<p>Telefax 0316/12 34 57</p>', [], ['+43316123457']),
  row('fax in its own element', '', '<p><span>Fax</span> <span>+44 20 7946 0959</span></p>', [], ['+442079460959']),
  row('fax from a French page', 'fr', '<p>Télécopie / Fax : 01 23 45 67 89</p>', [], ['+33123456789']),
  row('a fax offered by a tel: link stays a fax', '', '<p>Fax <a href="tel:+14155550143">+1 415 555 0143</a></p>', [], ['+14155550143']),
  row('"M" is a mobile', '', '<p>M +44 7400 123456</p>', ['+447400123456']),
  row('"Mobile:" is a phone', '', '<p>Mobile: +33 6 12 34 56 78</p>', ['+33612345678']),
  row('"Direct" is a phone', '', '<p>Direct +1 201 555 0123</p>', ['+12015550123']),
  row('"Tel." is a phone', '', '<p>Tel. +49 89 1234560</p>', ['+49891234560']),
  row('"Fax" in a word is not a label', '', '<p>Halifax +1 902 555 0123</p>', ['+19025550123']),
];

const REFUSED: Row[] = [
  row('a national number with no evidence of a country', '', '<p>(201) 555-0123</p>', []),
  row('a German date', 'de', '<p>am 15.01.2024</p>', []),
  row('a year range', 'de', '<p>2019\u20132023</p>', []),
  row('a French amount', 'fr', '<p>123 456 789 €</p>', []),
  row('an order number', 'de', '<p>Bestellung 20192023</p>', []),
  row('an American number on a German page (country code left out)', 'de', '<p>212-555-0147</p>', []),
  row('an ISBN', 'de', '<p>ISBN 978-3-16-148410-0</p>', []),
  row('digits glued to letters', '', '<p>+49 89 1234560abc</p>', []),
  row('a number longer than any number', '', `<p>+49 89 ${'1 '.repeat(20)}</p>`, []),
  row('a postcode and a street number', 'de', '<p>80331 München, Marienplatz 8</p>', []),
];

describe('phones on pages', () => {
  it.each([...INTERNATIONAL, ...NATIONAL, ...LABELS, ...REFUSED].map((r) => [r.why, r] as const))('%s', (_why, r) => {
    const entities = scan(r);
    expect({ phones: entities.phones, faxes: entities.faxes }).toEqual({ phones: [...r.phones].sort(), faxes: r.faxes ?? [] });
  });

  it('covers at least 60 rows across at least 12 countries', () => {
    const rows = [...INTERNATIONAL, ...NATIONAL, ...LABELS];
    const countries = new Set(rows.flatMap((r) => [...r.phones, ...(r.faxes ?? [])]).map((n) => n.slice(0, 3)));
    expect(rows.length + REFUSED.length).toBeGreaterThanOrEqual(60);
    expect(countries.size).toBeGreaterThanOrEqual(12);
  });
});

/** A `<link rel="alternate" hreflang>` (in the body: parsers and browsers keep it there). */
const alt = (tag: string): string => `<link rel="alternate" hreflang="${tag}" href="https://acme.com/${tag}/">`;

describe('national numbers read with the country of hreflang and address text', () => {
  it.each([
    row('Austrian landline, country from hreflang', '', `${alt('de-AT')}<p>Tel. 0316 123456</p>`, ['+43316123456']),
    row('Austrian landline, country from <address>', 'en', `<address>Huber GmbH<br>Ringstraße 1<br>8010 Graz<br>Österreich</address><p>Tel. 0316 123456</p>`, ['+43316123456'], [], 'https://huber.com/'),
    row('Swiss mobile, country from microdata', '', `<span itemprop="addressCountry">CH</span><p>Mobile 078 123 45 67</p>`, ['+41781234567'], [], 'https://acme.com/'),
  ].map((r) => [r.why, r] as const))('%s', (_why, r) => {
    expect(scan(r).phones).toEqual(r.phones);
  });
});

describe('the evidence that decided the country', () => {
  it.each<[string, Row, { country: string; evidence: string } | null]>([
    ['tel: link first', row('', 'en', '<a href="tel:+43316123456">x</a> +49 89 1234560', []), { country: 'AT', evidence: 'tel-link' }],
    ['then international numbers', row('', 'en', '<p>+49 89 1234560</p>', []), { country: 'DE', evidence: 'international-number' }],
    ['then <html lang> with a region', row('', 'de-AT', '<p>x</p>', []), { country: 'AT', evidence: 'html-lang' }],
    ['then <html lang> of a one-country language', row('', 'cs', '<p>x</p>', []), { country: 'CZ', evidence: 'html-lang' }],
    ['then the ccTLD (bare "en" says no country)', row('', 'en', '<p>x</p>', [], [], 'https://acme.co.uk/'), { country: 'GB', evidence: 'cctld' }],
    ['a generic ccTLD is no evidence', row('', '', '<p>x</p>', [], [], 'https://acme.io/'), null],
    ['English on .com: the United States', row('', 'en', '<p>x</p>', [], [], 'https://acme.com/'), { country: 'US', evidence: 'html-lang' }],
    ['nothing at all', row('', '', '<p>x</p>', []), null],
    // hreflang: after <html lang> with a region; one with a region before a bare <html lang>.
    ['hreflang with a region', row('', '', `${alt('de-AT')}<p>x</p>`, []), { country: 'AT', evidence: 'hreflang' }],
    ['hreflang with a region beats a bare <html lang>', row('', 'de', `${alt('de-CH')}<p>x</p>`, []), { country: 'CH', evidence: 'hreflang' }],
    ['<html lang> with a region beats hreflang', row('', 'de-AT', `${alt('de-CH')}<p>x</p>`, []), { country: 'AT', evidence: 'html-lang' }],
    ['hreflang in the page\'s language first', row('', 'de', `${alt('en-GB')}${alt('en-US')}${alt('de-AT')}<p>x</p>`, []), { country: 'AT', evidence: 'hreflang' }],
    ['a bare hreflang is weaker than a bare <html lang>', row('', 'cs', `${alt('pl')}<p>x</p>`, []), { country: 'CZ', evidence: 'html-lang' }],
    ['a bare hreflang still names a country', row('', '', `${alt('pl')}${alt('x-default')}<p>x</p>`, []), { country: 'PL', evidence: 'hreflang' }],
    ['international numbers beat hreflang', row('', '', `${alt('de-AT')}<p>+49 89 1234560</p>`, []), { country: 'DE', evidence: 'international-number' }],
    // Address text: the weakest evidence, but before a bare "en".
    ['an <address> names the country', row('', '', `<address>Huber GmbH<br>Ringstraße 1<br>1010 Wien<br>Österreich</address>`, [], [], 'https://huber.com/'), { country: 'AT', evidence: 'address' }],
    ['an English <address> on an English .com page', row('', 'en', `<address>Acme Ltd, 1 High Street, London, United Kingdom</address>`, [], [], 'https://acme.com/'), { country: 'GB', evidence: 'address' }],
    ['microdata addressCountry (a code)', row('', '', `<p itemscope><span itemprop="addressCountry">CH</span></p>`, [], [], 'https://acme.com/'), { country: 'CH', evidence: 'address' }],
    ['microdata addressCountry (a native name in content)', row('', '', `<meta itemprop="addressCountry" content="Česko"><p>x</p>`, [], [], 'https://acme.com/'), { country: 'CZ', evidence: 'address' }],
    ['the ccTLD beats address text', row('', '', `<address>Berlin, Deutschland</address>`, [], [], 'https://acme.fr/'), { country: 'FR', evidence: 'cctld' }],
    ['hreflang beats address text', row('', '', `${alt('it-IT')}<address>Madrid, España</address>`, [], [], 'https://acme.com/'), { country: 'IT', evidence: 'hreflang' }],
    ['an address with no country name is no evidence', row('', '', `<address>Ringstraße 1, 1010 Wien</address>`, [], [], 'https://acme.com/'), null],
  ])('%s', (_why, r, expected) => {
    expect(scan(r).phoneCountry).toEqual(expected);
  });
});
