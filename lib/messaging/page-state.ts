import type { PageState } from './protocol';

/**
 * storage.session has 10 MB for everything the background keeps there (queued work and the limiter's log too),
 * so one tab's findings get at most this much: UTF-8 bytes of the stored JSON, as the browser counts its quota. A
 * real page's entities take a few kB; only a huge or hostile page (thousands of people cards, long URLs) comes near.
 */
export const MAX_STORED_PAGE_BYTES = 256 * 1024;

type Entities = PageState['entities'];
type ListName = { [K in keyof Entities]-?: NonNullable<Entities[K]> extends readonly unknown[] ? K : never }[keyof Entities];

/**
 * When shortening every list is not enough, lists are dropped whole in this order: least useful first, the people
 * last. A list the page state gains later and this table does not name goes first of all.
 */
const DROP_ORDER: readonly ListName[] = ['faxes', 'domains', 'companyProfiles', 'phones', 'emails', 'profiles', 'companies', 'people'];

/** The identifier lists whose items people or companies hold: by whom, and each holder's identifiers of the list. */
const HELD: Partial<Record<ListName, { by: 'people' | 'companies'; of: (e: Entities) => ReadonlyArray<readonly string[]> }>> = {
  emails: { by: 'people', of: (e) => e.people.map((p) => p.emails) },
  phones: { by: 'people', of: (e) => e.people.map((p) => p.phones) },
  profiles: { by: 'people', of: (e) => e.people.map((p) => p.profiles) },
  domains: { by: 'companies', of: (e) => e.companies.map((c) => c.domains) },
  companyProfiles: { by: 'companies', of: (e) => e.companies.map((c) => c.companyPages) },
};

/** Bytes of `text` in UTF-8 (lone surrogates never occur: JSON.stringify escapes them). */
export function utf8Bytes(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // 2 bytes below U+0800, 3 above; a surrogate pair is 2 code units and 4 bytes.
    if (code >= 0x80) bytes += code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 1 : 2;
  }
  return bytes;
}

/** The stored size of a page state. */
export function storedBytes(page: PageState): number {
  return utf8Bytes(JSON.stringify(page));
}

interface ListInfo {
  name: ListName;
  items: readonly unknown[];
  /** Serialised size of each item. */
  bytes: number[];
  /** Identifier lists: the index of the first person (or company) holding each item; Infinity when nobody does. */
  holder?: number[];
  holders?: 'people' | 'companies';
}

/**
 * The page state as stored: whole when it fits in `maxBytes`, else cut to fit and marked `truncated`.
 *
 * Every list is shortened in one proportion (the largest that fits), keeping its first items: people and companies
 * in page order. An identifier list keeps, before anything else, the identifiers of the people and companies kept,
 * then those nobody holds, and last those of people cut (kept, these would show as loose rows); its items stay in
 * their order. When even one item per list is too much, lists are dropped whole (`DROP_ORDER`).
 */
export function fitPageState(page: PageState, maxBytes = MAX_STORED_PAGE_BYTES): PageState {
  if (storedBytes(page) <= maxBytes) return page;

  const names = (Object.keys(page.entities) as (keyof Entities)[]).filter((k): k is ListName => Array.isArray(page.entities[k]));
  const order = [...names.filter((n) => !DROP_ORDER.includes(n)), ...DROP_ORDER.filter((n) => names.includes(n))];
  const lists: ListInfo[] = names.map((name) => {
    const items = page.entities[name] as readonly unknown[];
    const list: ListInfo = { name, items, bytes: items.map((item) => utf8Bytes(JSON.stringify(item))) };
    const held = HELD[name];
    if (held) {
      const first = new Map<string, number>();
      held.of(page.entities).forEach((values, i) => {
        for (const value of values) if (!first.has(value)) first.set(value, i);
      });
      list.holder = items.map((v) => first.get(v as string) ?? Infinity);
      list.holders = held.by;
    }
    return list;
  });
  const emptied = Object.fromEntries(names.map((n) => [n, []]));
  const base = storedBytes({ ...page, entities: { ...page.entities, ...emptied }, truncated: true });

  /** Indices each list keeps (in order) when every list keeps `ratio` of its items, at least one, and `dropped` none. */
  const select = (ratio: number, dropped: ReadonlySet<ListName>): Map<ListName, number[]> => {
    const count = (list: ListInfo) => (dropped.has(list.name) ? 0 : Math.min(list.items.length, Math.ceil(list.items.length * ratio)));
    const keptOf = { people: 0, companies: 0 };
    for (const list of lists) if (list.name === 'people' || list.name === 'companies') keptOf[list.name] = count(list);
    const kept = new Map<ListName, number[]>();
    for (const list of lists) {
      const n = count(list);
      if (!list.holder || !list.holders) {
        kept.set(list.name, Array.from({ length: n }, (_, i) => i));
        continue;
      }
      // Rank 0: held by someone kept; 1: held by nobody; 2: held only by someone cut. The first `n` by rank.
      const owners = keptOf[list.holders];
      const rank = (h: number) => (h < owners ? 0 : h === Infinity ? 1 : 2);
      const perRank = [0, 0, 0];
      for (const h of list.holder) perRank[rank(h)]!++;
      const room = [Math.min(n, perRank[0]!), 0, 0];
      room[1] = Math.min(n - room[0]!, perRank[1]!);
      room[2] = n - room[0]! - room[1]!;
      const indices: number[] = [];
      list.holder.forEach((h, i) => {
        const r = rank(h);
        if (room[r]! > 0) {
          room[r]!--;
          indices.push(i);
        }
      });
      kept.set(list.name, indices);
    }
    return kept;
  };
  const sizeOf = (kept: Map<ListName, number[]>): number => {
    let size = base;
    for (const list of lists) {
      const indices = kept.get(list.name) ?? [];
      for (const i of indices) size += list.bytes[i] ?? 0;
      size += Math.max(0, indices.length - 1); // the commas
    }
    return size;
  };

  const dropped = new Set<ListName>();
  let best = select(0, new Set(names));
  for (const next of [undefined, ...order]) {
    if (next !== undefined) dropped.add(next);
    const smallest = select(Number.MIN_VALUE, dropped);
    if (sizeOf(smallest) > maxBytes) continue;
    // The largest proportion that fits: `low` always fits, `high` never does.
    let low = Number.MIN_VALUE;
    let high = 1;
    best = smallest;
    for (let step = 0; step < 20; step++) {
      const mid = (low + high) / 2;
      const kept = select(mid, dropped);
      if (sizeOf(kept) <= maxBytes) {
        low = mid;
        best = kept;
      } else high = mid;
    }
    break;
  }

  const entities = { ...page.entities };
  for (const list of lists) {
    const indices = best.get(list.name) ?? [];
    (entities as Record<ListName, unknown[]>)[list.name] = indices.map((i) => list.items[i]);
  }
  const fitted: PageState = { ...page, entities, truncated: true };
  // The sizes above add up to the serialised size exactly; checked once, so the cap holds whatever happens.
  return storedBytes(fitted) <= maxBytes ? fitted : { ...page, entities: { ...page.entities, ...emptied }, truncated: true };
}
