// The people detector measured on real pages: hand-written expectations (tests/fixtures/realworld/*.people.json) against
// what the scanner finds on the pages themselves, read in place from ../shared/corpus/realworld/pages (never copied into
// the repository). Used by `npm run scan -- --realworld` and tests/unit/people/realworld.test.ts. How the numbers are
// counted: docs/people.md.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { z } from 'zod';
import { normaliseEmail, normaliseProfileUrl, type PageEntities } from '../lib/detect';
import { scanHtml } from './scan';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The corpus lives beside the repository (`shared/` next to the clone in CI, a link in a worktree). */
export const REALWORLD_PAGES = resolve(REPO, '../shared/corpus/realworld/pages');
export const REALWORLD_EXPECTED = join(REPO, 'tests/fixtures/realworld');

export const PAGE_CLASSES = [
  'team',
  'university',
  'public-sector',
  'firm',
  'speakers',
  'press',
  'article',
  'resume',
  'listing',
  'serp',
  'forum',
  'tricky',
  'none',
] as const;
export type PageClass = (typeof PAGE_CLASSES)[number];

const Identifiers = z.array(z.string().min(3).max(300)).max(50);

export const ExpectedPersonSchema = z.strictObject({
  /** What the page calls the person; null when it shows only an address (`Emma@…` for "the editor"). */
  name: z.string().min(2).max(120).nullable(),
  title: z.string().min(1).max(200).optional(),
  company: z.string().min(1).max(200).optional(),
  emails: Identifiers,
  /** E.164. */
  phones: z.array(z.string().regex(/^\+\d{7,15}$/)).max(50),
  profiles: Identifiers,
});
export type ExpectedPerson = z.infer<typeof ExpectedPersonSchema>;

export const PageExpectationSchema = z.strictObject({
  page: z.string().regex(/^\d{3}-[a-z0-9-]+\.html$/),
  class: z.enum(PAGE_CLASSES),
  /** The address the page was saved from, where the page or its sources say (the page's own domain counts). */
  url: z.url({ protocol: /^https?$/ }).optional(),
  /** The organisation the page belongs to, as the page names itself. */
  company: z.string().min(1).max(200).optional(),
  /** A personal page's, profile's or résumé's owner. */
  owner: z.string().min(2).max(120).optional(),
  people: z.array(ExpectedPersonSchema).max(1000),
  /** Mailboxes and numbers of the organisation (role mailboxes, switchboards, a shared office line): nobody's own. */
  generic: z.strictObject({ emails: Identifiers, phones: z.array(z.string().regex(/^\+\d{7,15}$/)).max(50) }),
  /** Real numbers the page shows that are neither a person's nor the organisation's (an advertiser's, a hospital's). */
  otherPhones: z.array(z.string().regex(/^\+\d{7,15}$/)).max(200).optional(),
  /** Every company or site domain the page names (links, addresses); a domain reported and not listed is a wrong one. */
  domains: z.array(z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/)).max(500).optional(),
  notes: z.string().max(1000).optional(),
});
export type PageExpectation = z.infer<typeof PageExpectationSchema>;

export function loadExpectations(): PageExpectation[] {
  return readdirSync(REALWORLD_EXPECTED)
    .filter((f) => f.endsWith('.people.json'))
    .sort()
    .map((f) => {
      const parsed = PageExpectationSchema.parse(JSON.parse(readFileSync(join(REALWORLD_EXPECTED, f), 'utf8')));
      if (`${parsed.page.slice(0, -'.html'.length)}.people.json` !== f) throw new Error(`${f} describes ${parsed.page}`);
      return parsed;
    });
}

export const corpusPresent = (): boolean => existsSync(REALWORLD_PAGES);

export function scanRealPage(expectation: PageExpectation): PageEntities {
  const file = join(REALWORLD_PAGES, expectation.page);
  return scanHtml(readFileSync(file, 'utf8'), expectation.url ?? pathToFileURL(file).href);
}

/** Words that stand around a name without being it: honorifics, degrees, professions written before a name. */
const NAME_NOISE = new Set(
  'dr dre prof med mr mrs ms mx sir dame mme m mag dipl ing phd msc ma bsc mba rechtsanwalt rechtsanwältin osr bds'.split(' '),
);

