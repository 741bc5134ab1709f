// An open list shows every member (the background's 'lists/members', entrypoints/background/contacts.ts). Its rows
// were matched against the 1,000 most recently bought contacts, so a member bought earlier vanished from the list
// screen, its CSV export and "Verify/Refresh all", while the list of lists still counted it. The real handlers, on
// the contact book's memory store (IndexedDB does not exist in Node).
import { describe, expect, it, vi } from 'vitest';
import { contactEnrichKey } from '@/lib/cache/keys';
import type { SenderInfo } from '@/lib/messaging/router';

vi.mock('@/lib/contacts/idb-store', async () => {
  const { createMemoryContactBookStore } = await import('@/lib/contacts/store');
  return { createIdbContactBookStore: () => createMemoryContactBookStore() };
});

const { createContactHandlers, onPaidAnswer } = await import('@/entrypoints/background/contacts');
const handlers = createContactHandlers(() => Promise.reject(new Error('no services in this test')));
const panel = {} as SenderInfo;

describe('an open list shows all its members', () => {
  it('members bought long before the 1,000 most recent ones are listed, counted and in the order added', async () => {
    for (let i = 0; i < 1001; i++) {
      const email = `p${i}@acme.example`;
      await onPaidAnswer({ endpoint: 'contact/enrich', key: contactEnrichKey({ email }), aliases: [], found: true, value: { _id: `c_${i}`, full_name: `Person ${i}`, current_work_email: email }, creditsCharged: 1, fetchedAt: 1_700_000_000_000 + i * 1000 });
    }
    const list = await handlers['lists/create']({ name: 'Old friends' }, panel);
    await handlers['lists/add']({ id: list.id, recordIds: ['person:c_0', 'person:c_500', 'person:c_1000'] }, panel);

    const { list: summary, entries } = await handlers['lists/members']({ id: list.id }, panel);
    expect(entries.map((e) => [e.id, e.name])).toEqual([['person:c_0', 'Person 0'], ['person:c_500', 'Person 500'], ['person:c_1000', 'Person 1000']]);
    expect(summary).toMatchObject({ name: 'Old friends', count: 3 });
    expect((await handlers['lists/all']({}, panel)).find((l) => l.id === list.id)?.count).toBe(3);
  });
});
