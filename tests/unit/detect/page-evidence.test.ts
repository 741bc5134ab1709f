// The content side of the country evidence (lib/detect/README.md): hreflangs and address parts, read once per pass and
// bounded.
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { EVIDENCE_LIMITS, readCountryEvidence } from '@/lib/detect/page-evidence';
import { RawPageScanSchema } from '@/lib/detect/schema';
import { scanDocumentSync } from '@/lib/detect/dom-scan';

const doc = (head: string, body: string): Document =>
  parseHTML(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`).document as unknown as Document;

describe('readCountryEvidence', () => {
  it('reads hreflangs, address parts without digits (the last ones) and microdata addressCountry', () => {
    const d = doc(
      '<link rel="alternate" hreflang="de-AT" href="/at"><link rel="alternate" hreflang="x-default" href="/">',
      '<address>Huber GmbH<br>Ringstraße 1<br>1010 Wien<br><b>Österreich</b></address>' +
        '<div itemscope><meta itemprop="addressCountry" content="AT"><span itemprop="streetAddress addressCountry">Česko</span></div>',
    );
    expect(readCountryEvidence(d)).toEqual({ hreflangs: ['de-AT', 'x-default'], addressCountries: ['Huber GmbH', 'Österreich', 'AT', 'Česko'] });
  });

  it('is bounded: at most 20 values each, over-long ones dropped', () => {
    const links = Array.from({ length: 50 }, (_, i) => `<link rel="alternate" hreflang="l${i}" href="/${i}">`).join('');
    const addresses = Array.from({ length: 50 }, (_, i) => `<address>Land ${'abcdefghijklmnopqrstuvwxyz'.charAt(i % 26)}${'ab'.charAt(Math.floor(i / 26))}</address>`).join('');
    const d = doc(`${links}<link rel="alternate" hreflang="${'x'.repeat(36)}" href="/">`, `<address>${'y'.repeat(41)}</address>${addresses}`);
    const evidence = readCountryEvidence(d);
    expect(evidence.hreflangs).toHaveLength(EVIDENCE_LIMITS.items);
    expect(evidence.addressCountries).toHaveLength(EVIDENCE_LIMITS.items);
    expect(evidence.addressCountries).not.toContain('y'.repeat(41));
  });

  it('reaches the raw scan, which the schema accepts', () => {
    const d = doc('<link rel="alternate" hreflang="fr-BE" href="/be">', '<address>Bruxelles, Belgique</address>');
    const raw = scanDocumentSync(d, 'https://acme.com/');
    expect(raw.hreflangs).toEqual(['fr-BE']);
    expect(raw.addressCountries).toEqual(['Bruxelles', 'Belgique']);
    expect(RawPageScanSchema.parse(raw)).toEqual(raw);
  });
});
