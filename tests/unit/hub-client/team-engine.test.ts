/**
 * Two members of a team that keeps its key out of the hub, each with their own key and their own engine (in-memory
 * stores) against the real sandbox, linked to a real hub (PGlite) as the background links them: what A buys goes to
 * the book; B's price for the same person by another identifier is free and says who bought them, B's lookup is
 * answered from the book and books 0, and the service charged one of the two keys once. A hub that is down prices and
 * buys as without a hub; a "free" click whose book answer is gone by then is refused as a changed price, nothing sent.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { startHub, type RunningHub } from '@/hub/server';
import { startTestHub } from '@/tests/unit/hub/backends';
import { createMemoryOutboxStore } from '@/lib/hub-client/outbox';
import { createTeamBookLink } from '@/lib/hub-client/team-book';
import { createBulkStaging, createMemoryStagingStore } from '@/lib/engine/bulk-staging';
import { bookOptions } from '@/lib/hub-client/book-options';
import { toErrorData } from '@/lib/errors/to-error-data';
import { engineFor, samples, sandboxLedger, sandboxRequests, until } from '../engine/engine-helpers';
import { bookHits, newTeam, type SignedInMember } from './hub-helpers';
import { budget } from '../../time-budget';

const url = inject('sandboxUrl');
let hub: RunningHub;

beforeAll(async () => {
  hub = await startTestHub({ port: 0, keySecret: randomBytes(32).toString('base64') });
});
afterAll(async () => {
  await hub?.close();
});
beforeEach(() => fakeBrowser.reset());

/** A member's engine with their own key, linked to the team's book as entrypoints/background/services.ts links it. */
async function memberEngine(member: SignedInMember, hubFetch?: typeof fetch) {
  const link = createTeamBookLink({ session: member.session, keystore: member.keystore, outboxStore: createMemoryOutboxStore(), ...(hubFetch ? { fetch: hubFetch } : {}) });
  const ownKey = (await member.keystore.get())!;
  const { engine } = engineFor(url, ownKey, { teamBook: link.open, onPaidAnswer: link.onPaidAnswer });
  await engine.start();
  return { engine, link, ownKey };
}

/** A sandbox person: an email, and their profile read with a key of the test's own (so the members' ledgers hold only theirs). */
async function person(index: number): Promise<{ email: string; profile: string }> {
  const email = (await samples(url)).emails[index]!;
  const probe = (await (await fetch(`${url}/v1/enrich?email=${encodeURIComponent(email)}`, { headers: { 'x-api-key': `test-standard-probe-${randomBytes(3).toString('hex')}` } })).json()) as {
    result: { social_profiles?: Array<{ network?: string; url?: string }> };
  };
  const profile = probe.result.social_profiles?.find((p) => p.network === 'linkedin')?.url;
  if (!profile) throw new Error(`the sandbox's person for ${email} has no profile`);
  return { email, profile };
}

const charges = async (key: string) => (await sandboxLedger(url, key)).filter((e) => e.credits > 0).length;

