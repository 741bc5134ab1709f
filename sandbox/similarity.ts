/*
 * Lookalike ranking: TF-IDF vectors over weighted feature terms, cosine similarity through an inverted index, plus
 * size proximity for companies. Everything is precomputed at start.
 *
 * A query is exact top-k with MaxScore-style pruning (docs/performance.md: over 100,000 companies the plain
 * term-at-a-time scan touched about 270,000 postings per query, most of them in the lists of technologies a third of
 * all companies use). Each query term gets a bound, the most it can add to any cosine (query weight × the largest
 * weight in its list); the lists that cost most per unit of bound (long lists of weak terms) are left out of the
 * scan while their bounds add up to at most SKIP_BUDGET. The documents with the best partial sums (top buckets of
 * a histogram) are scored in full first and set a threshold; a document is then scored in full only when its
 * partial sum plus the skipped bounds could still reach the k-th best, and documents only the skipped lists reach
 * cannot (else those lists are scanned too). Full scores are computed exactly as the plain scan computed them (float32 sums in the query's term
 * order), so the answers, scores and tie order included, are the same as before.
 */

/** A document as weighted terms before IDF (`ind:banking` → 3, `w:payments` → 1, …). */
export type TermCounts = Map<string, number>;

export interface Neighbour {
  index: number;
  /** Cosine similarity in [0, 1]. */
  cosine: number;
}

/** Slack on upper bounds: partial sums are taken in float64 in another order than the float32 full scores. */
const BOUND_SLACK = 1e-3;
/**
 * How much cosine the query terms left out of the scan may add together (their bounds summed). Larger skips more
 * of the long lists but leaves more documents to score in full. Over 100,000 companies (mean ms per query over the
 * 20 sample companies / p50 over 500 spread ones): 0.1 → 1.39 / 1.04, 0.2 → 0.98 / 0.77, 0.3 → 1.14 / 0.86,
 * 0.4 → 1.46 / 0.96; the plain scan took about 3 / 2.8.
 */
const SKIP_BUDGET = 0.2;
/** Buckets of the partial sums' histogram that picks the first documents to score in full. */
const HISTOGRAM_BUCKETS = 256;

export class SparseIndex {
  /** Postings per term id: documents in ascending order, their normalised weights, and the largest weight. */
  private readonly postingDocs: Int32Array[] = [];
  private readonly postingWeights: Float32Array[] = [];
  private readonly postingMax: Float64Array;
  /** Each document's normalised vector, flat: terms of document d are at [docStart[d], docStart[d + 1]). */
  private readonly docStart: Int32Array;
  private readonly docTermIds: Int32Array;
  private readonly docWeights: Float32Array;

  // Per-query scratch, allocated once.
  private readonly acc: Float64Array;
  /** Query generation that fully scored a document. */
  private readonly scoredIn: Int32Array;
  private readonly histogram = new Int32Array(HISTOGRAM_BUCKETS);
  private readonly touched: Int32Array;
  private generation = 0;
  private touchedCount = 0;
  /** Position of a term id in the current query, -1 when absent. */
  private readonly queryPos: Int32Array;
  /** Shared terms of the document being scored: query positions and products. */
  private readonly matchPos: Int32Array;
  private readonly matchProduct: Float64Array;

