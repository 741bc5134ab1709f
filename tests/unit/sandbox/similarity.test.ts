import { describe, expect, it } from 'vitest';
import { INDUSTRY_SECTORS } from '@/sandbox/seed/industries';
import { CompanySimilarity, ContactSimilarity, sizeProximity, SparseIndex, words, type CompanyVectorInput } from '@/sandbox/similarity';
import { Store } from '@/sandbox/store';
import { seededMemoryDb } from './helpers';

const company = (industry: string, specialities: string[], technologies: string[], size: [number, number], description = ''): CompanyVectorInput => ({
  industry,
  specialities,
  technologies,
  description,
  sizeLower: size[0],
  sizeUpper: size[1],
});

describe('company lookalikes on hand-made companies', () => {
  const companies = [
    company('banking', ['Payments', 'Lending'], ['Stripe', 'Plaid'], [51, 200], 'A bank for small businesses.'),
    company('banking', ['Payments', 'Retail Banking'], ['Stripe', 'Plaid'], [51, 200], 'Business banking and payments.'),
    company('banking', ['Payments', 'Retail Banking'], ['Stripe', 'Plaid'], [10001, 100000], 'Business banking and payments.'),
    company('computer software', ['DevOps', 'Observability'], ['Kubernetes', 'Datadog'], [51, 200], 'Developer tools.'),
    company('dairy', ['Food Service'], ['Shopify'], [1, 10], 'Cheese from mountain farms.'),
  ];
  const model = new CompanySimilarity(companies);

  it('ranks the same industry and specialities first, other industries last, never the company itself', () => {
    const result = model.similar(0, 4);
    expect(result.map((r) => r.index)).not.toContain(0);
    expect(result.slice(0, 2).map((r) => r.index).sort()).toEqual([1, 2]);
    expect(result.map((r) => r.index)).not.toContain(4);
  });

  it('lets size proximity separate lookalikes with the same text', () => {
    // 1 and 2 have identical text; 2 is a thousand times bigger than 0.
    const scores = new Map(model.similar(0, 4).map((r) => [r.index, r.score]));
    expect(scores.get(1)).toBeGreaterThan(scores.get(2) ?? 1);
  });

  it('returns nothing for a company with no shared term', () => {
    expect(model.similar(4, 10)).toEqual([]);
  });

  it.each([
    [[51, 200], [51, 200], 1],
    [[1, 10], [10001, 100000], 0],
  ] as const)('size proximity %o vs %o = %f', (a, b, expected) => {
    expect(sizeProximity({ sizeLower: a[0], sizeUpper: a[1] }, { sizeLower: b[0], sizeUpper: b[1] })).toBeCloseTo(expected, 5);
  });

  it('keeps at most the requested number of results', () => {
    expect(model.similar(0, 1)).toHaveLength(1);
    expect(model.similar(0, 0)).toEqual([]);
  });
});

describe('SparseIndex', () => {
  it('scores identical documents 1 and disjoint ones not at all', () => {
    const index = new SparseIndex([
      new Map([['a', 1], ['b', 2]]),
      new Map([['a', 1], ['b', 2]]),
      new Map([['c', 1]]),
    ]);
    const result = index.neighbours(0, 5);
    expect(result).toHaveLength(1);
    expect(result[0]?.index).toBe(1);
    expect(result[0]?.cosine).toBeCloseTo(1, 5);
  });

  it('drops stopwords and short words from description text', () => {
    expect(words('We are the <b>Payments</b> platform for Developers, and AI!')).toEqual(['payments', 'platform', 'developers']);
  });
});

describe('lookalikes over seeded data', () => {
  const store = new Store(seededMemoryDb({ companies: 800, contacts: 400 }));
  const probes = Array.from({ length: 60 }, (_, i) => i);

  it.each(probes.slice(0, 10))('company %i: scores are in [0, 1] and descending', (i) => {
    const result = store.companySimilarity.similar(i, 50);
    expect(result.length).toBeGreaterThan(0);
    for (const r of result) {
      expect(r.score).toBeGreaterThanOrEqual(0);
      expect(r.score).toBeLessThanOrEqual(1);
    }
    expect(result.map((r) => r.score)).toEqual([...result.map((r) => r.score)].sort((a, b) => b - a));
  });

  it("a company's nearest neighbour shares its industry (at least 55 of 60 probes)", () => {
    const same = probes.filter((i) => {
      const top = store.companySimilarity.similar(i, 1)[0];
      return top !== undefined && store.companyFeatures[top.index]?.industry === store.companyFeatures[i]?.industry;
    });
    expect(same.length).toBeGreaterThanOrEqual(55);
  });

  it('the top 10 lookalikes stay in the same sector far above chance', () => {
    let inSector = 0;
    let total = 0;
    for (const i of probes) {
      const sector = INDUSTRY_SECTORS[store.companyFeatures[i]?.industry ?? ''];
      for (const r of store.companySimilarity.similar(i, 10)) {
        total += 1;
        if (INDUSTRY_SECTORS[store.companyFeatures[r.index]?.industry ?? ''] === sector) inSector += 1;
      }
    }
    // The biggest sector holds about 30 % of companies; a random ranking would stay well under half.
    expect(inSector / total).toBeGreaterThan(0.9);
  });

  it('contact lookalikes mostly share department and are ordered by descending score', () => {
    let sameDepartment = 0;
    let total = 0;
    for (const i of probes) {
      const result = store.contactSimilarity.similar(i, 10);
      expect(result.length).toBeLessThanOrEqual(10);
      expect(result.map((r) => r.index)).not.toContain(i);
      expect(result.map((r) => r.score)).toEqual([...result.map((r) => r.score)].sort((a, b) => b - a));
      for (const r of result) {
        total += 1;
        if (store.contactFeatures[r.index]?.department === store.contactFeatures[i]?.department) sameDepartment += 1;
      }
    }
    expect(sameDepartment / total).toBeGreaterThan(0.8);
  });

  it('contact similarity uses title, seniority, skills and location', () => {
    const model = new ContactSimilarity([
      { title: 'Senior Software Engineer', seniority: 'senior', department: 'engineering', skills: ['Go', 'Kubernetes'], city: 'Berlin', region: 'Berlin', country: 'Germany' },
      { title: 'Senior Software Engineer', seniority: 'senior', department: 'engineering', skills: ['Go', 'Kubernetes'], city: 'Berlin', region: 'Berlin', country: 'Germany' },
      { title: 'Senior Software Engineer', seniority: 'senior', department: 'engineering', skills: ['Go'], city: 'Austin', region: 'Texas', country: 'United States' },
      { title: 'VP of Sales', seniority: 'vp', department: 'sales', skills: ['Negotiation'], city: 'Berlin', region: 'Berlin', country: 'Germany' },
    ]);
    const result = model.similar(0, 3);
    expect(result.map((r) => r.index)).toEqual([1, 2, 3]);
    expect(result[0]?.score).toBe(1);
  });
});
