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
   * Documents sharing at least one term with document `index`, best `limit` first, the document itself
   * excluded. Score = (1 - blend.weight) * cosine + blend.weight * blend.score(doc), where blend.score is in
   * [0, 1] (companies blend in size proximity). Candidates that cannot beat the current k-th best even with a
   * perfect blend score are skipped before blend.score is computed, which keeps queries over 100k documents fast.
   */
  neighbours(index: number, limit: number, blend: Blend = NO_BLEND): Array<Neighbour & { score: number }> {
    const terms = this.docTerms[index];
    const weights = this.docWeights[index];
    if (!terms || !weights || limit <= 0) return [];
    const { scores, touched } = this;
    let touchedCount = 0;
    for (let t = 0; t < terms.length; t++) {
      const posting = this.postings.get(terms[t] as string);
      if (!posting) continue;
      const qw = weights[t] as number;
      const { docs, weights: dw } = posting;
      for (let i = 0; i < docs.length; i++) {
        const d = docs[i] as number;
        if (scores[d] === 0) touched[touchedCount++] = d;
        scores[d] = (scores[d] as number) + qw * (dw[i] as number);
      }
    }
    const heap = new TopK(limit);
    const cosineShare = 1 - blend.weight;
    for (let i = 0; i < touchedCount; i++) {
      const d = touched[i] as number;
      const cosine = Math.min(1, scores[d] as number);
      scores[d] = 0;
      if (d === index) continue;
      const best = cosineShare * cosine + blend.weight;
      if (heap.full && best < heap.minScore) continue;
      heap.offer(d, cosine, blend.weight === 0 ? cosine : cosineShare * cosine + blend.weight * blend.score(d));
    }
    return heap.sortedDescending();
  }
}

export interface Blend {
  /** Share of the extra signal in the final score, in [0, 1). */
  weight: number;
  /** The extra signal of a document, in [0, 1]. */
  score(doc: number): number;
}

const NO_BLEND: Blend = { weight: 0, score: () => 0 };

/** Bounded min-heap over typed arrays keeping the `capacity` best scores; ties keep the lower index. */
class TopK {
  private readonly ids: Int32Array;
  private readonly cosines: Float64Array;
  private readonly scores: Float64Array;
  private size = 0;

  constructor(private readonly capacity: number) {
    this.ids = new Int32Array(capacity);
    this.cosines = new Float64Array(capacity);
    this.scores = new Float64Array(capacity);
  }

  get full(): boolean {
    return this.size === this.capacity;
  }

  get minScore(): number {
    return this.scores[0] as number;
  }

  /** a ranks below b */
  private below(a: number, b: number): boolean {
    const sa = this.scores[a] as number;
    const sb = this.scores[b] as number;
    return sa < sb || (sa === sb && (this.ids[a] as number) > (this.ids[b] as number));
  }

  private swap(a: number, b: number): void {
    const { ids, cosines, scores } = this;
    [ids[a], ids[b]] = [ids[b] as number, ids[a] as number];
    [cosines[a], cosines[b]] = [cosines[b] as number, cosines[a] as number];
    [scores[a], scores[b]] = [scores[b] as number, scores[a] as number];
  }

  offer(id: number, cosine: number, score: number): void {
    if (this.size < this.capacity) {
      let i = this.size++;
      this.ids[i] = id;
      this.cosines[i] = cosine;
      this.scores[i] = score;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.below(i, parent)) break;
        this.swap(i, parent);
        i = parent;
      }
      return;
    }
    const min = this.scores[0] as number;
    if (score < min || (score === min && id > (this.ids[0] as number))) return;
    this.ids[0] = id;
    this.cosines[0] = cosine;
    this.scores[0] = score;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let smallest = i;
      if (l < this.size && this.below(l, smallest)) smallest = l;
      if (r < this.size && this.below(r, smallest)) smallest = r;
      if (smallest === i) break;
      this.swap(i, smallest);
      i = smallest;
    }
  }

  sortedDescending(): Array<Neighbour & { score: number }> {
    const out: Array<Neighbour & { score: number }> = [];
    for (let i = 0; i < this.size; i++) out.push({ index: this.ids[i] as number, cosine: this.cosines[i] as number, score: this.scores[i] as number });
    return out.sort((a, b) => b.score - a.score || a.index - b.index);
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

type Sized = { sizeLower: number; sizeUpper: number };
const logSize = (c: Sized): number => Math.log10(Math.max(1, (c.sizeLower + c.sizeUpper) / 2));
const logSizeProximity = (a: number, b: number): number => Math.max(0, 1 - Math.abs(a - b) / 4);

/** 1 for the same head-count band, falling linearly to 0 four orders of magnitude apart. */
export function sizeProximity(a: Sized, b: Sized): number {
  return logSizeProximity(logSize(a), logSize(b));
}

export class CompanySimilarity {
  private readonly index: SparseIndex;
  private readonly logSizes: Float64Array;

  constructor(companies: CompanyVectorInput[]) {
    this.index = new SparseIndex(companies.map(companyTerms));
    this.logSizes = Float64Array.from(companies, logSize);
  }

  /** Lookalikes of company `index` (0-based), best first, scores in [0, 1] rounded to 4 decimals. */
  similar(index: number, limit: number): Array<{ index: number; score: number }> {
    const own = this.logSizes[index];
    if (own === undefined) return [];
    const blend: Blend = {
      weight: COMPANY_SCORE_WEIGHTS.size,
      score: (d) => logSizeProximity(own, this.logSizes[d] as number),
    };
    return this.index.neighbours(index, limit, blend).map((nb) => ({ index: nb.index, score: round4(nb.score) }));
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