  /**
   * `docs`: the documents, or their count and a function giving document i's terms; the latter lets the model be
   * built from 100,000 companies without keeping 100,000 maps alive at once (each is read once, into flat arrays).
   */
  constructor(docs: TermCounts[] | { count: number; terms: (index: number) => TermCounts }) {
    const source = Array.isArray(docs) ? { count: docs.length, terms: (i: number) => docs[i] as TermCounts } : docs;
    const n = source.count;
    // One pass: term ids in order of first use, and each document's terms and counts in its own order.
    const termId = new Map<string, number>();
    const df: number[] = [];
    this.docStart = new Int32Array(n + 1);
    let ids = new Int32Array(Math.max(16, n * 32));
    let counts = new Float64Array(ids.length);
    let total = 0;
    let longest = 0;
    for (let d = 0; d < n; d++) {
      this.docStart[d] = total;
      const doc = source.terms(d);
      if (total + doc.size > ids.length) {
        const grown = Math.max(ids.length * 2, total + doc.size);
        ids = grow(ids, new Int32Array(grown));
        counts = grow(counts, new Float64Array(grown));
      }
      for (const [term, count] of doc) {
        // Weights are 1 + ln(count) times IDF: positive only above 1/e, and the bounds and the "partial sum 0 =
        // not reached" test rely on positive weights (every model here adds at least 0.5 per term).
        if (!(count > 1 / Math.E)) throw new Error(`Term "${term}" has count ${count}; counts must be above 1/e`);
        let id = termId.get(term);
        if (id === undefined) {
          id = df.length;
          termId.set(term, id);
          df.push(0);
        }
        df[id] = (df[id] as number) + 1;
        ids[total] = id;
        counts[total++] = count;
      }
      longest = Math.max(longest, doc.size);
    }
    this.docStart[n] = total;
    const vocabulary = df.length;
    const idf = df.map((count) => Math.log((n + 1) / (count + 1)) + 1);

    this.docTermIds = ids.slice(0, total);
    this.docWeights = new Float32Array(total);
    const weights = new Float64Array(longest);
    for (let d = 0; d < n; d++) {
      const start = this.docStart[d] as number;
      const end = this.docStart[d + 1] as number;
      let norm = 0;
      for (let i = start; i < end; i++) {
        const w = (1 + Math.log(counts[i] as number)) * (idf[ids[i] as number] as number);
        weights[i - start] = w;
        norm += w * w;
      }
      norm = Math.sqrt(norm) || 1;
      for (let i = start; i < end; i++) this.docWeights[i] = (weights[i - start] as number) / norm;
    }
    const postingLength = Int32Array.from(df);
    this.postingMax = new Float64Array(vocabulary);
    for (let t = 0; t < vocabulary; t++) {
      this.postingDocs.push(new Int32Array(postingLength[t] as number));
      this.postingWeights.push(new Float32Array(postingLength[t] as number));
    }
    const filled = new Int32Array(vocabulary);
    for (let d = 0; d < n; d++) {
      for (let i = this.docStart[d] as number, end = this.docStart[d + 1] as number; i < end; i++) {
        const t = this.docTermIds[i] as number;
        const w = this.docWeights[i] as number;
        const at = filled[t] as number;
        (this.postingDocs[t] as Int32Array)[at] = d;
        (this.postingWeights[t] as Float32Array)[at] = w;
        filled[t] = at + 1;
        if (w > (this.postingMax[t] as number)) this.postingMax[t] = w;
      }
    }

    this.acc = new Float64Array(n);
    this.scoredIn = new Int32Array(n);
    this.touched = new Int32Array(n);
    this.queryPos = new Int32Array(vocabulary).fill(-1);
    this.matchPos = new Int32Array(longest);
    this.matchProduct = new Float64Array(longest);
  }

  get size(): number {
    return this.docStart.length - 1;
  }

  /**
   * Documents sharing at least one term with document `index`, best `limit` first, the document itself
   * excluded. Score = (1 - blend.weight) * cosine + blend.weight * blend.score(doc), where blend.score is in
   * [0, 1] (companies blend in size proximity); ties rank the lower index first.
   */
  neighbours(index: number, limit: number, blend: Blend = NO_BLEND): Array<Neighbour & { score: number }> {
    if (!(index >= 0 && index < this.size) || limit <= 0) return [];
    const qStart = this.docStart[index] as number;
    const m = (this.docStart[index + 1] as number) - qStart;
    if (m === 0) return [];
    const { acc, scoredIn, queryPos, docTermIds, docWeights, postingMax, postingDocs } = this;
    if (++this.generation === 0x7fffffff) this.resetGenerations();
    const gen = this.generation;
    this.touchedCount = 0;

    // The most each query term can add to any cosine; the lists that cost most per unit of that bound are left
    // out of the scan while the bounds left out add up to at most SKIP_BUDGET.
    const upper = new Float64Array(m);
    for (let p = 0; p < m; p++) {
      const t = docTermIds[qStart + p] as number;
      queryPos[t] = p;
      upper[p] = (docWeights[qStart + p] as number) * (postingMax[t] as number);
    }
    const cost = (p: number): number => (postingDocs[docTermIds[qStart + p] as number] as Int32Array).length / Math.max(upper[p] as number, 1e-12);
    const byCost = Array.from({ length: m }, (_, p) => p).sort((a, b) => cost(b) - cost(a) || a - b);
    const skipped: number[] = [];
    let rest = 0;
    for (const p of byCost) {
      if (rest + (upper[p] as number) <= SKIP_BUDGET) {
        rest += upper[p] as number;
        skipped.push(p);
      } else this.scan(qStart, p);
    }

    const heap = new TopK(limit);
    const cosineShare = 1 - blend.weight;
    const offer = (d: number): void => {
      scoredIn[d] = gen;
      const cosine = Math.min(1, this.cosine(qStart, d));
      heap.offer(d, cosine, blend.weight === 0 ? cosine : cosineShare * cosine + blend.weight * blend.score(d));
    };
    scoredIn[index] = gen;
    const { touched } = this;
    // A first threshold: the documents with the largest partial sums (the top buckets of a histogram holding at
    // least 2 × limit of them), scored in full.
    let count = this.touchedCount;
    let largest = 0;
    for (let i = 0; i < count; i++) largest = Math.max(largest, acc[touched[i] as number] as number);
    const histogram = this.histogram.fill(0);
    const scale = (HISTOGRAM_BUCKETS - 1) / (largest || 1);
    for (let i = 0; i < count; i++) {
      const b = ((acc[touched[i] as number] as number) * scale) | 0;
      histogram[b] = (histogram[b] as number) + 1;
    }
    let cut = 0;
    for (let b = HISTOGRAM_BUCKETS - 1, seen = 0; b >= 0; b--) {
      seen += histogram[b] as number;
      if (seen > 2 * limit) {
        cut = b / scale;
        break;
      }
    }
    for (let i = 0; i < count; i++) {
      const d = touched[i] as number;
      if ((acc[d] as number) >= cut && scoredIn[d] !== gen) offer(d);
    }
    // Documents only the skipped lists reach can score at most their bound: scan those lists too if that could
    // still beat the k-th best.
    if (skipped.length > 0 && !(heap.full && cosineShare * Math.min(1, rest + BOUND_SLACK) + blend.weight < heap.minScore)) {
      for (const p of skipped) this.scan(qStart, p);
      rest = 0;
      count = this.touchedCount;
    }
    const slack = rest + BOUND_SLACK;
    const blendWeight = blend.weight;
    let threshold = heap.full ? heap.minScore : -Infinity;
    for (let i = 0; i < count; i++) {
      const d = touched[i] as number;
      if (scoredIn[d] === gen) continue;
      const cosineBound = Math.min(1, (acc[d] as number) + slack);
      // The cheap bound first (a perfect blend score), the document's own blend score only when that passes.
      if (cosineShare * cosineBound + blendWeight < threshold) continue;
      if (blendWeight !== 0 && cosineShare * cosineBound + blendWeight * blend.score(d) < threshold) continue;
      offer(d);
      if (heap.full) threshold = heap.minScore;
    }
    for (let i = 0; i < count; i++) acc[touched[i] as number] = 0;
    for (let p = 0; p < m; p++) queryPos[docTermIds[qStart + p] as number] = -1;
    return heap.sortedDescending();
  }

