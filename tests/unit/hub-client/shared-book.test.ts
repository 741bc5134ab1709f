/**
 * The shared book without proxy mode, against a real hub (PGlite, HTTP on 127.0.0.1): the ask (by any identifier, with
 * the same answer-changing options; asks made together go as one request; remembered briefly; a hub that is down is
 * "not in the book"), and the outbox (a purchase is one write however often it is told or sent, it waits while the hub
 * is down and goes when it is back, a write the hub cannot read is dropped, another team's write waits, and the book's
 * conflict rule holds for writes delivered late).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { RunningHub } from '@/hub/server';
import { startTestHub } from '@/tests/unit/hub/backends';
import { closedPort } from '../../e2e/support/reliability';
import { createTeamBookClient, DOWN_MS } from '@/lib/hub-client/ask';
import { bookOptions } from '@/lib/hub-client/book-options';
import { bookWriteOf } from '@/lib/hub-client/book-write';
import { createMemoryOutboxStore, createOutbox, RETRY_BASE_MS, type BookWrite } from '@/lib/hub-client/outbox';
import { createTeamBookLink } from '@/lib/hub-client/team-book';
import { contactEnrichKey } from '@/lib/cache/keys';
import type { PaidAnswer } from '@/lib/model/book-port';
import { bookHits, newTeam, type SignedInMember } from './hub-helpers';

let hub: RunningHub;

beforeAll(async () => {
  hub = await startTestHub({ port: 0, keySecret: randomBytes(32).toString('base64') });
});
afterAll(async () => {
  await hub?.close();
});
beforeEach(() => fakeBrowser.reset());

const PLAIN = bookOptions({});
const email = () => `ada.${randomBytes(3).toString('hex')}@acme.example`;
const profileOf = (e: string) => `https://www.linkedin.com/in/${e.split('@')[0]!.replace('.', '-')}`;

/** A paid answer as the engine tells it: a contact bought by email, whose answer names their profile. */
function purchase(address: string, at: number, extra: Partial<PaidAnswer> = {}): PaidAnswer {
  const profile = profileOf(address);
  return {
    endpoint: 'contact/enrich',
    key: contactEnrichKey({ email: address }),
    aliases: [contactEnrichKey({ social_profile: profile })],
    found: true,
    value: { full_name: 'Ada Lovelace', current_work_email: address, social_profiles: [{ network: 'linkedin', url: profile }], at },
    creditsCharged: 1,
    fetchedAt: at,
    ...extra,
  };
}

/** A fetch that counts the requests it passes, and can be made to fail like a network that is down. */
function countingFetch() {
  const calls: string[] = [];
  let down = false;
  const f = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    calls.push(`${init?.method ?? (input instanceof Request ? input.method : 'GET')} ${new URL(url).pathname}`);
    if (down) return Promise.reject(new TypeError('Failed to fetch'));
    return fetch(input, init);
  }) as typeof fetch;
  return { fetch: f, calls, setDown: (d: boolean) => (down = d) };
}

const sessionOf = (m: SignedInMember) => async () => {
  const s = JSON.parse((await m.session.get())!) as { hubUrl: string; token: string; team: { id: string } };
  return { hubUrl: s.hubUrl, token: s.token, teamId: s.team.id };
};

