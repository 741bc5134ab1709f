import { describe, expect, it } from 'vitest';
import { createContactBook, createMemoryContactBookStore, recordBulkJob, recordPaidAnswer } from '@/lib/contacts';
import { contact } from '../export/contact';

function setup() {
  let n = 0;
  return createContactBook({ store: createMemoryContactBookStore(), now: () => Date.UTC(2026, 10, 1), newId: () => `id${++n}` });
}

describe('a bulk job is one history event, not one per row', () => {
  it('1,000 rows of a job (found and not) leave one event: the job, replaced when it ends with what it charged', async () => {
    const book = setup();
    const job = { id: 'job-7', createdAt: Date.UTC(2026, 10, 1), total: 1_000, enriched: 0, creditsCharged: 0 };
    await recordBulkJob(book, job);
    for (let i = 0; i < 1_000; i++) {
      const found = i % 4 === 0;
      await recordPaidAnswer(book, {
        endpoint: 'contact/enrich',
        key: `contact/enrich?email=p${i}%40x.example`,
        aliases: [],
        found,
        value: found ? contact({ _id: `p${i}`, current_work_email: `p${i}@x.example` }) : null,
        creditsCharged: found ? 1 : 0,
        fetchedAt: Date.UTC(2026, 10, 1),
        jobId: job.id,
      });
    }
    await recordBulkJob(book, { ...job, enriched: 250, creditsCharged: 250 });
    const events = await book.events();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ id: 'bulk:job-7', endpoint: 'bulk/enrich', jobId: 'job-7', found: true, creditsCharged: 250 });
    expect(events[0]?.label).toBe('Bulk job: 1,000 rows · 250 found');
    // The people it found are in the book all the same.
    expect((await book.list()).total).toBe(250);
  });

  it('a single lookup still writes its own event beside a job', async () => {
    const book = setup();
    await recordBulkJob(book, { id: 'j', createdAt: 1, total: 3, enriched: 0, creditsCharged: 0 });
    await recordPaidAnswer(book, { endpoint: 'contact/enrich', key: 'contact/enrich?email=a%40b.example', aliases: [], found: false, value: null, creditsCharged: 0, fetchedAt: 2 });
    expect((await book.events()).map((e) => e.endpoint).sort()).toEqual(['bulk/enrich', 'contact/enrich']);
  });
});
