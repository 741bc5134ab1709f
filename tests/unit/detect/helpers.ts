import { createCollector } from '@/lib/detect/collector';
import { entityLists, finalisePageScan, scanText, type EntityLists, type RawPageScan } from '@/lib/detect';
import { scanHtml } from '@/scripts/scan';

/** What the content script would collect from one string of visible text. */
export function rawOfText(text: string, url = 'file:///page.html'): RawPageScan {
  const collector = createCollector();
  scanText(text, 0, text.length, collector);
  return collector.toRaw(url, '');
}

/** The finalised entity lists of one string of visible text. */
export function entitiesOfText(text: string): EntityLists {
  return entityLists(finalisePageScan(rawOfText(text)));
}

/** The finalised entity lists of an HTML document or fragment (the CLI's engine: linkedom + the scanner). */
export function entitiesOfHtml(html: string, url = 'file:///page.html'): EntityLists {
  const doc = /<html[\s>]/i.test(html) ? html : `<!doctype html><html><head><title>t</title></head><body>${html}</body></html>`;
  return entityLists(scanHtml(doc, url));
}

export const NONE: EntityLists = { emails: [], phones: [], profiles: [], companyProfiles: [], domains: [] };
