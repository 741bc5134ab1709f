// Accumulates what a scan finds, deduplicated and capped so a page can never grow the message
// past the limits `RawPageScanSchema` enforces at the trust boundary.
import type { EntitySink } from './text-scan';
import { NO_PAGE_EVIDENCE, type PageEvidence } from './page-evidence';
import type { RawPageScan } from './schema';

export const MAX_ITEMS = 5000;
export const MAX_STRING = 2048;

export interface ScanCollector extends EntitySink {
  readonly size: number;
  /** `lang` (`<html lang>`) and `evidence` (hreflangs, address parts: the country of national-format numbers; embed hosts: tools). */
  toRaw(url: string, title: string, lang?: string, evidence?: PageEvidence): RawPageScan;
}

/** A long URL keeps its origin and path; a long title is cut. Both must fit the schema. */
export function clampUrl(url: string): string {
  if (url.length <= MAX_STRING) return url;
  const cut = url.search(/[?#]/);
  const base = cut === -1 ? url : url.slice(0, cut);
  return base.slice(0, MAX_STRING);
}

export function createCollector(): ScanCollector {
  const emails = new Set<string>();
  const phones = new Set<string>();
  const faxes = new Set<string>();
  const profiles = new Set<string>();
  const companyProfiles = new Set<string>();
  const linkHosts = new Set<string>();
  let truncated = false;
  const add = (set: Set<string>, value: string): void => {
    if (set.has(value) || value.length > MAX_STRING) return;
    if (set.size >= MAX_ITEMS) {
      truncated = true;
      return;
    }
    set.add(value);
  };
  return {
    email: (v) => add(emails, v),
    phone: (v) => add(phones, v),
    fax: (v) => add(faxes, v),
    profile: (v) => add(profiles, v),
    company: (v) => add(companyProfiles, v),
    linkHost: (v) => add(linkHosts, v),
    get size() {
      return emails.size + phones.size + faxes.size + profiles.size + companyProfiles.size + linkHosts.size;
    },
    toRaw: (url, title, lang = '', evidence = NO_PAGE_EVIDENCE) => ({
      url: clampUrl(url),
      title: title.slice(0, MAX_STRING),
      emails: [...emails],
      phones: [...phones],
      profiles: [...profiles],
      companyProfiles: [...companyProfiles],
      linkHosts: [...linkHosts],
      faxes: [...faxes],
      lang: lang.slice(0, 35),
      hreflangs: [...evidence.hreflangs],
      addressCountries: [...evidence.addressCountries],
      embedHosts: [...evidence.embedHosts],
      people: [],
      companies: [],
      truncated,
    }),
  };
}
