// Groups the identifiers a scan found into the people and companies the page shows. The DOM walk
// reports every identifier with the element it was read from; after the walk, this works in small
// units (the scheduler's slices): mark which subtrees hold which kinds, find each identifier's
// record (blocks.ts), then read each new record's name and title (describe.ts). Incremental
// rescans add identifiers and only their records are read again.
// The phases stay in one file: they share one grouper's state (hits, records, the per-unit budget and the
// resumable cursor), and splitting them would pass that state around instead.
import type { RawCompany, RawPerson } from '../schema';
import { definitionEntry, KIND_BIT, markAncestors, repeatedAncestor, type HitKind } from './blocks';
import { describeCompany, describePerson, describeRow, headingNameBefore, LineReader, linesOf, nameBefore } from './describe';
import { rowColumns, type TableColumns } from './table-columns';
import { Hints, isRoleMailbox, lastNameIn, matchesHints } from './names';
import { plainText } from '../phone-candidates';
import { labelledOwnLine } from './phone-label';

/** A page with more identifiers than this is not a people page; the rest stay in the flat lists only. */
const MAX_HITS = 20_000;
/**
 * How many of them links may give before the walk has read the text. A full pass reads every link of the page before
 * any text, so on a huge page links alone would fill MAX_HITS, and the people they group would show none of the emails
 * and phones written beside them. The scan hands the links held back again once the text is read
 * (`ScanEngine.handBack`), and they take whatever room the text left.
 */
const MAX_LINK_HITS = MAX_HITS / 2;
const MAX_RECORDS = 5000;
const MAX_PER_PERSON = 50;
/** Work per unit: identifiers marked or placed, records described. */
const UNIT_MARK = 128;
const UNIT_PLACE = 64;
const UNIT_DESCRIBE = 8;
/** Identifiers tried per unit while the walk runs (`settle`), and how often one is tried before it waits for the end. */
const UNIT_SETTLE = 64;
const MAX_TRIES = 4;
/**
 * While the walk runs, a result is built each time the records described have grown this many times since the last
 * (the first as soon as one is): the builds add up to a third more than the final one.
 */
const BUILD_GROWTH = 4;
/** Records counted or assembled per unit of the result build. */
const UNIT_RESULT = 500;
/** More records than this are listed in the order found rather than sorted into document order. */
const SORT_LIMIT = 2000;
/** A company card or list item is short; a record with more text than this is prose. */
const MAX_COMPANY_TEXT = 400;
/** How far up from a nameless line record its person's record may be (a card's line, a row's cell). */
const ADOPT_UP = 4;
/** How many siblings either side an orphan's block is compared with (`besidePeople`). */
const ADOPT_SIBLINGS = 6;

/** Marks an identifier two or more records show (see `result`). */
const SHARED = Symbol('shared');
/** Per identifier of one kind: the one record showing it, or SHARED. */
type Owners = Map<string, string | typeof SHARED>;

const INLINE: ReadonlySet<string> = new Set('a abbr b bdi cite code em font i mark q s small span strong sub sup u'.split(' '));

interface Hit {
  kind: HitKind;
  value: string;
  el: Element;
  /** Its place in `hits`: a record lists its identifiers in this order, whenever each was placed. */
  seq: number;
  placed: boolean;
  /** Tried while the walk ran and not placed yet (its record was not read to its end): how often, and where it was. */
  tries: number;
  block: Node | null;
}

/** A node the walk has read to its end, and how many identifiers there were then. */
interface Left {
  node: Node;
  hits: number;
}

interface RecordData {
  /** The element the record is read from (a row, card, `<dt>`, or an inline run's first node's parent). */
  el: Element;
  /** Its key in the grouper's records. */
  key: Node;
  /**
   * Where it stands among records: the `seq` of the first identifier placed in it (records read during the walk are
   * made out of that order), so the result lists records as if every identifier had been placed in turn.
   */
  order: number;
  hits: Hit[];
  /** Set for a run of inline text: the name that leads it. */
  inlineName: string | null;
  /** Reached only as the holder of several addresses in one text: a record only if the text splits by name. */
  textOnly: boolean;
  people: RawPerson[] | null;
  company: RawCompany | null;
  /** Waiting to be described (again). */
  queued: boolean;
  /** Part of the last finished result build (a change to it means the next build starts over). */
  built: boolean;
}

export interface GroupedEntities {
  people: RawPerson[];
  companies: RawCompany[];
}

const uniquePush = (list: string[], value: string): void => {
  if (list.length < MAX_PER_PERSON && !list.includes(value)) list.push(value);
};

/** Is a role word's address on the person's own domain ("mail@robertlargan.co.uk" for Robert Largan)? Then it is theirs. */
function onOwnDomain(name: string, email: string): boolean {
  return matchesHints(name, new Hints([email.slice(email.indexOf('@') + 1)]));
}

function emptyPerson(name: string | null, title: string | null): RawPerson {
  return { name, title, company: null, emails: [], phones: [], profiles: [] };
}

/** Where a hit of this kind goes in a person. */
function addToPerson(person: RawPerson, hit: Hit): void {
  if (hit.kind === 'email') uniquePush(person.emails, hit.value);
  else if (hit.kind === 'phone') uniquePush(person.phones, hit.value);
  else if (hit.kind === 'profile') uniquePush(person.profiles, hit.value);
}

/** Is an address at a link's host or one of its subdomains (`jane@acme.com` ↔ `www.acme.com`, `shop.acme.com`)? */
function sameSite(email: string, host: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const h = host.toLowerCase();
  return h === domain || h.endsWith(`.${domain}`) || domain.endsWith(`.${h.replace(/^www\./, '')}`) || domain === h.replace(/^www\./, '');
}