describe('asking the team book', () => {
  it('finds a teammate\'s purchase by another identifier, with who and when; other options or another team find nothing', async () => {
    const team = await newTeam(hub);
    const ada = await team.member('Ada');
    const bea = await team.member('Bea');
    const address = email();
    const at = Date.parse('2026-11-20T10:00:00Z');
    const write = (await bookWriteOf(purchase(address, at)))!;
    const outbox = createOutbox({ store: createMemoryOutboxStore(), session: sessionOf(ada) });
    await outbox.enqueue(write, { teamId: (await sessionOf(ada)()).teamId, hubUrl: hub.url });
    expect(await outbox.sync()).toMatchObject({ waiting: 0 });

    const book = createTeamBookClient({ hubUrl: hub.url, token: bea.token });
    const hit = await book.find([{ social_profile: profileOf(address) }], PLAIN);
    expect(hit?.purchase).toEqual({ boughtBy: 'Ada', boughtAt: at });
    expect(await book.answer(hit!.entryId)).toMatchObject({ full_name: 'Ada Lovelace', current_work_email: address });
    // Bought plain: a lookup that asks for phones only, or the full history, is another answer.
    expect(await book.find([{ email: address }], bookOptions({ required: ['phone'] }))).toBeNull();
    expect(await book.find([{ email: address }], bookOptions({ includeAllExperiences: true }))).toBeNull();
    // Another team's member asks the same person: nothing.
    const other = await (await newTeam(hub)).member('Cy');
    expect(await createTeamBookClient({ hubUrl: hub.url, token: other.token }).find([{ email: address }], PLAIN)).toBeNull();
  });

  it('an answer a teammate wrote that is not a contact (or too large for one) is not taken: the person is bought as usual', async () => {
    const team = await newTeam(hub);
    const ada = await team.member('Ada');
    const bea = await team.member('Bea');
    const outbox = createOutbox({ store: createMemoryOutboxStore(), session: sessionOf(ada) });
    const teamId = (await sessionOf(ada)()).teamId;
    const [odd, huge] = [email(), email()];
    await outbox.enqueue({ ...(await bookWriteOf(purchase(odd, Date.now())))!, answer: 'not a contact' }, { teamId, hubUrl: hub.url });
    await outbox.enqueue({ ...(await bookWriteOf(purchase(huge, Date.now())))!, answer: { full_name: 'x'.repeat(3_000_000) } }, { teamId, hubUrl: hub.url });
    await outbox.sync();
    const book = createTeamBookClient({ hubUrl: hub.url, token: bea.token });
    for (const address of [odd, huge]) {
      const hit = await book.find([{ email: address }], PLAIN);
      expect(hit?.purchase.boughtBy).toBe('Ada');
      expect(await book.answer(hit!.entryId)).toBeNull();
    }
  });

  it('asks made together go as one request, and an answer is remembered briefly (the price is asked on every credits event)', async () => {
    const team = await newTeam(hub);
    const bea = await team.member('Bea');
    const net = countingFetch();
    let now = 1_000_000;
    const book = createTeamBookClient({ hubUrl: hub.url, token: bea.token, fetch: net.fetch, now: () => now });
    const people = Array.from({ length: 12 }, email);
    expect(await Promise.all(people.map((e) => book.find([{ email: e }, { social_profile: profileOf(e) }], PLAIN)))).toEqual(people.map(() => null));
    expect(net.calls).toEqual(['POST /hub/book/ask']);
    await book.find([{ email: people[0]! }], PLAIN);
    expect(net.calls).toHaveLength(1);
    now += 31_000;
    await book.find([{ email: people[0]! }], PLAIN);
    expect(net.calls).toHaveLength(2);
  });

  it('one lookup the hub cannot read does not hide the others asked with it: they are asked again one by one', async () => {
    const team = await newTeam(hub);
    const ada = await team.member('Ada');
    const bea = await team.member('Bea');
    const address = email();
    const outbox = createOutbox({ store: createMemoryOutboxStore(), session: sessionOf(ada) });
    await outbox.enqueue((await bookWriteOf(purchase(address, Date.now())))!, { teamId: (await sessionOf(ada)()).teamId, hubUrl: hub.url });
    await outbox.sync();
    const net = countingFetch();
    const book = createTeamBookClient({ hubUrl: hub.url, token: bea.token, fetch: net.fetch });
    const [found, unreadable] = await Promise.all([book.find([{ email: address }], PLAIN), book.find([{ phone: '1'.repeat(70) }], PLAIN)]);
    expect(found?.purchase.boughtBy).toBe('Ada');
    expect(unreadable).toBeNull();
    expect(net.calls).toEqual(['POST /hub/book/ask', 'POST /hub/book/ask', 'POST /hub/book/ask']);
  });

  it('a hub that does not answer is "not in the book", and is left alone for a few seconds instead of once per row', async () => {
    const team = await newTeam(hub);
    const bea = await team.member('Bea');
    const net = countingFetch();
    let now = 5_000_000;
    const book = createTeamBookClient({ hubUrl: hub.url, token: bea.token, fetch: net.fetch, now: () => now });
    net.setDown(true);
    expect(await book.find([{ email: email() }], PLAIN)).toBeNull();
    expect(await book.find([{ email: email() }], PLAIN)).toBeNull();
    expect(net.calls).toHaveLength(1);
    net.setDown(false);
    now += DOWN_MS;
    expect(await book.find([{ email: email() }], PLAIN)).toBeNull();
    expect(net.calls).toHaveLength(2);
    // An address where nothing listens at all: the same.
    const gone = createTeamBookClient({ hubUrl: `http://127.0.0.1:${await closedPort()}`, token: bea.token });
    expect(await gone.find([{ email: email() }], PLAIN)).toBeNull();
    expect(await gone.answer('entry')).toBeNull();
  });
});

