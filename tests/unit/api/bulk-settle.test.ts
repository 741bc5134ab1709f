// A bulk answer is matched to its inputs entry by entry: an entry whose contact cannot be read fails alone (retryable,
// never cached as "no match"), while the entries around it keep their answers.
import { describe, expect, it } from 'vitest';
import { planBulkChunk, settleBulkChunk } from '@/lib/api/bulk';
import { BulkEnrichResultSchema } from '@/lib/api/schemas';
import { fullContact } from './samples';

describe('settleBulkChunk', () => {
  const plan = planBulkChunk([
    { field_type: 'email', value: 'ana@acme.io' },
    { field_type: 'email', value: 'bo@acme.io' },
    { field_type: 'email', value: 'cy@acme.io' },
    { field_type: 'email', value: 'di@acme.io' },
  ]);

  it.each<[string, unknown]>([
    ['a string', 'garbage'],
    ['an array', [fullContact]],
    ['a number', 42],
  ])('an entry whose contact is %s fails as a bad response; the others are answered', (_what, bad) => {
    const answer = BulkEnrichResultSchema.parse({
      contacts: [
        { enriched_contact: fullContact, value: 'ana@acme.io' },
        { enriched_contact: bad, value: 'bo@acme.io' },
        { enriched_contact: null, value: 'cy@acme.io' },
        { enriched_contact: fullContact, value: 'di@acme.io' },
      ],
      records_enriched: 3,
    });
    const entries = settleBulkChunk(plan, answer);
    expect(entries.map((e) => e.status)).toEqual(['enriched', 'failed', 'not_enriched', 'enriched']);
    const failed = entries[1]!;
    expect(failed.status === 'failed' && failed.error).toMatchObject({ kind: 'bad_response', message: expect.stringContaining('may have been charged') });
  });
});
