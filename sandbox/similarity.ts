/*
 * Lookalike ranking: TF-IDF vectors over weighted feature terms, cosine similarity through an inverted index
 * (only documents sharing a term with the query are touched), plus size proximity for companies.
 * Everything is precomputed at start; a query costs the length of the postings lists of its terms.
 */

/** A document as weighted terms before IDF (`ind:banking` → 3, `w:payments` → 1, …). */
export type TermCounts = Map<string, number>;

interface Posting {
  docs: Int32Array;
  weights: Float32Array;
}

export interface Neighbour {
  index: number;
  /** Cosine similarity in [0, 1]. */
  cosine: number;
}

export class SparseIndex {
  private readonly postings = new Map<string, Posting>();
  /** Each document's normalised vector, as parallel arrays of term ids and weights. */
  private readonly docTerms: string[][] = [];
  private readonly docWeights: Float32Array[] = [];
  private readonly scores: Float32Array;
  private readonly touched: Int32Array;

  constructor(docs: TermCounts[]) {
    const n = docs.length;
    const df = new Map<string, number>();
    for (const doc of docs) for (const term of doc.keys()) df.set(term, (df.get(term) ?? 0) + 1);
    const idf = new Map<string, number>();
    for (const [term, count] of df) idf.set(term, Math.log((n + 1) / (count + 1)) + 1);

    const lists = new Map<string, { docs: number[]; weights: number[] }>();
    docs.forEach((doc, index) => {
      const terms: string[] = [];
      const weights: number[] = [];
      let norm = 0;
      for (const [term, count] of doc) {
        const w = (1 + Math.log(count)) * (idf.get(term) ?? 1);
        terms.push(term);
        weights.push(w);
        norm += w * w;
      }
      norm = Math.sqrt(norm) || 1;
      const normalised = new Float32Array(weights.map((w) => w / norm));
      this.docTerms.push(terms);
      this.docWeights.push(normalised);
      terms.forEach((term, i) => {
        let list = lists.get(term);
        if (!list) {
          list = { docs: [], weights: [] };
          lists.set(term, list);
        }
        list.docs.push(index);
        list.weights.push(normalised[i] as number);
      });
    });
    for (const [term, list] of lists) {
      this.postings.set(term, { docs: Int32Array.from(list.docs), weights: Float32Array.from(list.weights) });
    }
    this.scores = new Float32Array(n);
    this.touched = new Int32Array(n);
  }

  get size(): number {
    return this.docTerms.length;
  }

  /**
   * Documents sharing at least one term with document `index`, scored by cosine, best `limit` by `rank`
   * (which may blend in other signals), the document itself excluded.
   */
  neighbours(index: number, limit: number, rank: (neighbour: Neighbour) => number = (nb) => nb.cosine): Array<Neighbour & { score: number }> {
    const terms = this.docTerms[index];
    const weights = this.docWeights[index];
    if (!terms || !weights || limit <= 0) return [];
    const { scores, touched } = this;
    let touchedCount = 0;
    terms.forEach((term, t) => {
      const posting = this.postings.get(term);
      if (!posting) return;
      const qw = weights[t] as number;
      const { docs, weights: dw } = posting;
      for (let i = 0; i < docs.length; i++) {
        const d = docs[i] as number;
        if (scores[d] === 0) touched[touchedCount++] = d;
        scores[d] = (scores[d] as number) + qw * (dw[i] as number);
      }
    });
    const heap = new MinHeap<Neighbour>(limit);
    for (let i = 0; i < touchedCount; i++) {
      const d = touched[i] as number;
      const cosine = Math.min(1, scores[d] as number);
      scores[d] = 0;
      if (d === index) continue;
      heap.offer({ index: d, cosine }, rank({ index: d, cosine }));
    }
    return heap.sortedDescending();
  }
}

/** Bounded min-heap keeping the `capacity` highest-scored items; ties keep the lower index first. */
class MinHeap<T extends { index: number }> {
  private readonly items: Array<{ item: T; score: number }> = [];
  constructor(private readonly capacity: number) {}

  private less(a: { item: T; score: number }, b: { item: T; score: number }): boolean {
    return a.score < b.score || (a.score === b.score && a.item.index > b.item.index);
  }

  offer(item: T, score: number): void {
    const entry = { item, score };
    const items = this.items;
    if (items.length < this.capacity) {
      items.push(entry);
      let i = items.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.less(items[i] as typeof entry, items[parent] as typeof entry)) break;
        [items[i], items[parent]] = [items[parent] as typeof entry, items[i] as typeof entry];
        i = parent;
      }
      return;
    }
    if (!this.less(items[0] as typeof entry, entry)) return;
    items[0] = entry;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let smallest = i;
      if (l < items.length && this.less(items[l] as typeof entry, items[smallest] as typeof entry)) smallest = l;
      if (r < items.length && this.less(items[r] as typeof entry, items[smallest] as typeof entry)) smallest = r;
      if (smallest === i) break;
      [items[i], items[smallest]] = [items[smallest] as typeof entry, items[i] as typeof entry];
      i = smallest;
    }
  }

  sortedDescending(): Array<T & { score: number }> {
    return [...this.items]
      .sort((a, b) => b.score - a.score || a.item.index - b.item.index)
      .map(({ item, score }) => ({ ...item, score }));
  }
}

