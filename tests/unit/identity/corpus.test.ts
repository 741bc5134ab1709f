// The detection accuracy bars on the real-format corpus (tests/fixtures/corpus, scored by tests/score-detection.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scanHtml } from '@/scripts/scan';
import { CORPUS_DIR, scoreCorpus, type Kind } from '@/tests/score-detection';

const score = scoreCorpus();

describe('detection on the real-format corpus', () => {
  it('has at least 20 pages in at least 5 languages', () => {
    expect(score.pages).toBeGreaterThanOrEqual(20);
    expect(score.languages.length).toBeGreaterThanOrEqual(5);
  });

  it.each<[Kind, number, number]>([
    ['emails', 0.97, 0.95],
    ['profiles', 0.97, 0.95],
    ['phones', 0.97, 0.9],
    ['faxes', 0.97, 0.9],
    ['domains', 0.95, 0.95],
    ['companyProfiles', 0, 0.95],
  ])('%s: precision ≥ %s, recall ≥ %s', (kind, precision, recall) => {
    const s = score.kinds[kind];
    // The misses are printed so a failure says which page and value.
    expect({ precision: s.precision >= precision, recall: s.recall >= recall, falsePositives: s.falsePositives, falseNegatives: s.falseNegatives }).toMatchObject({
      precision: true,
      recall: true,
    });
  });

  it('reports no phone cut short into a different number', () => {
    expect(score.truncatedPhones).toEqual([]);
  });

  it('reads a page whose national numbers only its address text places (nl-address-only: "Nederland")', () => {
    const expected = JSON.parse(readFileSync(`${CORPUS_DIR}nl-address-only.expected.json`, 'utf8')) as { url: string; phoneCountry: unknown };
    const found = scanHtml(readFileSync(`${CORPUS_DIR}nl-address-only.html`, 'utf8'), expected.url);
    expect(found.phoneCountry).toEqual(expected.phoneCountry);
    expect(found.phoneCountry).toEqual({ country: 'NL', evidence: 'address' });
  });
});
