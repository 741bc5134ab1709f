// After an update of the contact book's store, its rows and search lines are derived again in batches
// (lib/contacts/idb-store.ts) and the contacts view's first page waits for them: minutes at 100,000 contacts, in which
// the view showed only its loading rows. Now it says "Updating your contact book… N of M" with a bar, as the book
// reports it (`contacts/indexing`), and shows the contacts when the page comes. The real view and the real background
// handlers, on the memory store with its derivation held open by the test.
import { parseHTML } from 'linkedom';
import { act, createElement } from 'react';
import type { Root } from 'react-dom/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contactEnrichKey } from '@/lib/cache/keys';
import type { RequestType } from '@/lib/messaging/protocol';
import type { SenderInfo } from '@/lib/messaging/router';
import { t } from '@/lib/i18n/t';

const derivation = vi.hoisted(() => {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return { progress: null as { done: number; total: number } | null, done, open };
});

vi.mock('@/lib/contacts/idb-store', async () => {
  const { createMemoryContactBookStore } = await import('@/lib/contacts/store');
  return {
    createIdbContactBookStore: () => {
      const store = createMemoryContactBookStore();
      // As the IndexedDB store does after an upgrade: pages wait for the derivation, which reports how far it is.
      return { ...store, deriving: () => derivation.progress, query: async (q: Parameters<typeof store.query>[0]) => (await derivation.done, store.query(q)) };
    },
  };
});
vi.mock('@/lib/messaging/extension', async () => {
  const { requests } = await import('@/lib/messaging/ui-to-background');
  const { createContactHandlers } = await import('@/entrypoints/background/contacts');
  const handlers = createContactHandlers(() => Promise.reject(new Error('no services in this test'))) as Record<string, (input: unknown, sender: SenderInfo) => Promise<unknown>>;
  return {
    background: {
      async request(type: RequestType, input: unknown) {
        const spec = requests[type];
        if (type === 'webhook/get') return spec.output.parse({ url: null, secretHeaderName: null, signed: false });
        const handler = handlers[type];
        if (!handler) throw new Error(`no handler for ${type} in this test`);
        return spec.output.parse(await handler(spec.input.parse(input), {} as SenderInfo));
      },
    },
    onBackgroundEvent: () => () => undefined,
  };
});

let root: Root;
let document: Document;

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400 && !check(); i++) await act(() => new Promise((r) => setTimeout(r, 10)));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}
const bar = () => document.querySelector('[data-testid="book-indexing"] [role="progressbar"]');

beforeAll(async () => {
  const { onPaidAnswer } = await import('@/entrypoints/background/contacts');
  for (let i = 0; i < 3; i++) {
    const email = `p${i}@acme.example`;
    await onPaidAnswer({ endpoint: 'contact/enrich', key: contactEnrichKey({ email }), aliases: [], found: true, value: { _id: `c_${i}`, full_name: `Person ${i}`, current_work_email: email }, creditsCharged: 1, fetchedAt: 1_700_000_000_000 + i });
  }
  derivation.progress = { done: 2_500, total: 10_000 };
  const dom = parseHTML('<!doctype html><html><body><div id="root"></div></body></html>');
  Object.assign(dom.window, { location: new URL('chrome-extension://test/sidepanel.html') });
  Object.assign(globalThis, { window: dom.window, document: dom.document, navigator: dom.window.navigator, IS_REACT_ACT_ENVIRONMENT: true });
  document = dom.document as unknown as Document;
  const { createRoot } = await import('react-dom/client');
  const { NavigationProvider } = await import('@/components/sidepanel/navigation');
  const { BookView } = await import('@/components/sidepanel/contacts/BookView');
  const { SurfaceData } = await import('@/components/shared/query-client');
  root = createRoot(document.getElementById('root')!);
  await act(async () => root.render(createElement(SurfaceData, null, createElement(NavigationProvider, null, createElement(BookView, { active: true })))));
});
afterAll(() => act(() => root.unmount()));

describe('the contacts view while the book is updated', () => {
  it('says how far the update is, with a bar, instead of the loading rows', async () => {
    await until(() => bar() !== null, 'the update bar');
    expect(bar()?.getAttribute('aria-label')).toBe(t('book_updating_label'));
    expect(bar()?.getAttribute('aria-valuenow')).toBe('2500');
    expect(bar()?.getAttribute('aria-valuemax')).toBe('10000');
    expect(document.querySelector('[data-testid="book-indexing"]')?.textContent).toContain(t('book_updating_detail', 2_500, 10_000));
    expect(document.querySelectorAll('[data-testid="book-row"]')).toHaveLength(0);
  });

  it('follows the update as it goes', async () => {
    derivation.progress = { done: 7_500, total: 10_000 };
    await until(() => bar()?.getAttribute('aria-valuenow') === '7500', 'the bar to move');
    expect(document.querySelector('[data-testid="book-indexing"]')?.textContent).toContain(t('book_updating_detail', 7_500, 10_000));
  });

  it('shows the contacts once the book is indexed, and the bar is gone', async () => {
    derivation.progress = null;
    derivation.open();
    await until(() => document.querySelectorAll('[data-testid="book-row"]').length === 3, 'the contacts');
    expect(document.querySelector('[data-testid="book-indexing"]')).toBeNull();
  });
});