const STOPWORDS = new Set(
  'a an and are as at be by for from has have in is it its of on or our that the their this to we with who will your you company helping focus'.split(' '),
);

/** Lower-case word tokens of free text, stopwords and short words dropped (linear scan). */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const token of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (token.length >= 3 && !STOPWORDS.has(token)) out.push(token);
  }
  return out;
}

function add(counts: TermCounts, term: string, weight: number): void {
  counts.set(term, (counts.get(term) ?? 0) + weight);
}

// ---------------------------------------------------------------------------- companies

export interface CompanyVectorInput {
  industry: string;
  specialities: string[];
  description: string;
  technologies: string[];
  sizeLower: number;
  sizeUpper: number;
}

/** Field weights: industry matters most, then specialities, technologies and description words. */
export const COMPANY_TERM_WEIGHTS = { industry: 4, industryWord: 1, speciality: 2.5, technology: 1, word: 0.5 } as const;
/** Final score = cosine share + size proximity share. */
export const COMPANY_SCORE_WEIGHTS = { cosine: 0.85, size: 0.15 } as const;

export function companyTerms(c: CompanyVectorInput): TermCounts {
  const counts: TermCounts = new Map();
  add(counts, `ind:${c.industry.toLowerCase()}`, COMPANY_TERM_WEIGHTS.industry);
  for (const w of words(c.industry)) add(counts, `w:${w}`, COMPANY_TERM_WEIGHTS.industryWord);
  for (const s of c.specialities) add(counts, `spec:${s.toLowerCase()}`, COMPANY_TERM_WEIGHTS.speciality);
  for (const t of c.technologies) add(counts, `tech:${t.toLowerCase()}`, COMPANY_TERM_WEIGHTS.technology);
  for (const w of words(c.description.slice(0, 5000))) add(counts, `w:${w}`, COMPANY_TERM_WEIGHTS.word);
  return counts;
}

/** 1 for the same head-count band, falling linearly to 0 four orders of magnitude apart. */
export function sizeProximity(a: { sizeLower: number; sizeUpper: number }, b: { sizeLower: number; sizeUpper: number }): number {
  const mid = (c: { sizeLower: number; sizeUpper: number }) => Math.log10(Math.max(1, (c.sizeLower + c.sizeUpper) / 2));
  return Math.max(0, 1 - Math.abs(mid(a) - mid(b)) / 4);
}

export class CompanySimilarity {
  private readonly index: SparseIndex;

  constructor(private readonly companies: CompanyVectorInput[]) {
    this.index = new SparseIndex(companies.map(companyTerms));
  }

  /** Lookalikes of company `index` (0-based), best first, scores in [0, 1] rounded to 4 decimals. */
  similar(index: number, limit: number): Array<{ index: number; score: number }> {
    const self = this.companies[index];
    if (!self) return [];
    return this.index
      .neighbours(index, limit, (nb) => {
        const other = this.companies[nb.index] as CompanyVectorInput;
        return COMPANY_SCORE_WEIGHTS.cosine * nb.cosine + COMPANY_SCORE_WEIGHTS.size * sizeProximity(self, other);
      })
      .map((nb) => ({ index: nb.index, score: round4(nb.score) }));
  }
}

// ---------------------------------------------------------------------------- contacts

export interface ContactVectorInput {
  title: string;
  seniority: string;
  department: string;
  skills: string[];
  city: string;
  region: string;
  country: string;
}

export const CONTACT_TERM_WEIGHTS = { titleWord: 2, seniority: 1.5, department: 1.5, skill: 1.5, city: 1, region: 0.5, country: 0.5 } as const;

export function contactTerms(c: ContactVectorInput): TermCounts {
  const counts: TermCounts = new Map();
  for (const w of words(c.title)) add(counts, `title:${w}`, CONTACT_TERM_WEIGHTS.titleWord);
  add(counts, `sen:${c.seniority}`, CONTACT_TERM_WEIGHTS.seniority);
  add(counts, `dept:${c.department}`, CONTACT_TERM_WEIGHTS.department);
  for (const s of c.skills.slice(0, 50)) add(counts, `skill:${s.toLowerCase()}`, CONTACT_TERM_WEIGHTS.skill);
  add(counts, `city:${c.city.toLowerCase()}`, CONTACT_TERM_WEIGHTS.city);
  add(counts, `region:${c.region.toLowerCase()}`, CONTACT_TERM_WEIGHTS.region);
  add(counts, `country:${c.country.toLowerCase()}`, CONTACT_TERM_WEIGHTS.country);
  return counts;
}

export class ContactSimilarity {
  private readonly index: SparseIndex;

  constructor(contacts: ContactVectorInput[]) {
    this.index = new SparseIndex(contacts.map(contactTerms));
  }

  /** Lookalikes of contact `index` (0-based) by title, seniority, skills and location; best first, in [0, 1]. */
  similar(index: number, limit: number): Array<{ index: number; score: number }> {
    return this.index.neighbours(index, limit).map((nb) => ({ index: nb.index, score: round4(nb.score) }));
  }
}

const round4 = (x: number): number => Math.round(Math.min(1, Math.max(0, x)) * 10_000) / 10_000;