describe('the shared book without proxy mode', () => {
  it('A buys with their own key; B, by another identifier, is priced free, answered from the book, booked 0; one charge in all', async () => {
    const team = await newTeam(hub);
    const a = await memberEngine(await team.member('Ada'));
    const beaMember = await team.member('Bea');
    const b = await memberEngine(beaMember);
    const { email, profile } = await person(7);

    const bought = await a.engine.lookups.contactEnrich({ lookup: { email } });
    expect(bought.provenance).toMatchObject({ source: 'live', creditsCharged: 1 });
    await a.link.outbox.sync();
    expect(await bookHits(hub, beaMember.token, email)).toHaveLength(1);

    const price = await b.engine.estimate({ action: 'contact/enrich', lookup: { social_profile: profile } });
    expect(price).toMatchObject({ credits: 0, cached: false, blockedByBudget: false, boughtByTeam: { boughtBy: 'Ada' } });
    expect(price.label).toMatch(/^Bought by your team \(Ada, .+\) · free$/);

    const answer = await b.engine.lookups.contactEnrich({ lookup: { social_profile: profile }, quotedCredits: price.credits });
    expect(answer.found).toBe(true);
    expect(answer.found && (answer.result as { current_work_email?: string }).current_work_email?.toLowerCase()).toBe(email.toLowerCase());
    expect(answer.provenance).toMatchObject({ source: 'live', creditsCharged: 0, boughtByTeam: { boughtBy: 'Ada' } });
    expect((await b.engine.ledger.summary()).today).toBe(0);
    // B now has the answer: the next price is the cache's, and B's free answer is not written back to the book.
    expect(await b.engine.estimate({ action: 'contact/enrich', lookup: { social_profile: profile } })).toMatchObject({ cached: true, credits: 0 });
    expect(await b.link.outbox.size()).toBe(0);
    expect((await bookHits(hub, beaMember.token, email))[0]!.credits).toBe(1);

    expect(await charges(a.ownKey)).toBe(1);
    expect(await charges(b.ownKey)).toBe(0);
    expect(await sandboxRequests(url, b.ownKey)).toHaveLength(0);
    // Asked with options that change the answer (phones required), the book's plain answer does not serve it.
    expect(await b.engine.estimate({ action: 'contact/enrich', lookup: { email }, options: { required: ['phone'] } })).toMatchObject({ credits: 1 });
  });

  it('a bulk row A bought goes to the book like a single lookup: B opens that person by profile free', async () => {
    const team = await newTeam(hub);
    const ada = await team.member('Ada');
    const a = await memberEngine(ada);
    const b = await memberEngine(await team.member('Bea'));
    const { email, profile } = await person(11);
    const started = await a.engine.bulk.start([{ field_type: 'email', value: email }]);
    for (let i = 0; i < 600 && ['queued', 'running'].includes((await a.engine.bulk.get(started.id)).status); i++) await new Promise((r) => setTimeout(r, 25));
    expect(await a.engine.bulk.get(started.id)).toMatchObject({ status: 'done', enriched: 1, creditsCharged: 1 });
    // A job hands its answers to the book's hook after its chunk is stored (it may say "done" first).
    await until(
      async () => {
        await a.link.outbox.sync();
        return bookHits(hub, ada.token, email);
      },
      (hits) => hits.length === 1,
      "A's bulk purchase in the team book",
    );
    const price = await b.engine.estimate({ action: 'contact/enrich', lookup: { social_profile: profile } });
    expect(price).toMatchObject({ credits: 0, boughtByTeam: { boughtBy: 'Ada' } });
    const answer = await b.engine.lookups.contactEnrich({ lookup: { social_profile: profile }, quotedCredits: 0 });
    expect(answer.provenance).toMatchObject({ creditsCharged: 0, boughtByTeam: { boughtBy: 'Ada' } });
    expect(await charges(a.ownKey)).toBe(1);
    expect(await sandboxRequests(url, b.ownKey)).toHaveLength(0);
  });

  it('a bulk job asks the team’s book: the person a teammate bought is priced free and filled from it, the others bought, each person charged once in all', async () => {
    const team = await newTeam(hub);
    const a = await memberEngine(await team.member('Ada'));
    const b = await memberEngine(await team.member('Bea'));
    const { email, profile } = await person(13);
    const other = (await samples(url)).emails[14]!;
    await a.engine.lookups.contactEnrich({ lookup: { email } });
    await a.link.outbox.sync();

    const entries = [
      { field_type: 'social_profile' as const, value: profile },
      { field_type: 'email' as const, value: other },
    ];
    const price = await b.engine.estimate({ action: 'bulk/enrich', count: entries.length, entries });
    expect(price.credits).toBe(1);
    expect(price.label).toContain('1 bought by your team · free');
    // Fresh answers buy again what the team bought, as they do what the user bought.
    expect((await b.engine.estimate({ action: 'bulk/enrich', count: entries.length, entries, fresh: true })).credits).toBe(2);

    const started = await b.engine.bulk.start(entries, [], { quotedCredits: price.credits });
    for (let i = 0; i < 600 && ['queued', 'running'].includes((await b.engine.bulk.get(started.id)).status); i++) await new Promise((r) => setTimeout(r, 25));
    const job = await b.engine.bulk.get(started.id);
    expect(job).toMatchObject({ status: 'done', enriched: 2, creditsCharged: 1, fromTeam: 1 });
    const { rows } = await b.engine.bulk.rows(started.id, 0, 10);
    expect(rows[0]).toMatchObject({ status: 'enriched', team: { boughtBy: 'Ada' }, fromCache: false });
    expect((rows[0]!.contact as { current_work_email?: string }).current_work_email?.toLowerCase()).toBe(email.toLowerCase());
    expect(rows[1]).toMatchObject({ status: 'enriched' });
    expect(rows[1]!.team).toBeUndefined();

    // The service saw B's one new person only, in one bulk request, and charged each key once.
    const sent = await sandboxRequests(url, b.ownKey);
    expect(sent).toHaveLength(1);
    expect(await charges(a.ownKey)).toBe(1);
    expect(await charges(b.ownKey)).toBe(1);
    expect((await b.engine.ledger.summary()).today).toBe(1);
  });

  it('a staged import asks the team’s book: its preview prices a teammate’s people free, and the preview, the job’s charge and the sandbox’s ledger agree', async () => {
    const team = await newTeam(hub);
    const a = await memberEngine(await team.member('Ada'));
    const b = await memberEngine(await team.member('Bea'));
    const first = await person(15);
    const second = await person(16);
    const others = (await samples(url)).emails.slice(17, 20);
    for (const { email } of [first, second]) await a.engine.lookups.contactEnrich({ lookup: { email } });
    await a.link.outbox.sync();

    // A file of five people: two Ada bought (named here by their profiles), three nobody in the team has.
    const entries = [
      { field_type: 'social_profile' as const, value: first.profile },
      ...others.map((value) => ({ field_type: 'email' as const, value })),
      { field_type: 'social_profile' as const, value: second.profile },
    ];
    const staging = createBulkStaging({ store: createMemoryStagingStore() });
    const { stagedId } = await staging.open();
    const price = { cache: b.engine.cache, saved: b.engine.savedContacts, team: b.engine.teamBook };
    await staging.append(stagedId, entries.slice(0, 2), price);
    await staging.append(stagedId, entries.slice(2), price);
    const preview = await staging.preview(stagedId, { ...price, ledger: b.engine.ledger });
    expect(preview).toMatchObject({ unique: 5, cached: 0, saved: 0, team: 2, estimate: { credits: 3 } });
    expect(preview.estimate.label).toContain('2 bought by your team · free');
    // Counted again (as after a refused price), the same decision gives the same figures.
    expect(await staging.preview(stagedId, { ...price, ledger: b.engine.ledger }, { recount: true })).toMatchObject({ team: 2, estimate: { credits: 3 } });
    // Fresh answers buy the team's people again.
    expect((await staging.preview(stagedId, { ...price, ledger: b.engine.ledger }, { fresh: true })).estimate.credits).toBe(5);

    const meta = await staging.meta(stagedId);
    const started = await b.engine.bulk.startPaged({ pages: staging.pages(stagedId), duplicates: meta.duplicates }, [], { quotedCredits: preview.estimate.credits });
    for (let i = 0; i < 600 && ['queued', 'running'].includes((await b.engine.bulk.get(started.id)).status); i++) await new Promise((r) => setTimeout(r, 25));
    const job = await b.engine.bulk.get(started.id);
    expect(job).toMatchObject({ status: 'done', fromTeam: 2, creditsCharged: preview.estimate.credits });
    const { rows } = await b.engine.bulk.rows(started.id, 0, 10);
    expect(rows.filter((r) => r.team?.boughtBy === 'Ada').map((r) => r.value)).toEqual([first.profile, second.profile]);

    // The sandbox charged Bea's key exactly the preview's price, in one bulk request holding only the three others.
    const ledger = await sandboxLedger(url, b.ownKey);
    expect(ledger.reduce((sum, e) => sum + e.credits, 0)).toBe(preview.estimate.credits);
    expect(await sandboxRequests(url, b.ownKey)).toHaveLength(1);
    expect((await b.engine.ledger.summary()).today).toBe(preview.estimate.credits);
  });

  it('a 300-row import a teammate bought whole is asked of the hub in a few requests, not one per row, and sends nothing to the service', async () => {
    const team = await newTeam(hub);
    const ada = await team.member('Ada');
    // The real fetch, counting what Bea's extension asks the hub.
    const asked: string[] = [];
    const counting: typeof fetch = (input, init) => {
      const request = new Request(input, init);
      asked.push(`${request.method} ${new URL(request.url).pathname.replace(/\/hub\/book\/(?!ask$|answers$)[^/]+$/, '/hub/book/:id')}`);
      return fetch(request);
    };
    const b = await memberEngine(await team.member('Bea'), counting);
    // Ada's purchases, written to the book as her extension writes them (one real contact as each answer).
    const { email } = await person(3);
    const contact = (await (await fetch(`${url}/v1/enrich?email=${encodeURIComponent(email)}`, { headers: { 'x-api-key': `test-standard-probe-${randomBytes(3).toString('hex')}` } })).json()) as { result: unknown };
    const people = Array.from({ length: 300 }, (_, i) => `teammate-${i}@bought-by-ada.example`);
    for (const [i, value] of people.entries()) {
      const res = await fetch(`${hub.url}/hub/book`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ada.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ writeId: `seed-${i}`, lookup: { email: value }, answer: contact.result, options: bookOptions({}), boughtAt: new Date().toISOString(), credits: 1 }),
      });
      expect(res.status).toBe(201);
    }

    const staging = createBulkStaging({ store: createMemoryStagingStore() });
    const { stagedId } = await staging.open();
    const price = { cache: b.engine.cache, saved: b.engine.savedContacts, team: b.engine.teamBook };
    await staging.append(stagedId, people.map((value) => ({ field_type: 'email' as const, value })), price);
    const preview = await staging.preview(stagedId, { ...price, ledger: b.engine.ledger });
    expect(preview).toMatchObject({ unique: 300, team: 300, estimate: { credits: 0 } });
    const started = await b.engine.bulk.startPaged({ pages: staging.pages(stagedId), duplicates: 0 }, [], { quotedCredits: 0 });
    expect(await b.engine.bulk.get(started.id)).toMatchObject({ status: 'done', fromTeam: 300, creditsCharged: 0 });

    // Every row asked and answered in batches: 300 lookups in one ask, 300 answers in two requests of 250 at most.
    expect(asked.filter((a) => a === 'GET /hub/book/:id')).toEqual([]);
    expect(asked.filter((a) => a === 'POST /hub/book/answers')).toHaveLength(2);
    expect(asked.filter((a) => a === 'POST /hub/book/ask').length).toBeLessThanOrEqual(2);
    expect(await sandboxRequests(url, b.ownKey)).toHaveLength(0);
  }, budget(120_000));

  it('with the hub down, prices and purchases are as without a hub; a "free" click whose book is gone by then is refused, nothing sent', async () => {
    const own = await startHub({ port: 0, keySecret: randomBytes(32).toString('base64') });
    try {
      const team = await newTeam(own);
      const a = await memberEngine(await team.member('Ada'));
      const b = await memberEngine(await team.member('Bea'));
      const { email, profile } = await person(8);
      await a.engine.lookups.contactEnrich({ lookup: { email } });
      await a.link.outbox.sync();
      const price = await b.engine.estimate({ action: 'contact/enrich', lookup: { social_profile: profile } });
      expect(price.credits).toBe(0);

      await own.close();
      const error = await b.engine.lookups.contactEnrich({ lookup: { social_profile: profile }, quotedCredits: price.credits }).then(
        () => null,
        (e: unknown) => toErrorData(e),
      );
      expect(error).toMatchObject({ kind: 'price_changed', quotedCredits: 0, credits: 1 });
      expect(await sandboxRequests(url, b.ownKey)).toHaveLength(0);

      // Another person: priced and bought as without a hub, and the purchase waits in B's outbox for the hub.
      const other = (await samples(url)).emails[9]!;
      const later = await b.engine.estimate({ action: 'contact/enrich', lookup: { email: other } });
      expect(later.credits).toBe(1);
      const paid = await b.engine.lookups.contactEnrich({ lookup: { email: other }, quotedCredits: later.credits });
      expect(paid.provenance).toMatchObject({ source: 'live', creditsCharged: 1 });
      expect(await charges(b.ownKey)).toBe(1);
      await b.link.outbox.sync();
      expect(await b.link.outbox.size()).toBe(1);
    } finally {
      await own.close();
    }
    // A hub of its own (PGlite, migrated at start: seconds on a loaded machine), closed half-way.
  }, budget(120_000));
});
