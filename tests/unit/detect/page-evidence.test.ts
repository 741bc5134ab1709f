// The content side of the page evidence: hreflangs and address parts (the country of national numbers) and the hosts
// the page loads scripts, frames and style sheets from (the tools it uses), read once per pass and bounded.
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { EVIDENCE_LIMITS, readPageEvidence } from '@/lib/detect/page-evidence';
import { RawPageScanSchema } from '@/lib/detect/schema';
import { scanDocumentSync } from '@/lib/detect/dom-scan';
import { finalisePageScan } from '@/lib/detect/finalise';

const doc = (head: string, body: string): Document =>
  parseHTML(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`).document as unknown as Document;

describe('readPageEvidence', () => {
  it('reads hreflangs, address parts without digits (the last ones) and microdata addressCountry', () => {
    const d = doc(
      '<link rel="alternate" hreflang="de-AT" href="/at"><link rel="alternate" hreflang="x-default" href="/">',
      '<address>Huber GmbH<br>Ringstraße 1<br>1010 Wien<br><b>Österreich</b></address>' +
        '<div itemscope><meta itemprop="addressCountry" content="AT"><span itemprop="streetAddress addressCountry">Česko</span></div>',
    );
    expect(readPageEvidence(d)).toEqual({ hreflangs: ['de-AT', 'x-default'], addressCountries: ['Huber GmbH', 'Österreich', 'AT', 'Česko'], embedHosts: [] });
  });

  it('is bounded: at most 20 values each, over-long ones dropped', () => {
    const links = Array.from({ length: 50 }, (_, i) => `<link rel="alternate" hreflang="l${i}" href="/${i}">`).join('');
    const addresses = Array.from({ length: 50 }, (_, i) => `<address>Land ${'abcdefghijklmnopqrstuvwxyz'.charAt(i % 26)}${'ab'.charAt(Math.floor(i / 26))}</address>`).join('');
    const d = doc(`${links}<link rel="alternate" hreflang="${'x'.repeat(36)}" href="/">`, `<address>${'y'.repeat(41)}</address>${addresses}`);
    const evidence = readPageEvidence(d);
    expect(evidence.hreflangs).toHaveLength(EVIDENCE_LIMITS.items);
    expect(evidence.addressCountries).toHaveLength(EVIDENCE_LIMITS.items);
    expect(evidence.addressCountries).not.toContain('y'.repeat(41));
  });

  it("is read by the scan's shared pass as the whole-document reader reads it: before, inside and after the body", () => {
    // A wide list (split into its items) with evidence in some items, an editable address that is evidence and an
    // excluded region at once, and a script the page appended to <html> after the body.
    const items = Array.from({ length: 40 }, (_, i) =>
      i === 3
        ? '<li><script src="https://widget.example/chat.js"></script>Chat</li>'
        : i === 20
          ? '<li><address contenteditable>Wien, Österreich <a href="mailto:draft@acme.at">x</a></address></li>'
          : i === 30
            ? '<li><div><span itemprop="addressCountry">Schweiz</span></div></li>'
            : `<li><h3>Item ${i}</h3></li>`,
    ).join('');
    const d = doc('<link rel="alternate" hreflang="de-AT" href="/at"><script src="https://cdn.example/app.js"></script>', `<ul>${items}</ul><p>jane@acme.at</p>`);
    const late = d.createElement('script');
    late.setAttribute('src', 'https://late.example/tag.js');
    d.documentElement.appendChild(late);
    const raw = scanDocumentSync(d, 'https://acme.at/');
    const whole = readPageEvidence(d);
    expect(whole).toEqual({
      hreflangs: ['de-AT'],
      addressCountries: ['Wien', 'Österreich', 'x', 'Schweiz'],
      embedHosts: ['cdn.example', 'widget.example', 'late.example'],
    });
    expect({ hreflangs: raw.hreflangs, addressCountries: raw.addressCountries, embedHosts: raw.embedHosts }).toEqual(whole);
    // The address is an editable region too: what is typed there is not the page's.
    expect(raw.emails).toEqual(['jane@acme.at']);
  });

  it('reaches the raw scan, which the schema accepts', () => {
    const d = doc('<link rel="alternate" hreflang="fr-BE" href="/be">', '<address>Bruxelles, Belgique</address>');
    const raw = scanDocumentSync(d, 'https://acme.com/');
    expect(raw.hreflangs).toEqual(['fr-BE']);
    expect(raw.addressCountries).toEqual(['Bruxelles', 'Belgique']);
    expect(RawPageScanSchema.parse(raw)).toEqual(raw);
  });
});

describe('embed hosts: the tools a page loads', () => {
  const page = doc(
    '<script src="https://widget.chatvendor.net/loader.js"></script><script src="/own.js"></script>' +
      '<link rel="stylesheet" href="//fonts.fontvendor.org/css?family=X"><link rel="preconnect" href="https://partner.com">' +
      '<link rel="alternate" hreflang="en-GB" href="https://acme.co.uk/">',
    '<iframe src="https://maps.mapvendor.io/embed?q=1"></iframe><img src="https://partner.com/logo.png">' +
      '<script src="https://static.umbrella.org/app.js"></script>' +
      '<a href="https://www.chatvendor.net/">Chat by ChatVendor</a> <a href="https://partner.com/">Partner</a> ' +
      '<a href="https://fontvendor.org/">Fonts</a> Write to <a href="mailto:info@umbrella.org">info@umbrella.org</a>',
  );

  it('are the hosts of absolute script, frame and style-sheet addresses, never images or hints', () => {
    const hosts = readPageEvidence(page).embedHosts;
    expect(hosts.sort()).toEqual(['fonts.fontvendor.org', 'maps.mapvendor.io', 'static.umbrella.org', 'widget.chatvendor.net']);
  });

  it('keep a linked tool out of the page\'s companies, but not a domain the page gives an address at', () => {
    const raw = scanDocumentSync(page, 'https://www.acme.com/team');
    expect(RawPageScanSchema.parse(raw)).toEqual(raw);
    const { domains } = finalisePageScan(raw);
    expect(domains).toEqual(['acme.com', 'partner.com', 'umbrella.org']);
  });

  it('is bounded: at most 50 hosts', () => {
    const scripts = Array.from({ length: 80 }, (_, i) => `<script src="https://t${i}.vendor${i}.com/x.js"></script>`).join('');
    expect(readPageEvidence(doc(scripts, '')).embedHosts).toHaveLength(EVIDENCE_LIMITS.embedHosts);
  });
});