/** A name compared loosely: accents, case, honorifics, degrees and nicknames in parentheses off. */
export function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .split(/[^\p{L}'-]+/u)
    .filter((w) => w !== '' && !NAME_NOISE.has(w))
    .join(' ');
}

const profileKey = (url: string): string => {
  const match = normaliseProfileUrl(url);
  return match?.url ?? url;
};

function identifiersOf(p: { emails: readonly string[]; phones: readonly string[]; profiles: readonly string[] }): string[] {
  return [...p.emails.map((e) => normaliseEmail(e) ?? e.toLowerCase()), ...p.phones, ...p.profiles.map(profileKey)];
}

export interface PageScore {
  page: string;
  class: PageClass;
  /** Cards the scanner made. */
  cards: number;
  /** Cards that are one of the expected people (shared identifier, else the same name). */
  rightCards: number;
  /** Expected people with an identifier on the page, and how many of them a card holds. */
  withIds: number;
  foundWithIds: number;
  /** Matched cards whose expected person has a name, and how many of those the card names right. */
  namedMatches: number;
  rightNames: number;
  /** Expected people without an identifier (speakers, authors, board members), and how many a card names. */
  named: number;
  foundNamed: number;
  /** Generic identifiers (role mailboxes, switchboards) put on a person's card. */
  genericOnPerson: number;
  /** The page's owner where it has one: 1 when a card names them. */
  owners: number;
  foundOwners: number;
  /** What went wrong, for the CLI's detail view. */
  wrongCards: string[];
  missed: string[];
  wrongNames: string[];
  genericPlaced: string[];
}

export function scorePage(expected: PageExpectation, found: PageEntities): PageScore {
  const expectedPeople = expected.people.map((p) => ({ person: p, ids: new Set(identifiersOf(p)), key: p.name === null ? null : nameKey(p.name) }));
  const taken = new Set<number>();
  const generic = new Set(identifiersOf({ emails: expected.generic.emails, phones: expected.generic.phones, profiles: [] }));
  const score: PageScore = {
    page: expected.page,
    class: expected.class,
    cards: found.people.length + (found.namedPeople?.length ?? 0),
    rightCards: 0,
    withIds: expectedPeople.filter((e) => e.ids.size > 0).length,
    foundWithIds: 0,
    namedMatches: 0,
    rightNames: 0,
    named: expectedPeople.filter((e) => e.ids.size === 0).length,
    foundNamed: 0,
    genericOnPerson: 0,
    owners: expected.owner === undefined ? 0 : 1,
    foundOwners: 0,
    wrongCards: [],
    missed: [],
    wrongNames: [],
    genericPlaced: [],
  };
  // People named without an identifier are cards too: a name and a title, found through one lookup by name.
  const cards = [...found.people, ...(found.namedPeople ?? []).map((n) => ({ id: n.name, name: n.name, emails: [], phones: [], profiles: [] }))];
  for (const card of cards) {
    const cardIds = identifiersOf(card);
    for (const id of cardIds) {
      if (generic.has(id)) {
        score.genericOnPerson++;
        score.genericPlaced.push(`${id} on ${card.name ?? card.id}`);
      }
    }
    const cardKey = card.name === null ? null : nameKey(card.name);
    let match = expectedPeople.findIndex((e, i) => !taken.has(i) && cardIds.some((id) => e.ids.has(id)));
    const byIdentifier = match !== -1;
    if (match === -1 && cardKey !== null) match = expectedPeople.findIndex((e, i) => !taken.has(i) && e.key === cardKey);
    if (match === -1) {
      score.wrongCards.push(`${card.name ?? '(no name)'} [${cardIds.join(', ')}]`);
      continue;
    }
    taken.add(match);
    score.rightCards++;
    const e = expectedPeople[match]!;
    // Recall of people with identifiers counts a card that holds one of them; the right name alone is not enough.
    if (e.ids.size > 0) {
      if (byIdentifier) score.foundWithIds++;
    } else score.foundNamed++;
    if (e.key !== null) {
      score.namedMatches++;
      if (cardKey === e.key) score.rightNames++;
      else score.wrongNames.push(`${card.name ?? '(no name)'} for ${e.person.name}`);
    }
  }
  expectedPeople.forEach((e, i) => {
    if (!taken.has(i)) score.missed.push(e.person.name ?? [...e.ids].join(', '));
  });
  if (expected.owner !== undefined) {
    const ownerKey = nameKey(expected.owner);
    if (cards.some((p) => p.name !== null && nameKey(p.name) === ownerKey)) score.foundOwners = 1;
  }
  return score;
}

export interface ClassScore {
  class: PageClass | 'all';
  pages: number;
  cards: number;
  precision: number | null;
  recall: number | null;
  nameAccuracy: number | null;
  namedRecall: number | null;
  owners: string;
  genericOnPerson: number;
}

const ratio = (a: number, b: number): number | null => (b === 0 ? null : a / b);

export function summarise(scores: readonly PageScore[], cls: PageClass | 'all'): ClassScore {
  const of = cls === 'all' ? scores : scores.filter((s) => s.class === cls);
  const sum = (f: (s: PageScore) => number): number => of.reduce((n, s) => n + f(s), 0);
  return {
    class: cls,
    pages: of.length,
    cards: sum((s) => s.cards),
    precision: ratio(sum((s) => s.rightCards), sum((s) => s.cards)),
    recall: ratio(sum((s) => s.foundWithIds), sum((s) => s.withIds)),
    nameAccuracy: ratio(sum((s) => s.rightNames), sum((s) => s.namedMatches)),
    namedRecall: ratio(sum((s) => s.foundNamed), sum((s) => s.named)),
    owners: `${sum((s) => s.foundOwners)}/${sum((s) => s.owners)}`,
    genericOnPerson: sum((s) => s.genericOnPerson),
  };
}

export function scoreCorpus(): PageScore[] {
  return scanCorpus().map(({ expected, found }) => scorePage(expected, found));
}

/** Every annotated page scanned once, for the people and the identifier scores. */
export function scanCorpus(): Array<{ expected: PageExpectation; found: PageEntities }> {
  return loadExpectations().map((expected) => ({ expected, found: scanRealPage(expected) }));
}

const cell = (v: number | null): string => (v === null ? '–' : v.toFixed(2));

/** The per-class table `npm run scan -- --realworld` prints (Markdown, so docs/people.md can quote it as it is). */
export function formatTable(scores: readonly PageScore[]): string {
  const rows = [...PAGE_CLASSES.filter((c) => scores.some((s) => s.class === c)), 'all' as const].map((c) => summarise(scores, c));
  const lines = [
    '| class | pages | cards | precision | recall | name accuracy | named people found | owners | generic on a person |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.class} | ${r.pages} | ${r.cards} | ${cell(r.precision)} | ${cell(r.recall)} | ${cell(r.nameAccuracy)} | ${cell(r.namedRecall)} | ${r.owners} | ${r.genericOnPerson} |`,
    ),
  ];
  return lines.join('\n');
}