const isPersonKind = (kind: HitKind): boolean => kind === 'email' || kind === 'phone' || kind === 'profile';

/** The hint words of the hits' values (a phone number gives none), split out only if a name is compared with them. */
function hintsOf(hits: readonly Hit[]): Hints {
  const identifiers: string[] = [];
  for (const h of hits) if (h.kind !== 'phone') identifiers.push(h.value);
  return new Hints(identifiers);
}

export class PeopleGrouper {
  private hits: Hit[] = [];
  private linkHits = 0;
  /** True until the walk has read the text (`releaseLinks`): links may give only their share until then. */
  private linkShare = true;
  private marked = 0;
  private placed = 0;
  private readonly masks = new Map<Node, number>();
  private readonly records = new Map<Node, RecordData>();
  /** Each table's header columns, read once (`rowColumns`). */
  private readonly tables = new Map<Element, TableColumns | null>();
  private dirty: RecordData[] = [];
  /** Identifiers with no repeated record of their own kind, placed once every other identifier is. */
  private orphans: Hit[] = [];
  /** The result for the records as they are now; null while it is (to be) rebuilt. */
  private cache: GroupedEntities | null = { people: [], companies: [] };
  /** The last finished result, reported while a new one is built. */
  private last: GroupedEntities = this.cache as GroupedEntities;
  private building: Build | null = null;
  /**
   * The last finished build (its records in order and who shows each identifier), and what happened since: the
   * records created after it, and whether one of its own records was described again. A page that only grows
   * (new cards appended, an infinite list) extends that build with the new records instead of building over every
   * record again (docs/performance.md: +1 KB of cards on a page of 4,000 records cost 3.7 ms to rebuild, the goal is 1
   * ms).
   */
  private done: Build | null = null;
  private fresh: RecordData[] = [];
  private stale = false;
  /** Bumped whenever the result may have changed. */
  revision = 0;
  /** Some record's element may have left the page (`changed`): builds skip records no longer in the document. */
  private removals = false;
  /**
   * While the full pass walks the page, records the walk has read to their end are placed and described at once and
   * a result is built now and then (`settle`, `provisional`), so the first people reach the panel long before the
   * walk ends. Null outside the walk. Records are made out of order then, so they carry their `order`.
   */
  #walking = false;
  /** Nodes the walk has read to their end, oldest first, not yet looked at. */
  #leftNodes: Left[] = [];
  /**
   * Identifiers from before the walk (the anchors), in page order: each is looked at when the walk leaves a node
   * holding it.
   */
  #linkEnd = 0;
  #linkCursor = 0;
  /** Identifiers the walk found: those of each node it leaves follow the previous node's. */
  #walkCursor = 0;
  #retry: Hit[] = [];
  /** Until the first pass has placed every identifier, the record cap is applied afterwards, by `order` (`trim`). */
  #firstPass = true;
  /** The page changed where the walk had read while it ran: group every identifier again once it ends. */
  #tainted = false;
  /** How many records there were when a result was last built while the walk ran. */
  #builtAt = 0;
  #adoptions = 0;

  /**
   * `ownUi`: may the page hold our own UI (`data-in-page-enrich`) anywhere? The scan's answer (it looks for such
   * regions), asked when a record is read: when none exists, the line reader does not ask every element.
   */
  constructor(
    private readonly root: Element | null,
    private readonly ownUi: () => boolean = () => true,
  ) {}

  /**
   * One identifier read from `el`: from an anchor's href (`fromLink`), or from the text of the element holding it.
   * False when a link is held back for its share only (handed again, it may be taken once the text is read).
   */
  add(kind: HitKind, value: string, el: Element | null, fromLink: boolean): boolean {
    if (el === null || this.hits.length >= MAX_HITS) return true;
    if (fromLink) {
      if (this.linkShare && this.linkHits >= MAX_LINK_HITS) return false;
      this.linkHits++;
    }
    this.hits.push({ kind, value, el, seq: this.hits.length, placed: false, tries: 0, block: null });
    return true;
  }

  /**
   * The full pass starts walking the page's text (every anchor was read): from now on records the walk has left are
   * read at once (`work` during the walk).
   */
  beginWalk(): void {
    if (this.root === null) return;
    this.#walking = true;
    this.#linkEnd = this.hits.length;
    this.#linkCursor = 0;
    this.#walkCursor = this.hits.length;
  }