  /**
   * Adds query term p's list to the partial sums (float64; order does not matter for a bound). Weights are
   * positive, so a sum of 0 means "not reached yet"; sums are set back to 0 at the end of each query.
   */
  private scan(qStart: number, p: number): void {
    const { acc, touched } = this;
    const t = this.docTermIds[qStart + p] as number;
    const qw = this.docWeights[qStart + p] as number;
    const docs = this.postingDocs[t] as Int32Array;
    const dw = this.postingWeights[t] as Float32Array;
    let count = this.touchedCount;
    for (let i = 0; i < docs.length; i++) {
      const d = docs[i] as number;
      const before = acc[d] as number;
      if (before === 0) touched[count++] = d;
      acc[d] = before + qw * (dw[i] as number);
    }
    this.touchedCount = count;
  }

  /** Cosine of the query (terms at qStart, m of them) with document d: float32 sums in the query's term order. */
  private cosine(qStart: number, d: number): number {
    const { docTermIds, docWeights, queryPos, matchPos, matchProduct } = this;
    // The shared terms (a handful), kept in query order by insertion.
    let k = 0;
    for (let i = this.docStart[d] as number, end = this.docStart[d + 1] as number; i < end; i++) {
      const p = queryPos[docTermIds[i] as number] as number;
      if (p < 0) continue;
      const product = (docWeights[qStart + p] as number) * (docWeights[i] as number);
      let j = k++;
      while (j > 0 && (matchPos[j - 1] as number) > p) {
        matchPos[j] = matchPos[j - 1] as number;
        matchProduct[j] = matchProduct[j - 1] as number;
        j--;
      }
      matchPos[j] = p;
      matchProduct[j] = product;
    }
    let sum = 0;
    for (let j = 0; j < k; j++) sum = Math.fround(sum + (matchProduct[j] as number));
    return sum;
  }

  private resetGenerations(): void {
    this.scoredIn.fill(0);
    this.generation = 1;
  }
}

export interface Blend {
  /** Share of the extra signal in the final score, in [0, 1). */
  weight: number;
  /** The extra signal of a document, in [0, 1]. */
  score(doc: number): number;
}

function grow<T extends Int32Array | Float64Array>(from: T, to: T): T {
  to.set(from);
  return to;
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
    this.index = new SparseIndex({ count: companies.length, terms: (i) => companyTerms(companies[i] as CompanyVectorInput) });
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
    this.index = new SparseIndex({ count: contacts.length, terms: (i) => contactTerms(contacts[i] as ContactVectorInput) });
  }

  /** Lookalikes of contact `index` (0-based) by title, seniority, skills and location; best first, in [0, 1]. */
  similar(index: number, limit: number): Array<{ index: number; score: number }> {
    return this.index.neighbours(index, limit).map((nb) => ({ index: nb.index, score: round4(nb.score) }));
  }
}

const round4 = (x: number): number => Math.round(Math.min(1, Math.max(0, x)) * 10_000) / 10_000;
