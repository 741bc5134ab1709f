// Which country are a page's national-format numbers (`089 1234560`, `(212) 555-0147`) in? Decided
// from the page's own evidence, in order of trust (lib/detect/README.md, "Country evidence"): the country codes of its
// `tel:` links, its other international numbers, `<html lang>` and `hreflang` (a region before a bare language), the
// site's country-code TLD, the country written in its postal addresses. The first kind of evidence
// that names a country decides; within a kind the most frequent country wins.
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

/**
 * Country names as addresses write them (English and native, lower case, accents kept and dropped)
 * and the ISO codes; `addressCountry` microdata usually holds the code.
 */
const COUNTRY_NAMES: Readonly<Record<string, CountryCode>> = {
  germany: 'DE', deutschland: 'DE', allemagne: 'DE', germania: 'DE', duitsland: 'DE', niemcy: 'DE', 'německo': 'DE',
  austria: 'AT', 'österreich': 'AT', oesterreich: 'AT', osterreich: 'AT', autriche: 'AT', 'rakousko': 'AT',
  switzerland: 'CH', schweiz: 'CH', suisse: 'CH', svizzera: 'CH', svizra: 'CH', 'švýcarsko': 'CH',
  france: 'FR', frankreich: 'FR', francia: 'FR', frankrijk: 'FR', francja: 'FR', 'francie': 'FR',
  spain: 'ES', 'españa': 'ES', espana: 'ES', spanien: 'ES', espagne: 'ES', spagna: 'ES', 'španělsko': 'ES',
  italy: 'IT', italia: 'IT', italien: 'IT', italie: 'IT', 'itálie': 'IT', 'włochy': 'IT',
  netherlands: 'NL', 'the netherlands': 'NL', nederland: 'NL', niederlande: 'NL', 'pays-bas': 'NL', holland: 'NL',
  belgium: 'BE', 'belgië': 'BE', belgie: 'BE', belgique: 'BE', belgien: 'BE',
  'czech republic': 'CZ', czechia: 'CZ', 'česko': 'CZ', cesko: 'CZ', 'česká republika': 'CZ', 'ceska republika': 'CZ', tschechien: 'CZ',
  poland: 'PL', polska: 'PL', polen: 'PL', pologne: 'PL',
  'united kingdom': 'GB', uk: 'GB', 'great britain': 'GB', england: 'GB', scotland: 'GB', wales: 'GB', 'vereinigtes königreich': 'GB', 'royaume-uni': 'GB',
  'united states': 'US', 'united states of america': 'US', usa: 'US', 'u.s.a.': 'US', 'u.s.': 'US', 'vereinigte staaten': 'US', 'états-unis': 'US',
  canada: 'CA', kanada: 'CA', australia: 'AU', australien: 'AU', ireland: 'IE', 'éire': 'IE', irland: 'IE',
  portugal: 'PT', sweden: 'SE', sverige: 'SE', schweden: 'SE', denmark: 'DK', danmark: 'DK', 'dänemark': 'DK',
  norway: 'NO', norge: 'NO', norwegen: 'NO', finland: 'FI', suomi: 'FI', finnland: 'FI',
  slovakia: 'SK', slovensko: 'SK', hungary: 'HU', 'magyarország': 'HU', japan: 'JP', 'india': 'IN', brazil: 'BR', brasil: 'BR',
  mexico: 'MX', 'méxico': 'MX', luxembourg: 'LU', luxemburg: 'LU', liechtenstein: 'LI',
};

/** `Österreich`, `AT`, `A-1010`-free parts of an address → AT; null when the part names no country. */
export function countryOfAddress(part: string): CountryCode | null {
  const text = part.trim().replace(/\s+/g, ' ');
  if (/^[A-Z]{2}$/.test(text)) return text === 'UK' ? 'GB' : supported(text);
  return COUNTRY_NAMES[text.toLowerCase()] ?? null;
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
  /** `<link rel="alternate" hreflang>` values; absent on scans stored before the scanner read them. */
  hreflangs?: readonly string[];
  /** Short parts of the page's postal addresses (`Österreich`, microdata `AT`). */
  addressCountries?: readonly string[];
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
  const lang = input.lang.trim();
  const hasRegion = (tag: string): boolean => /^[a-z]{2,3}[-_](?:[a-z]{4}[-_])?(?:[a-z]{2})$/i.test(tag.trim());
  const langCountry = countryOfLang(lang);
  // A region (`de-AT`) is stronger than a bare language (`de`); the page's own tag before its alternates.
  if (langCountry !== null && hasRegion(lang)) return { country: langCountry, evidence: 'html-lang' };
  // Alternates in the page's own language say which of its countries this is (`de` page: `de-AT` over `en-GB`).
  const hreflangs = (input.hreflangs ?? []).map((h) => h.trim()).filter((h) => h !== '' && !/^x-default$/i.test(h));
  const language = lang.toLowerCase().split(/[-_]/)[0] ?? '';
  const sameLanguage = hreflangs.filter((h) => h.toLowerCase().split(/[-_]/)[0] === language);
  const alternates = sameLanguage.length > 0 ? sameLanguage : hreflangs;
  const regional = mostFrequent(alternates.filter(hasRegion).map(countryOfLang));
  if (regional !== null) return { country: regional, evidence: 'hreflang' };
  if (langCountry !== null) return { country: langCountry, evidence: 'html-lang' };
  const bare = mostFrequent(alternates.map(countryOfLang));
  if (bare !== null) return { country: bare, evidence: 'hreflang' };
  const tld = input.host === null ? null : countryOfHost(input.host);
  if (tld !== null) return { country: tld, evidence: 'cctld' };
  const address = mostFrequent((input.addressCountries ?? []).map(countryOfAddress));
  if (address !== null) return { country: address, evidence: 'address' };
  // A page in English on a generic TLD: the United States write most of them.
  if (/^en(?:$|[-_])/i.test(lang)) return { country: 'US', evidence: 'html-lang' };
  return null;
}