describe('the outbox', () => {
  it('one purchase is one write: told twice, and sent again after its answer was lost, the book counts 1 credit', async () => {
    const team = await newTeam(hub);
    const ada = await team.member('Ada');
    const address = email();
    const told = purchase(address, Date.parse('2026-11-21T09:00:00Z'));
    const first = (await bookWriteOf(told))!;
    expect((await bookWriteOf({ ...told }))!.writeId).toBe(first.writeId);
    // The hub applies the first send, then its answer is lost on the way back (a proxy dropped the connection).
    const statuses: number[] = [];
    const lossy = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await fetch(input, init);
      statuses.push(response.status);
      if (statuses.length === 1) throw new TypeError('network connection was lost');
      return response;
    }) as typeof fetch;
    const store = createMemoryOutboxStore();
    const outbox = createOutbox({ store, session: sessionOf(ada), fetch: lossy });
    const teamId = (await sessionOf(ada)()).teamId;
    await outbox.enqueue(first, { teamId, hubUrl: hub.url });
    await outbox.sync();
    expect(statuses).toEqual([201]);
    expect(await outbox.size()).toBe(1);
    // Told again (the same purchase): still one write, sent again with the same id, which the hub replays.
    await outbox.enqueue((await bookWriteOf(told))!, { teamId, hubUrl: hub.url });
    await outbox.sync(true);
    expect(statuses).toEqual([201, 200]);
    expect(await outbox.size()).toBe(0);
    const hits = await bookHits(hub, ada.token, address);
    expect(hits).toHaveLength(1);
    expect(hits[0]!.credits).toBe(1);
  });

  it('waits while the hub is down (one failed send per try, pausing twice as long each time) and goes once it answers', async () => {
    const team = await newTeam(hub);
    const ada = await team.member('Ada');
    const net = countingFetch();
    let now = 10_000_000;
    const scheduled: number[] = [];
    const store = createMemoryOutboxStore();
    const outbox = createOutbox({ store, session: sessionOf(ada), fetch: net.fetch, now: () => now, schedule: (ms) => scheduled.push(ms) });
    const teamId = (await sessionOf(ada)()).teamId;
    const addresses = [email(), email()];
    net.setDown(true);
    for (const [i, a] of addresses.entries()) await outbox.enqueue((await bookWriteOf(purchase(a, now + i)))!, { teamId, hubUrl: hub.url });
    await outbox.sync();
    expect(await outbox.size()).toBe(2);
    // Within the pause nothing is sent.
    const sent = net.calls.length;
    expect(await outbox.sync()).toMatchObject({ sent: 0, waiting: 2 });
    expect(net.calls).toHaveLength(sent);
    const attemptsOf = () => Math.max(...[...store.entries.values()].map((e) => e.attempts));
    const before = attemptsOf();
    now = Math.max(...[...store.entries.values()].map((e) => e.nextAttemptAt));
    await outbox.sync();
    expect(net.calls).toHaveLength(sent + 1);
    expect(attemptsOf()).toBe(before + 1);
    // The pause doubled (the timer asked for is the first due: a later one is asked for when it has run).
    expect(Math.max(...[...store.entries.values()].map((e) => e.nextAttemptAt)) - now).toBe(RETRY_BASE_MS * 2 ** before);
    expect(scheduled[0]).toBe(RETRY_BASE_MS);
    net.setDown(false);
    now = Math.max(...[...store.entries.values()].map((e) => e.nextAttemptAt));
    expect(await outbox.sync()).toEqual({ sent: 2, replayed: 0, dropped: 0, waiting: 0 });
    for (const a of addresses) expect(await bookHits(hub, ada.token, a)).toHaveLength(1);
  });

  it('a write the hub cannot read is dropped, not retried; a write for another team waits for a sign-in to it', async () => {
    const team = await newTeam(hub);
    const ada = await team.member('Ada');
    const store = createMemoryOutboxStore();
    const outbox = createOutbox({ store, session: sessionOf(ada) });
    const teamId = (await sessionOf(ada)()).teamId;
    const broken: BookWrite = { ...(await bookWriteOf(purchase(email(), Date.now())))!, lookup: { first_name: 'Ada' } };
    await outbox.enqueue(broken, { teamId, hubUrl: hub.url });
    await outbox.enqueue((await bookWriteOf(purchase(email(), Date.now())))!, { teamId: 'another-team', hubUrl: hub.url });
    await outbox.sync(true);
    expect([...store.entries.values()].map((e) => e.teamId)).toEqual(['another-team']);
    expect(await outbox.sync(true)).toEqual({ sent: 0, replayed: 0, dropped: 0, waiting: 1 });
  });

  it('the conflict rule for a purchase delivered late: the first purchase and its buyer are kept, the newest answer wins, credits add up', async () => {
    const team = await newTeam(hub);
    const ada = await team.member('Ada');
    const bea = await team.member('Bea');
    const address = email();
    const early = Date.parse('2026-11-01T08:00:00Z');
    const late = Date.parse('2026-11-10T08:00:00Z');
    // Bea buys on the 10th and is online; Ada bought the same person on the 1st offline, and her write arrives after.
    const beaOutbox = createOutbox({ store: createMemoryOutboxStore(), session: sessionOf(bea) });
    const adaOutbox = createOutbox({ store: createMemoryOutboxStore(), session: sessionOf(ada) });
    const teamId = (await sessionOf(ada)()).teamId;
    await beaOutbox.enqueue((await bookWriteOf({ ...purchase(address, late), value: { full_name: 'Ada Lovelace (new)', current_work_email: address } }))!, { teamId, hubUrl: hub.url });
    await beaOutbox.sync();
    await adaOutbox.enqueue((await bookWriteOf({ ...purchase(address, early), value: { full_name: 'Ada Lovelace (old)', current_work_email: address } }))!, { teamId, hubUrl: hub.url });
    await adaOutbox.sync();
    const [hit] = await bookHits(hub, ada.token, address);
    expect(hit).toMatchObject({ credits: 2, boughtBy: { name: 'Ada' } });
    expect(Date.parse(hit!.firstBoughtAt)).toBe(early);
    expect(Date.parse(hit!.answeredAt)).toBe(late);
    expect(await createTeamBookClient({ hubUrl: hub.url, token: ada.token }).answer(hit!.entryId)).toMatchObject({ full_name: 'Ada Lovelace (new)' });
  });
});