/** One page's mistakes, for reading the table's causes. */
export function formatDetail(score: PageScore): string {
  const parts = [`${score.page} (${score.class})`];
  if (score.wrongCards.length > 0) parts.push(`  not people: ${score.wrongCards.join('; ')}`);
  if (score.missed.length > 0) parts.push(`  missed: ${score.missed.join('; ')}`);
  if (score.wrongNames.length > 0) parts.push(`  wrong names: ${score.wrongNames.join('; ')}`);
  if (score.genericPlaced.length > 0) parts.push(`  generic on a person: ${score.genericPlaced.join('; ')}`);
  return parts.join('\n');
}

/** How many identifiers of a kind the scanner reported on the real pages, and how many of them are the page's. */
export interface IdentifierScore {
  kind: 'phones' | 'domains';
  pages: number;
  reported: number;
  right: number;
  wrong: string[];
}

/**
 * Identifier precision on the real pages: a reported number is right when the annotation has it (a person's, the
 * organisation's, or `otherPhones`); a reported domain when the page's `domains` lists it (pages without that list
 * are not counted).
 */
export function scoreIdentifiers(pages: ReadonlyArray<{ expected: PageExpectation; found: PageEntities }>): IdentifierScore[] {
  const phones: IdentifierScore = { kind: 'phones', pages: 0, reported: 0, right: 0, wrong: [] };
  const domains: IdentifierScore = { kind: 'domains', pages: 0, reported: 0, right: 0, wrong: [] };
  for (const { expected, found } of pages) {
    const numbers = new Set([...expected.generic.phones, ...expected.people.flatMap((p) => p.phones), ...(expected.otherPhones ?? [])]);
    phones.pages++;
    for (const n of found.phones) {
      phones.reported++;
      if (numbers.has(n)) phones.right++;
      else phones.wrong.push(`${expected.page}: ${n}`);
    }
    if (expected.domains === undefined) continue;
    const named = new Set(expected.domains);
    domains.pages++;
    for (const d of found.domains) {
      domains.reported++;
      if (named.has(d)) domains.right++;
      else domains.wrong.push(`${expected.page}: ${d}`);
    }
  }
  return [phones, domains];
}

/** The identifier table `npm run scan -- --realworld` prints below the people table. */
export function formatIdentifierTable(scores: readonly IdentifierScore[], detail = false): string {
  const lines = ['| identifiers | pages | reported | right | precision |', '|---|---|---|---|---|'];
  for (const s of scores) lines.push(`| ${s.kind} | ${s.pages} | ${s.reported} | ${s.right} | ${cell(ratio(s.right, s.reported))} |`);
  if (detail) for (const s of scores) if (s.wrong.length > 0) lines.push('', `wrong ${s.kind}: ${s.wrong.join('; ')}`);
  return lines.join('\n');
}

export const identifierPrecision = (s: IdentifierScore): number | null => ratio(s.right, s.reported);
