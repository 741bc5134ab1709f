import { readFileSync } from 'node:fs';
import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { cachedSeedFile } from '@/sandbox/db/open';
import { openEmbeddedSandbox } from '@/sandbox/embedded';
import { DemoAnswerSchema, DemoRequestSchema, toDemoAnswer, toDemoRequest, toRequest, toResponse } from '@/lib/api/demo-exchange';
import { qs } from './helpers';

/** Demo mode's service (sandbox/embedded.ts) as the extension's worker uses it: fetch, snapshot, reopen. */
describe('the embedded sandbox', () => {
  it('answers through fetch, and a reopened copy restored from its snapshot has the same balance and ledger', async () => {
    const sql = await initSqlJs();
    const seeded = readFileSync(cachedSeedFile({ seed: 3, companies: 60, contacts: 120, hostile: false }));
    const first = openEmbeddedSandbox(sql, seeded);
    const email = first.state.db.prepare<[], { value: string }>("SELECT value FROM contact_keys WHERE kind = 'email' ORDER BY rowid LIMIT 1").get()?.value;
    const key = 'test-standard-embedded';
    const lookup = await first.fetch(new Request(`https://demo.invalid/v1/enrich?${qs({ email: email as string })}`, { headers: { 'X-API-Key': key } }));
    expect(lookup.status).toBe(200);
    const balance = first.state.ledger.balance(key);
    expect(balance).toBeLessThan(100_000);
    const saved = first.snapshot();
    first.close();

    const again = openEmbeddedSandbox(sql, seeded, { restore: saved });
    expect(again.state.ledger.balance(key)).toBe(balance);
    expect(again.state.ledger.entries(key)).toHaveLength(1);
    // The next paid answer is charged on top of the restored balance, not on a fresh account.
    const next = await again.fetch(new Request(`https://demo.invalid/v1/enrich?${qs({ email: email as string, waterfall: true })}`, { headers: { 'X-API-Key': key } }));
    expect(next.status).toBe(200);
    expect(again.state.ledger.balance(key)).toBeLessThan(balance);
    again.close();
  });

  it('answers a request that crossed a message channel as plain data (lib/api/demo-exchange.ts) as it answers the request itself', async () => {
    const sql = await initSqlJs();
    const seeded = readFileSync(cachedSeedFile({ seed: 3, companies: 60, contacts: 120, hostile: false }));
    const direct = openEmbeddedSandbox(sql, seeded);
    const carried = openEmbeddedSandbox(sql, seeded);
    const emails = direct.state.db.prepare<[], { value: string }>("SELECT value FROM contact_keys WHERE kind = 'email' ORDER BY rowid LIMIT 3").all();
    const request = () =>
      new Request('https://demo.invalid/v1/bulk-enrich', {
        method: 'POST',
        headers: { 'X-API-Key': 'test-standard-exchange', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ query_list: JSON.stringify(emails.map((e) => ({ field_type: 'email', value: e.value }))) }).toString(),
      });
    const expected = await direct.fetch(request());
    // What the background sends and the offscreen document receives: JSON-safe data, validated on arrival.
    const sent = DemoRequestSchema.parse(JSON.parse(JSON.stringify(await toDemoRequest(request()))));
    const answer = DemoAnswerSchema.parse(JSON.parse(JSON.stringify(await toDemoAnswer(await carried.fetch(toRequest(sent))))));
    const received = toResponse(answer);
    expect(expected.status).toBe(200);
    expect(received.status).toBe(expected.status);
    expect(received.headers.get('content-type')).toBe(expected.headers.get('content-type'));
    const body = await received.text();
    expect(body).toBe(await expected.text());
    expect(body).toContain(emails[0]!.value);
    // The same charge in both ledgers: the carried request was the same paid request.
    const charges = (sandbox: typeof direct) => sandbox.state.ledger.entries('test-standard-exchange').map(({ endpoint, credits }) => ({ endpoint, credits }));
    expect(charges(carried)).toEqual(charges(direct));
    expect(charges(carried)).toHaveLength(1);
    direct.close();
    carried.close();
  });
});