  /** The walk has read all of `node`: the identifiers inside it are placed in the next units (when their record is whole). */
  left(node: Node): void {
    if (!this.#walking || this.#tainted) return;
    // Most nodes hold nothing to place (text without identifiers, a wrapper whose children were left already): once the
    // queue is worked off, no entry for them (an entry keeps the node alive, and a minor GC pays for every one).
    if (this.#leftNodes.length === 0 && this.hits.length === this.#walkCursor && this.#retry.length === 0 && !this.#holdsNextLink(node)) return;
    this.#leftNodes.push({ node, hits: this.hits.length });
  }

  /**
   * Does `node` hold the next anchor's identifier still to place? One native `contains` (it climbs from the anchor
   * inside the browser: no node handed to JavaScript on the way).
   */
  #holdsNextLink(node: Node): boolean {
    return this.#linkCursor < this.#linkEnd && node.contains((this.hits[this.#linkCursor] as Hit).el);
  }

  /** The page changed where the walk had read (or it removed something) while it ran: regroup once it ends. */
  taint(): void {
    if (this.#walking) {
      this.#tainted = true;
      this.#leftNodes = [];
    }
  }

  /**
   * The walk ended: what is left is placed in `seq` order, as before the walk read records early. A result built
   * during the walk is never extended: the final one is built over every record (so it is what a grouping of the
   * whole page in one go gives).
   */
  endWalk(): void {
    if (!this.#walking) return;
    this.#walking = false;
    this.#leftNodes = [];
    this.#retry = [];
    if (this.#tainted) {
      // Forget what the walk grouped: every identifier is marked and placed again, in turn.
      this.masks.clear();
      this.records.clear();
      this.marked = this.placed = 0;
      this.dirty = [];
      this.fresh = [];
      this.done = null;
      for (const hit of this.hits) {
        hit.placed = false;
        hit.tries = 0;
      }
    }
    if (this.done !== null) this.stale = true;
    this.cache = null;
    this.building = null;
  }

  /**
   * While the walk runs, a result is built each time the records have grown BUILD_GROWTH times, and not while an
   * identifier waits for its record to be whole (the card it belongs to would be listed without it).
   */
  get #buildDue(): boolean {
    const n = this.records.size;
    return n > 0 && n >= BUILD_GROWTH * this.#builtAt && this.dirty.length === 0 && this.#retry.length === 0;
  }

  /** While the walk runs: is there grouping to do now (called once per walk unit)? */
  wantsTurn(): boolean {
    return (
      this.#walking &&
      !this.#tainted &&
      (this.marked < this.hits.length || this.building !== null || this.dirty.length > 0 || this.#buildDue || this.#leftNodes.length > 0)
    );
  }

  /** The walk has read the text: links may now take whatever room it left. Is there any? */
  releaseLinks(): boolean {
    this.linkShare = false;
    return this.hits.length < MAX_HITS;
  }

  /**
   * Did an identifier come from `node` or from inside it (it is an identifier's element or one of its ancestors, as
   * marked so far)? One map lookup: the scanner asks it of removed and changed nodes to know whether what it reported
   * may have left the page (`dom-scan.ts`).
   */
  holds(node: Node): boolean {
    // While the walk runs, a removal is handled by `taint` (everything is grouped again at its end).
    return !this.#walking && this.masks.has(node);
  }

  /**
   * The page changed at `node` (a node inside it was removed or edited, or its href changed; `removal`: something
   * the scan found may have left the page): the records holding `node` (up to `depth` levels up) are described again,
   * and on a removal forget their identifiers (the walk reads them again), and the next build
   * leaves out every record whose element left the page. Returns the outermost such record's element, which the walk
   * must read again so the record is described from its current content only (a list row reused for another
   * person must not keep the first one's email: audit e4/e8). Null when no record holds it.
   */
  changed(node: Node, depth = 16, removal = true): Element | null {
    let outer: Element | null = null;
    let cur: Node | null = node;
    for (let i = 0; cur !== null && i < depth; i++, cur = cur.parentNode) {
      const record = this.records.get(cur);
      if (record === undefined) continue;
      // A removal forgets the record's identifiers (the walk reads them again from what is there now); an edit of
      // text without one (`removal` false) keeps them and only has the record described again.
      if (removal) record.hits = [];
      if (!record.queued) {
        record.queued = true;
        this.dirty.push(record);
      }
      outer = record.el;
    }
    if (outer === null && !removal) return null;
    if (removal) this.removals = true;
    this.stale = true;
    this.cache = null;
    this.building = null;
    this.revision++;
    return outer;
  }

  /** Work left: identifiers not yet placed, records not yet described, or the result not yet built. */
  get busy(): boolean {
    return this.placed < this.hits.length || this.orphans.length > 0 || this.dirty.length > 0 || this.cache === null;
  }

  /** One bounded unit of work. */
  work(): void {
    const root = this.root;
    if (root === null) {
      this.placed = this.marked = this.hits.length;
      return;
    }
    // Marking runs ahead of placing: an identifier's record depends on what its siblings hold.
    if (this.marked < this.hits.length) {
      const end = Math.min(this.hits.length, this.marked + UNIT_MARK);
      for (; this.marked < end; this.marked++) {
        const hit = this.hits[this.marked] as Hit;
        markAncestors(this.masks, hit.el, root, KIND_BIT[hit.kind]);
      }
      return;
    }
    if (this.#walking) {
      this.#workDuringWalk(root);
      return;
    }
    if (this.placed < this.hits.length) {
      const end = Math.min(this.hits.length, this.placed + UNIT_PLACE);
      for (; this.placed < end; this.placed++) {
        this.place(this.hits[this.placed] as Hit, root);
      }
      return;
    }
    if (this.#firstPass) {
      this.#firstPass = false;
      this.#trim();
    }
    if (this.orphans.length > 0) {
      for (const hit of this.orphans.splice(0, UNIT_PLACE)) this.adopt(hit);
      return;
    }
    if (this.dirty.length > 0) {
      for (let i = 0; i < UNIT_DESCRIBE && this.dirty.length > 0; i++) this.describe(this.dirty.pop() as RecordData);
      return;
    }
    if (this.cache === null) this.buildSome();
  }

  /**
   * One unit while the walk runs, once what it found is marked: describe what was placed, build a result now and then
   * (BUILD_GROWTH), else place identifiers whose record the walk has left.
   */
  #workDuringWalk(root: Element): void {
    // A build started here runs to its end (nothing is placed or described meanwhile, which would restart it).
    if (this.building !== null) this.buildSome();
    else if (this.dirty.length > 0) {
      for (let i = 0; i < UNIT_DESCRIBE && this.dirty.length > 0; i++) this.describe(this.dirty.pop() as RecordData);
    } else if (this.#buildDue) {
      this.#builtAt = this.records.size;
      this.buildSome();
    } else this.#settle(root);
  }

  /**
   * Places the identifiers inside the nodes the walk has left, oldest first: the anchors it holds (in page order,
   * like the nodes), then what the walk found in it. One whose record is not inside a node the walk has left waits
   * (`retry`), and is tried again as the next nodes are left, at most MAX_TRIES times; the rest wait for the walk's end.
   * A record inside a node the walk has left cannot change any more (`repeatedAncestor`).
   */
  #settle(root: Element): void {
    let budget = UNIT_SETTLE;
    const hits = this.hits;
    while (budget > 0 && this.#leftNodes.length > 0) {
      const { node, hits: end } = this.#leftNodes[0] as Left;
      for (; this.#linkCursor < this.#linkEnd && budget > 0; budget--) {
        if (!this.#holdsNextLink(node)) break;
        this.place(hits[this.#linkCursor] as Hit, root, node);
        this.#linkCursor++;
      }
      for (; this.#walkCursor < end && budget > 0; this.#walkCursor++, budget--) this.place(hits[this.#walkCursor] as Hit, root, node);
      if (this.#walkCursor < end || (budget === 0 && this.#linkCursor < this.#linkEnd)) return;
      this.#leftNodes.shift();
      if (this.#retry.length > 0) {
        const waiting = this.#retry;
        this.#retry = [];
        for (const hit of waiting) {
          const block = hit.block as Node;
          this.place(hit, root, node === block || node.contains(block) ? node : block);
        }
      }
    }
  }

  /**
   * Places `hit` in its record. While the walk runs (`within`: a node it has read to its end), only if the record is
   * inside that node and the record cap is not reached (at the cap the rest waits for the end, where the cap keeps the
   * records first in `seq` order); else it waits.
   */
  private place(hit: Hit, root: Element, within: Node | null = null): void {
    if (hit.placed) return;
    const level = repeatedAncestor(hit.el, root, this.masks, KIND_BIT[hit.kind], within);
    if (within !== null && (level === null || this.records.size >= MAX_RECORDS)) {
      hit.block ??= within;
      if (++hit.tries < MAX_TRIES) this.#retry.push(hit);
      return;
    }
    if (level === null) {
      // Nothing like it beside it: it may still sit in another identifier's record (the only email
      // in a grid of cards that otherwise show phones). Decided once every identifier is placed.
      if (isPersonKind(hit.kind)) this.orphans.push(hit);
      return;
    }
    const found = definitionEntry(level);
    if (INLINE.has(found.localName) && found.parentElement !== null && isPersonKind(hit.kind)) {
      // Links side by side in one line of text: one person per run that a name opens.
      const lead = nameBefore(found);
      this.addTo(lead?.start ?? found, found.parentElement, hit, lead?.name ?? null, false);
      return;
    }
    this.addTo(found, found, hit, null, false);
  }

  /**
   * An identifier without a repeated record of its kind joins the record around it, if any, else makes one of the
   * block it sits in when that block's siblings are people's records (the one committee member shown by a profile
   * link in a table whose other rows show emails).
   */
  private adopt(hit: Hit): void {
    let cur: Element | null = hit.el;
    for (let depth = 0; cur !== null && depth < 12; depth++, cur = cur.parentElement) {
      const record = this.records.get(cur);
      if (record !== undefined && !record.textOnly && record.hits.some((h) => isPersonKind(h.kind))) {
        this.addTo(cur, record.el, hit, null, false, true);
        return;
      }
      if (record === undefined && this.besidePeople(cur)) {
        this.addTo(cur, cur, hit, null, false, true);
        return;
      }
    }
    // Still a record if its own text names several people ("two people in one paragraph").
    this.addTo(hit.el, hit.el, hit, null, true, true);
  }

  /** A record an orphan makes comes after every record placed so far and before any made later (increasing, < hits). */
  #adoptedOrder(): number {
    return this.hits.length - 1 / (2 + this.#adoptions++);
  }

  /**
   * The record cap of the first pass, applied once every identifier is placed: the MAX_RECORDS records first in
   * `order` stay (those a cap applied as each was made in turn keeps); the others, and their identifiers, are dropped.
   */
  #trim(): void {
    if (this.records.size <= MAX_RECORDS) return;
    const sorted = [...this.records.values()].sort(byOrder);
    for (let i = MAX_RECORDS; i < sorted.length; i++) {
      const record = sorted[i] as RecordData;
      this.records.delete(record.key);
      if (record.built) this.stale = true;
    }
    const kept = (r: RecordData): boolean => this.records.get(r.key) === r;
    this.fresh = this.fresh.filter(kept);
    this.dirty = this.dirty.filter(kept);
    this.cache = null;
    this.building = null;
    this.revision++;
  }

  /** Is a sibling of `el` with its tag (a few either side) a person's record? */
  private besidePeople(el: Element): boolean {
    const isPeople = (s: Element): boolean => {
      const record = s.localName === el.localName ? this.records.get(s) : undefined;
      return record !== undefined && !record.textOnly && record.hits.some((h) => isPersonKind(h.kind));
    };
    let before = el.previousElementSibling;
    let after = el.nextElementSibling;
    for (let i = 0; i < ADOPT_SIBLINGS && (before !== null || after !== null); i++) {
      if ((before !== null && isPeople(before)) || (after !== null && isPeople(after))) return true;
      before = before?.previousElementSibling ?? null;
      after = after?.nextElementSibling ?? null;
    }
    return false;
  }

  /**
   * `adopted`: an orphan joining a record once every identifier is placed (`adopt`): it goes last, as it always did,
   * and a record it makes comes after those placed so far.
   */
  private addTo(key: Node, el: Element, hit: Hit, inlineName: string | null, textOnly: boolean, adopted = false): void {
    hit.placed = true;
    let record = this.records.get(key);
    if (record === undefined) {
      // The first pass applies the cap once every identifier is placed (`trim`): records are made out of order then.
      if (!this.#firstPass && this.records.size >= MAX_RECORDS && !this.prune()) return;
      record = { el, key, order: adopted ? this.#adoptedOrder() : hit.seq, hits: [], inlineName, textOnly, people: null, company: null, queued: false, built: false };
      this.records.set(key, record);
      this.fresh.push(record);
    } else if (!textOnly) {
      record.textOnly = false;
    }
    if (!adopted && hit.seq < record.order) record.order = hit.seq;
    if (!record.queued) {
      record.queued = true;
      this.dirty.push(record);
    }
    const list = record.hits;
    const last = list[list.length - 1];
    if (adopted || last === undefined || last.seq <= hit.seq) list.push(hit);
    else {
      // Placed out of turn (the walk reads records as it leaves them): kept in `seq` order, as placing in turn would.
      let i = list.length - 1;
      while (i > 0 && (list[i - 1] as Hit).seq > hit.seq) i--;
      list.splice(i, 0, hit);
    }
    this.cache = null;
    this.building = null;
    this.revision++;
  }

  /**
   * At the record cap, forget the records whose element left the page (a long-lived page that re-renders its list
   * would otherwise stop grouping new people: audit e14). One sweep, only when the cap is hit; true if room was made.
   */
  private prune(): boolean {
    if (!this.removals) return false;
    for (const [key, record] of this.records) if (!record.el.isConnected) this.records.delete(key);
    this.removals = false;
    this.stale = true;
    this.done = null;
    this.fresh = this.fresh.filter((r) => r.el.isConnected);
    return this.records.size < MAX_RECORDS;
  }

  private describe(record: RecordData): void {
    if (record.built) this.stale = true;
    this.cache = null;
    this.building = null;
    this.revision++;
    record.queued = false;
    record.people = null;
    record.company = null;
    // One pass: a person's identifiers (a shared mailbox is nobody's), the links to a company beside them.
    const personHits: Hit[] = [];
    const companyHits: Hit[] = [];
    const roleHits: Hit[] = [];
    for (const h of record.hits) {
      if (!isPersonKind(h.kind)) companyHits.push(h);
      else if (h.kind === 'email' && isRoleMailbox(h.value)) roleHits.push(h);
      else personHits.push(h);
    }
    // A record with only a role word's address may still be someone's: "mail@robertlargan.co.uk" beside Robert Largan.
    const onlyRole = personHits.length === 0 && roleHits.length > 0 && !record.textOnly;
    if (onlyRole) personHits.push(...roleHits);
    if (personHits.length > 0) {
      const split = splitByNames(record.el, personHits);
      if (split !== null) {
        record.people = split;
        return;
      }
      if (record.textOnly) {
        // One address in running text, after the name its local part spells ("Weitere Informationen erteilt Anne
        // Althaus … (althausa@stadt.ahlen.de)"): that person's.
        const named = nameInProse(record.el, personHits);
        if (named !== null) record.people = [named];
        return;
      }
      const hints = hintsOf(personHits);
      const columns = record.inlineName === null ? rowColumns(record.el, this.tables) : null;
      const label =
        record.inlineName !== null
          ? { name: record.inlineName, title: null, company: null }
          : columns !== null
            ? describeRow(record.el, columns, hints, this.ownUi())
            : { ...describePerson(new LineReader(record.el, this.ownUi()), hints), company: null };
      // A staff page of sections rather than cards ("<h4>Jane Doe</h4><img><p>… jane@…</p>"): the heading before names it.
      const name = label.name ?? headingNameBefore(record.el);
      if (roleHits.length > 0) {
        const own = name === null ? [] : roleHits.filter((h) => onOwnDomain(name, h.value));
        if (onlyRole && own.length === 0) return;
        if (!onlyRole) personHits.push(...own);
      }
      const person = emptyPerson(name, label.title);
      for (const hit of personHits) addToPerson(person, hit);
      // Where they work: the row's company column, else a link to a company's site beside them (named later from the
      // company itself, never from the link's text: "Website", "Visit us"), else a network company page's text where
      // it spells the page's slug.
      // A link is their company's when it names its own host ("www.naturstrom.de", "Contoso" ↔ contoso.com) or the
      // person's address is at that host: a link in a bio to a paper or a university names no employer.
      const site = companyHits.find(
        (h) => h.kind === 'linkHost' && (person.emails.some((e) => sameSite(e, h.value)) || describeCompany([h.el], [], new Hints([h.value])) !== null),
      );
      person.company = label.company;
      if (person.company === null && site !== undefined) person.companyHost = site.value;
      else if (person.company === null && companyHits.length > 0) person.company = describeCompany(companyHits.map((h) => h.el), [], hintsOf(companyHits));
      record.people = [person];
      return;
    }
    if (record.textOnly) return;
    const company: RawCompany = { name: null, hosts: [], companyPages: [] };
    for (const hit of record.hits) {
      if (hit.kind === 'company') uniquePush(company.companyPages, hit.value);
      else if (hit.kind === 'linkHost') uniquePush(company.hosts, hit.value);
    }
    if (company.companyPages.length === 0 && company.hosts.length === 0) return;
    // Short records only: a paragraph of prose with links is an article, not a company card.
    if ((record.el.textContent ?? '').length > MAX_COMPANY_TEXT) return;
    const anchors = companyHits.map((h) => h.el);
    company.name = describeCompany(anchors, linesOf(record.el, this.ownUi()), new Hints([...company.hosts, ...company.companyPages]));
    record.company = company;
  }

  /**
   * The people and companies in page order, as of the last finished build. Building is part of the
   * work (`work()` does it in units once every record is described), so a report during the pass
   * never runs a whole build at once: until the build finishes, the previous result stands.
   */
  result(): GroupedEntities {
    return this.cache ?? this.last;
  }

  /** One unit of the result build: put the records in page order, count owners, or assemble people. */
  private buildSome(): void {
    const b = this.building;
    if (b === null) {
      this.building = this.extension() ?? newBuild(this.ordered(), null, this.records);
      return;
    }
    const end = Math.min(b.records.length, b.index + UNIT_RESULT);
    if (b.counting) {
      for (; b.index < end; b.index++) countOwners(b, b.records[b.index] as RecordData, b.offset + b.index);
      if (b.index < b.records.length) return;
      b.counting = false;
      b.index = 0;
      if (b.base !== null && (b.reachesBack || overlaps(b, b.base))) this.building = newBuild(this.ordered(), null, this.records);
      return;
    }
    for (; b.index < end; b.index++) assemble(b, b.records[b.index] as RecordData);
    if (b.index < b.records.length) return;
    const finished = b.base === null ? b : merged(b.base, b);
    for (const record of b.records) record.built = true;
    this.done = finished;
    this.fresh = [];
    this.stale = false;
    this.cache = this.last = { people: finished.people, companies: finished.companies };
    this.building = null;
    this.revision++;
  }

  /**
   * A build over only the records created since the last one, when the full build would give the last result
   * followed by theirs: nothing of the last build changed, the new records come after its records in page order
   * (or the order is the order found, past SORT_LIMIT), and (checked once they are counted) they show no identifier
   * the earlier records show. Null when a full build is needed.
   */
  private extension(): Build | null {
    const base = this.done;
    if (base === null || this.stale || this.fresh.length === 0) return null;
    const total = base.records.length + this.fresh.length;
    if (base.records.length > SORT_LIMIT) {
      return newBuild(this.fresh.slice().sort(byOrder), base, this.records);
    }
    if (total > SORT_LIMIT) return null;
    const added = sortByPage(this.removals ? this.fresh.filter((r) => r.el.isConnected) : this.fresh.slice());
    if (added.length === 0) return null;
    const lastBefore = base.records[base.records.length - 1];
    const firstAdded = added[0] as RecordData;
    // Node.DOCUMENT_POSITION_FOLLOWING = 4: the first new record comes after the last earlier one.
    if (lastBefore !== undefined && (lastBefore.el.compareDocumentPosition(firstAdded.el) & 4) === 0) return null;
    return newBuild(added, base, this.records);
  }

  private ordered(): RecordData[] {
    // After a removal, records whose element left the page are not reported (checked only then: a page that only
    // grows pays nothing for it).
    const all = [...this.records.values()];
    // Made out of turn during the walk: in the order placing every identifier in turn would have made them.
    all.sort(byOrder);
    const records = this.removals ? all.filter((r) => r.el.isConnected) : all;
    if (records.length > SORT_LIMIT) return records;
    return sortByPage(records);
  }
}

const byOrder = (a: RecordData, b: RecordData): number => a.order - b.order;

/** Records in page order. */
function sortByPage(records: RecordData[]): RecordData[] {
  if (records.length < 2) return records;
  return records.sort((a, b) => {
    if (a.el === b.el) return 0;
    // Node.DOCUMENT_POSITION_FOLLOWING = 4: b comes after a.
    return (a.el.compareDocumentPosition(b.el) & 4) !== 0 ? -1 : 1;
  });
}

/** A result build in progress (see `PeopleGrouper.result`), or the last one finished. */
interface Build {
  records: RecordData[];
  /** The finished build this one extends (its records come first), or null for a build over every record. */
  base: Build | null;
  /** Where these records start in the whole order: owners without a name are told apart by that position. */
  offset: number;
  /** Every record of the grouper by its key (to find the record around a nameless one). */
  lookup: ReadonlyMap<Node, RecordData>;
  /** Nameless line records' people, by the record whose person adopts them (see `adopter`). */
  adopted: Map<RecordData, RawPerson[]>;
  /** The nameless line records themselves, by the same record (their labels are read in `ownLines`). */
  adoptedRecords: Map<RecordData, RecordData[]>;
  /** An extension's record was adopted by an earlier record: the earlier result changes, build over every record. */
  reachesBack: boolean;
  counting: boolean;
  index: number;
  emails: Owners;
  phones: Owners;
  profiles: Owners;
  hosts: Owners;
  pages: Owners;
  /** The maps above in which some identifier is SHARED. */
  sharedIn: Set<Owners>;
  /** Emails and phones an address block or footer lists (the organisation's own). */
  listed: Set<string>;
  people: RawPerson[];
  companies: RawCompany[];
}

function newBuild(records: RecordData[], base: Build | null, lookup: ReadonlyMap<Node, RecordData>): Build {
  return {
    records,
    base,
    lookup,
    adopted: new Map(),
    adoptedRecords: new Map(),
    reachesBack: false,
    offset: base?.records.length ?? 0,
    counting: true,
    index: 0,
    emails: new Map(),
    phones: new Map(),
    profiles: new Map(),
    hosts: new Map(),
    pages: new Map(),
    sharedIn: new Set(),
    listed: new Set(),
    people: [],
    companies: [],
  };
}

const OWNER_MAPS = ['emails', 'phones', 'profiles', 'hosts', 'pages'] as const;

/** Does an identifier the new records show appear in the earlier build too (it may be shared now)? */
function overlaps(added: Build, base: Build): boolean {
  for (const key of OWNER_MAPS) {
    const before = base[key];
    for (const value of added[key].keys()) if (before.has(value)) return true;
  }
  // A footer read after the cards lists a number an earlier card shows: that card may lose it.
  for (const value of added.listed) if (base.emails.has(value) || base.phones.has(value)) return true;
  return false;
}

/** The earlier build extended by `added` (whose identifiers it never showed), as one finished build. */
function merged(base: Build, added: Build): Build {
  for (const key of OWNER_MAPS) {
    const into = base[key];
    for (const [value, owner] of added[key]) into.set(value, owner);
    if (added.sharedIn.has(added[key])) base.sharedIn.add(into);
  }
  return {
    ...base,
    records: base.records.concat(added.records),
    people: base.people.concat(added.people),
    companies: base.companies.concat(added.companies),
  };
}

/** Who shows each identifier: the one owner so far, or SHARED once a second one does (and the map is noted). */
function count(b: Build, map: Owners, values: readonly string[], owner: string): void {
  for (const v of values) {
    const seen = map.get(v);
    if (seen === undefined) map.set(v, owner);
    else if (seen !== owner) {
      map.set(v, SHARED);
      b.sharedIn.add(map);
    }
  }
}

/** Would `assemble` list this person? Only with a name the page shows, or a profile. */
const isSomeone = (person: RawPerson): boolean => person.name !== null || person.profiles.length > 0;

/**
 * The named person whose record holds `record`, when `record` names nobody: a card's "Tel:" and "Mobile:" lines,
 * or a row's two phone cells, are blocks that repeat (each holds a phone) inside one person's record, and their
 * numbers are that person's. Null when no record around it names one person.
 */
function adopter(b: Build, record: RecordData): RecordData | null {
  let cur = record.el.parentElement;
  for (let depth = 0; cur !== null && depth < ADOPT_UP; depth++, cur = cur.parentElement) {
    const around = b.lookup.get(cur);
    if (around === undefined || around === record) continue;
    const people = around.people;
    return people !== null && people.length === 1 && (people[0] as RawPerson).name !== null ? around : null;
  }
  return null;
}

/** Blocks that state an organisation's own contact: its postal address, the page's footer. */
const ADDRESS_BLOCK = 'address, footer';

function countOwners(b: Build, record: RecordData, i: number): void {
  for (const person of record.people ?? []) {
    let owner = person.name ?? `#${i}`;
    if (!isSomeone(person)) {
      const into = adopter(b, record);
      if (into !== null) {
        const list = b.adopted.get(into);
        if (list === undefined) b.adopted.set(into, [person]);
        else list.push(person);
        const lines = b.adoptedRecords.get(into);
        if (lines === undefined) b.adoptedRecords.set(into, [record]);
        else if (!lines.includes(record)) lines.push(record);
        // Counted as the adopting person's: the same number on two people's cards stays shared.
        owner = (into.people?.[0] as RawPerson).name as string;
        if (b.base !== null && into.built) b.reachesBack = true;
      } else if (record.el.closest(ADDRESS_BLOCK) !== null) {
        // A line of the page's address block or footer that names nobody lists the organisation's contact, as the
        // block does (see `notListed`): not a second owner of a number a card shows.
        for (const v of person.emails) b.listed.add(v);
        for (const v of person.phones) b.listed.add(v);
        continue;
      }
    }
    count(b, b.emails, person.emails, owner);
    count(b, b.phones, person.phones, owner);
    count(b, b.profiles, person.profiles, owner);
  }
  // A page's address block or footer names nobody: its mailbox and main line are the company's (see `assemble`).
  if ((record.people === null || record.people.length === 0) && record.el.closest(ADDRESS_BLOCK) !== null) {
    for (const h of record.hits) if (h.kind === 'email' || h.kind === 'phone') b.listed.add(h.value);
  }
  if (record.company !== null) {
    const owner = record.company.name ?? `#${i}`;
    count(b, b.hosts, record.company.hosts, owner);
    count(b, b.pages, record.company.companyPages, owner);
  }
}

/** The identifiers only this record shows: an office phone or a shared mailbox on several people's cards is nobody's own. */
function own(b: Build, map: Owners, values: string[]): string[] {
  // Most pages share nothing of a kind (every person their own email): no lookup per identifier then.
  if (!b.sharedIn.has(map)) return values.slice();
  for (const v of values) if (map.get(v) === SHARED) return values.filter((w) => map.get(w) !== SHARED);
  return values.slice();
}

/** A person's own identifiers, then those of the nameless lines inside their record, in page order. */
function withAdopted(p: RawPerson, adopted: readonly RawPerson[] | undefined): RawPerson {
  if (adopted === undefined) return p;
  const person: RawPerson = { ...p, emails: p.emails.slice(), phones: p.phones.slice(), profiles: p.profiles.slice() };
  for (const line of adopted) {
    for (const v of line.emails) uniquePush(person.emails, v);
    for (const v of line.phones) uniquePush(person.phones, v);
    for (const v of line.profiles) uniquePush(person.profiles, v);
  }
  return person;
}

/**
 * A card's identifiers minus those the page's address block or footer lists too, when the card shows another of
 * that kind: a lawyer's card with a direct line and the firm's main line ("Zentrale …", `berlin@`) keeps the direct
 * line; a group leader's card whose one number the footer repeats presents it as theirs, and keeps it. So does a
 * card whose label says a number is the person's own ("Mobil", "Direkt", "Durchwahl", "Tel. direct", "Móvil": `keep`).
 */
function notListed(b: Build, values: string[], keep: (value: string) => boolean = () => false): string[] {
  if (b.listed.size === 0 || values.length < 2) return values;
  const kept = values.filter((v) => !b.listed.has(v) || keep(v));
  return kept.length > 0 ? kept : values;
}

/**
 * Is a number the footer lists labelled on this card (its own lines included) as the person's own? Asked only of
 * numbers the footer lists, each label read once.
 */
function ownLines(b: Build, record: RecordData): (value: string) => boolean {
  const answers = new Map<string, boolean>();
  return (value) => {
    let answer = answers.get(value);
    if (answer === undefined) {
      answer = false;
      for (const r of [record, ...(b.adoptedRecords.get(record) ?? [])]) {
        if (r.hits.some((h) => h.kind === 'phone' && h.value === value && labelledOwnLine(h.el, h.value))) answer = true;
      }
      answers.set(value, answer);
    }
    return answer;
  };
}

function assemble(b: Build, record: RecordData): void {
  for (const found of record.people ?? []) {
    const p = withAdopted(found, b.adopted.get(record));
    const person: RawPerson = {
      ...p,
      emails: notListed(b, own(b, b.emails, p.emails)),
      phones: notListed(b, own(b, b.phones, p.phones), ownLines(b, record)),
      profiles: own(b, b.profiles, p.profiles),
    };
    const hasId = person.emails.length + person.phones.length + person.profiles.length > 0;
    // Without a name the page shows, only a profile makes a block someone's (a footer list of phones does not).
    if (hasId && (person.name !== null || person.profiles.length > 0)) b.people.push(person);
  }
  const c = record.company;
  if (c !== null) {
    const company: RawCompany = { ...c, hosts: own(b, b.hosts, c.hosts), companyPages: own(b, b.pages, c.companyPages) };
    if (company.name !== null && company.hosts.length + company.companyPages.length > 0) b.companies.push(company);
  }
}

/** How much of a paragraph before an address is searched for the name it spells. */
const PROSE_LOOKBACK = 300;

/**
 * A person named in a paragraph with one address of theirs: the last name before the address that the address's local
 * part spells (`althausa@` after "Anne Althaus"). Null for a role mailbox, several addresses, or no such name.
 */
function nameInProse(el: Element, hits: readonly Hit[]): RawPerson | null {
  const emails = new Set(hits.filter((h) => h.kind === 'email').map((h) => h.value));
  if (emails.size !== 1) return null;
  const email = [...emails][0] as string;
  if (isRoleMailbox(email)) return null;
  const block = el.closest('p, li, dd, td, blockquote') ?? el;
  const text = plainText((block.textContent ?? '').slice(0, 8192));
  const at = text.toLowerCase().indexOf(email);
  if (at === -1) return null;
  const hints = new Hints([email]);
  let before = text.slice(Math.max(0, at - PROSE_LOOKBACK), at);
  // A few names back at most: the one the address spells is usually the last before it.
  for (let i = 0; i < 4; i++) {
    const name = lastNameIn(before);
    if (name === null) return null;
    if (matchesHints(name, hints)) {
      // The name ends at the last word the address spells: "Yong Jiang Fujian Agriculture" (a name run on into the
      // institution after it) is Yong Jiang.
      const words = name.split(' ');
      let last = words.length - 1;
      while (last > 1 && !matchesHints(words[last] as string, hints)) last--;
      const person = emptyPerson(words.slice(0, last + 1).join(' '), null);
      for (const hit of hits) addToPerson(person, hit);
      return person;
    }
    before = before.slice(0, before.lastIndexOf(name));
  }
  return null;
}

/**
 * Several people in one text ("Jane Doe (jane@acme.com) or John Roe (john@acme.com)"): each address
 * found in the text with a different name before it starts a person; numbers join the person whose
 * name precedes them. Null when the text does not read that way (one person, or no names).
 */
function splitByNames(el: Element, hits: readonly Hit[]): RawPerson[] | null {
  // Most records show one address (often twice: the mailto: link and its text): nothing to split,
  // and no need to build the set of addresses or read the record's text to know it.
  let firstEmail: string | null = null;
  let severalEmails = false;
  for (const h of hits) {
    if (h.kind !== 'email') continue;
    if (firstEmail === null) firstEmail = h.value;
    else if (h.value !== firstEmail) {
      severalEmails = true;
      break;
    }
  }
  if (!severalEmails) return null;
  const emails = [...new Set(hits.filter((h) => h.kind === 'email').map((h) => h.value))];
  if (emails.length < 2) return null;
  // Made plain as phone candidates are (`30030–1000` is reported as `30030-1000`), so each number is found where it
  // stands: one not found would go to the first person (a press release's second contact's line on the first's card).
  const text = plainText((el.textContent ?? '').slice(0, 8192));
  const lower = text.toLowerCase();
  const starts: Array<{ at: number; email: string }> = [];
  for (const email of emails) {
    const at = lower.indexOf(email);
    if (at === -1) return null;
    starts.push({ at, email });
  }
  starts.sort((a, b) => a.at - b.at);
  const segments: Array<{ from: number; person: RawPerson }> = [];
  let prevEnd = 0;
  for (const { at, email } of starts) {
    const before = text.slice(prevEnd, at);
    const name = lastNameIn(before);
    if (name === null) return null;
    const person = emptyPerson(name, null);
    person.emails.push(email);
    segments.push({ from: prevEnd + before.lastIndexOf(name), person });
    prevEnd = at + email.length;
  }
  if (new Set(segments.map((s) => s.person.name)).size < 2) return null;
  // A number printed again (a shared line under each contact) is found at its next place each time it is met.
  const next = new Map<string, number>();
  for (const hit of hits) {
    if (hit.kind === 'email') continue;
    const at = hit.kind === 'phone' ? text.indexOf(hit.value, next.get(hit.value) ?? 0) : -1;
    if (at !== -1) next.set(hit.value, at + hit.value.length);
    const owner = [...segments].reverse().find((s) => at >= s.from) ?? segments[0];
    if (owner !== undefined) addToPerson(owner.person, hit);
  }
  return segments.map((s) => s.person);
}
