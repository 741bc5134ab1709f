// `npx tsx tests/score-detection.ts`: scores the page detection engine on the real-format corpus
// (tests/fixtures/corpus: pages written with the number formats of libphonenumber-js's per-country example
// numbers, label words of ten languages, and links to common widget and tool hosts). Per kind:
// precision, recall, and the misses; plus truncated phones (a number reported that is a prefix of the right one).
// tests/unit/identity/corpus.test.ts asserts the detection accuracy bars.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { scanHtml } from '@/scripts/scan';

export const KINDS = ['emails', 'phones', 'faxes', 'profiles', 'companyProfiles', 'domains'] as const;
export type Kind = (typeof KINDS)[number];

interface Expected extends Record<Kind, string[]> {
  url: string;
}

export interface KindScore {
  truePositives: number;
  falsePositives: string[];
  falseNegatives: string[];
  precision: number;
  recall: number;
}

export interface CorpusScore {
  pages: number;
  languages: string[];
  kinds: Record<Kind, KindScore>;
  /** Reported numbers that are a strict prefix of an expected one. */
  truncatedPhones: string[];
}

export const CORPUS_DIR = fileURLToPath(new URL('./fixtures/corpus/', import.meta.url));

export function scoreCorpus(dir = CORPUS_DIR): CorpusScore {
  const empty = (): KindScore => ({ truePositives: 0, falsePositives: [], falseNegatives: [], precision: 1, recall: 1 });
  const kinds: Record<Kind, KindScore> = { emails: empty(), phones: empty(), faxes: empty(), profiles: empty(), companyProfiles: empty(), domains: empty() };
  const truncatedPhones: string[] = [];
  const languages = new Set<string>();
  const pages = readdirSync(dir).filter((f) => f.endsWith('.html'));
  for (const page of pages) {
    const html = readFileSync(`${dir}${page}`, 'utf8');
    const expected = JSON.parse(readFileSync(`${dir}${page.replace(/\.html$/, '.expected.json')}`, 'utf8')) as Expected;
    languages.add((/<html lang="([a-z]+)/.exec(html)?.[1] ?? '').toLowerCase());
    const found = scanHtml(html, expected.url);
    for (const kind of KINDS) {
      const want = new Set(expected[kind]);
      const got = new Set(found[kind]);
      const score = kinds[kind];
      for (const v of got) {
        if (want.has(v)) score.truePositives++;
        else score.falsePositives.push(`${page}: ${v}`);
      }
      for (const v of want) if (!got.has(v)) score.falseNegatives.push(`${page}: ${v}`);
    }
    const allExpected = [...expected.phones, ...expected.faxes];
    for (const n of [...found.phones, ...found.faxes]) {
      if (allExpected.some((e) => e !== n && e.startsWith(n))) truncatedPhones.push(`${page}: ${n}`);
    }
  }
  for (const score of Object.values(kinds)) {
    const reported = score.truePositives + score.falsePositives.length;
    const relevant = score.truePositives + score.falseNegatives.length;
    score.precision = reported === 0 ? 1 : score.truePositives / reported;
    score.recall = relevant === 0 ? 1 : score.truePositives / relevant;
  }
  return { pages: pages.length, languages: [...languages].sort(), kinds, truncatedPhones };
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(JSON.stringify(scoreCorpus(), null, 2));
}
