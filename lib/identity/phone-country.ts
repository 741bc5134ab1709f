// Which country are a page's national-format numbers (`089 1234560`, `(212) 555-0147`) in? Decided
// from the page's own evidence, in order of trust (issue 15): the country codes of its `tel:` links,
// its other international numbers, `<html lang>`, the site's country-code TLD. The first kind of
// evidence that names a country decides; within a kind the most frequent country wins.
import { isSupportedCountry, type CountryCode } from 'libphonenumber-js/min';
import { parse } from 'tldts';
import type { PhoneCountry } from '../detect/schema';
import { readPhone } from './phone';

/**
 * The main country of a language written without a region. English, Spanish, Portuguese and
 * Arabic are spoken as the first language of too many countries to name one, so a bare `en` only
 * counts after the site's TLD (see `phoneCountryOf`), and the others not at all.
 */
const LANGUAGE_COUNTRY: Readonly<Record<string, CountryCode>> = {
  de: 'DE', fr: 'FR', it: 'IT', nl: 'NL', cs: 'CZ', sk: 'SK', pl: 'PL', hu: 'HU', ro: 'RO', bg: 'BG', el: 'GR',
  da: 'DK', sv: 'SE', nb: 'NO', nn: 'NO', no: 'NO', fi: 'FI', et: 'EE', lv: 'LV', lt: 'LT', sl: 'SI', hr: 'HR',
  ja: 'JP', ko: 'KR', zh: 'CN', ru: 'RU', uk: 'UA', tr: 'TR', he: 'IL', th: 'TH', vi: 'VN', id: 'ID', is: 'IS',
};

/** Country-code TLDs sold as generic names (`.io`, `.co`, `.me`, `.tv`…): no evidence of a country. */
const GENERIC_CCTLDS: ReadonlySet<string> = new Set([
  'ac', 'ad', 'ai', 'as', 'bz', 'cc', 'cd', 'co', 'fm', 'gg', 'im', 'io', 'je', 'la', 'ly', 'me', 'ms', 'mu', 'nu',
  'sh', 'so', 'st', 'tk', 'to', 'tv', 'vc', 'ws', 'xyz',
]);

function supported(code: string | undefined): CountryCode | null {
  if (code === undefined) return null;
  const upper = code.toUpperCase();
  return isSupportedCountry(upper) ? upper : null;
}

/** `de-AT` → AT, `cs` → CZ, `en` / `en-US`… → null / US; null without a usable language. */
export function countryOfLang(lang: string): CountryCode | null {
  const [language = '', ...rest] = lang.trim().toLowerCase().split(/[-_]/);
  const region = rest.find((part) => /^[a-z]{2}$/.test(part));
  if (region !== undefined) return supported(region === 'uk' ? 'GB' : region);
  return supported(LANGUAGE_COUNTRY[language]);
}

/** `www.acme.co.uk` → GB, `acme.de` → DE; null for generic and sold-as-generic TLDs. */
export function countryOfHost(host: string): CountryCode | null {
  const suffix = parse(host, { allowPrivateDomains: false }).publicSuffix;
  if (suffix === null) return null;
  const tld = suffix.slice(suffix.lastIndexOf('.') + 1);
  if (tld.length !== 2 || GENERIC_CCTLDS.has(tld)) return null;
  return supported(tld === 'uk' ? 'GB' : tld);
}

function mostFrequent(countries: ReadonlyArray<CountryCode | null>): CountryCode | null {
  const counts = new Map<CountryCode, number>();
  let best: CountryCode | null = null;
  let bestCount = 0;
  for (const c of countries) {
    if (c === null) continue;
    const n = (counts.get(c) ?? 0) + 1;
    counts.set(c, n);
    if (n > bestCount) {
      best = c;
      bestCount = n;
    }
  }
  return best;
}

export interface PhoneCountryInput {
  /** Raw phone and fax candidates of the page; `tel:`-prefixed ones came from links. */
  candidates: readonly string[];
  /** `<html lang>`. */
  lang: string;
  /** The page's host, for its country-code TLD. */
  host: string | null;
}

/** The country national numbers on the page are read in, and which evidence decided; null when none. */
export function phoneCountryOf(input: PhoneCountryInput): PhoneCountry | null {
  const telCountries: Array<CountryCode | null> = [];
  const textCountries: Array<CountryCode | null> = [];
  for (const candidate of input.candidates) {
    const reading = readPhone(candidate);
    if (reading === null) continue;
    (/^tel:/i.test(candidate) ? telCountries : textCountries).push(reading.country);
  }
  const tel = mostFrequent(telCountries);
  if (tel !== null) return { country: tel, evidence: 'tel-link' };
  const text = mostFrequent(textCountries);
  if (text !== null) return { country: text, evidence: 'international-number' };
  const lang = countryOfLang(input.lang);
  if (lang !== null) return { country: lang, evidence: 'html-lang' };
  const tld = input.host === null ? null : countryOfHost(input.host);
  if (tld !== null) return { country: tld, evidence: 'cctld' };
  // A page in English on a generic TLD: the United States write most of them.
  if (/^en(?:$|[-_])/i.test(input.lang.trim())) return { country: 'US', evidence: 'html-lang' };
  return null;
}
