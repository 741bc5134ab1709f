import { readFileSync } from 'node:fs';
import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { cachedSeedFile } from '@/sandbox/db/open';
import { openEmbeddedSandbox } from '@/sandbox/embedded';
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
});