describe('the link between the engine and the team book', () => {
  it('writes what the member bought with their own key; not a miss, nor a free answer, nor anything in proxy mode', async () => {
    const plain = await newTeam(hub);
    const ada = await plain.member('Ada');
    const link = createTeamBookLink({ session: ada.session, keystore: ada.keystore, outboxStore: createMemoryOutboxStore() });
    const bought = email();
    const missed = email();
    const free = email();
    await link.onPaidAnswer(purchase(bought, Date.now()));
    await link.onPaidAnswer(purchase(missed, Date.now(), { found: false, value: null, creditsCharged: 0 }));
    await link.onPaidAnswer(purchase(free, Date.now(), { creditsCharged: 0 }));
    await link.outbox.sync();
    expect(await bookHits(hub, ada.token, bought)).toHaveLength(1);
    expect(await bookHits(hub, ada.token, missed)).toHaveLength(0);
    expect(await bookHits(hub, ada.token, free)).toHaveLength(0);
    expect(await link.open()).not.toBeNull();

    // Proxy mode: the hub wrote the purchase when it forwarded it; the extension writes nothing (credits would double).
    const proxied = await newTeam(hub, { apiKey: 'test-standard-team-key', upstreamUrl: 'http://127.0.0.1:9' });
    const bea = await proxied.member('Bea');
    expect(await bea.keystore.get()).toBe(bea.token);
    const proxyLink = createTeamBookLink({ session: bea.session, keystore: bea.keystore, outboxStore: createMemoryOutboxStore() });
    const viaHub = email();
    await proxyLink.onPaidAnswer(purchase(viaHub, Date.now()));
    expect(await proxyLink.outbox.size()).toBe(0);
    // Signed out: no book to ask.
    await ada.session.clear();
    expect(await link.open()).toBeNull();
  });
});
