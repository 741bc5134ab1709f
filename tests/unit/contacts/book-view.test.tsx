// The contact book's Export, Send and Add to list (components/sidepanel/contacts/BookView.tsx): with nothing selected
// they act on every contact the search matches, as the hint says, not on the 500 rows the view loads; and a CSV that
// can hold people only says how many companies it left out. The real view, rendered in linkedom's DOM, talks to the
// real background handlers on the contact book's memory store; only the webhook's network and the file download are
// stand-ins that record what they were given.
import { parseHTML } from 'linkedom';
import { act, createElement } from 'react';
import type { Root } from 'react-dom/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contactEnrichKey, companyEnrichKey } from '@/lib/cache/keys';
import type { RequestType } from '@/lib/messaging/protocol';
import type { SenderInfo } from '@/lib/messaging/router';
import { t, tn } from '@/lib/i18n/t';

const seen = vi.hoisted(() => ({ webhook: [] as string[][], files: [] as string[], store: null as unknown }));

vi.mock('@/lib/contacts/idb-store', async () => {
  const { createMemoryContactBookStore } = await import('@/lib/contacts/store');
  return {
    createIdbContactBookStore: () => {
      const store = createMemoryContactBookStore();
      seen.store = store;
      return store;
    },
  };
});
vi.mock('@/components/shared/download', () => ({
  downloadText: (_name: string, _mime: string, text: string) => void seen.files.push(text),
  // A large export is written in parts (one per page of the book): the file is their concatenation.
  downloadParts: (_name: string, _mime: string, parts: readonly string[]) => void seen.files.push(parts.join('')),
}));
vi.mock('@/lib/messaging/extension', async () => {
  const { requests } = await import('@/lib/messaging/ui-to-background');
  const { createContactHandlers } = await import('@/entrypoints/background/contacts');
  const handlers = createContactHandlers(() => Promise.reject(new Error('no services in this test'))) as Record<string, (input: unknown, sender: SenderInfo) => Promise<unknown>>;
  return {
    background: {
      // As the router does: the input and the answer checked against the protocol.
      async request(type: RequestType, input: unknown) {
        const spec = requests[type];
        const parsed = spec.input.parse(input) as { source?: { kind: string; ids?: string[] } };
        // A webhook is saved (Send is disabled without one); its address is never reached in this test.
        if (type === 'webhook/get') return spec.output.parse({ url: 'https://hooks.example/in', secretHeaderName: null, signed: false });
        if (type === 'webhook/send') {
          const ids = parsed.source?.ids ?? [];
          seen.webhook.push(ids);
          return { sendId: `s${seen.webhook.length}`, sent: ids.length, failed: 0, batches: [{ index: 0, contacts: ids.length, ok: true, attempts: 1 }] };
        }
        const handler = handlers[type];
        if (!handler) throw new Error(`no handler for ${type} in this test`);
        return spec.output.parse(await handler(parsed, {} as SenderInfo));
      },
    },
    onBackgroundEvent: () => () => undefined,
  };
});

const PEOPLE = 1200;
const COMPANIES = 3;
let root: Root;
let document: Document;

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400 && !check(); i++) await act(() => new Promise((r) => setTimeout(r, 10)));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}
/** A button by its accessible name ("Send to webhook · free" when it shows a price). */
const button = (name: string) => [...document.querySelectorAll('button')].find((b) => [b.getAttribute('aria-label'), b.textContent?.trim()].some((n) => n === name || n?.startsWith(`${name} · `)));
const click = (name: string) => act(async () => void button(name)!.dispatchEvent(new document.defaultView!.Event('click', { bubbles: true })));

beforeAll(async () => {
  const { onPaidAnswer } = await import('@/entrypoints/background/contacts');
  for (let i = 0; i < PEOPLE; i++) {
    const email = `p${i}@acme.example`;
    await onPaidAnswer({ endpoint: 'contact/enrich', key: contactEnrichKey({ email }), aliases: [], found: true, value: { _id: `c_${i}`, full_name: `Person ${i}`, current_work_email: email }, creditsCharged: 1, fetchedAt: 1_700_000_000_000 + i * 1000 });
  }
  for (let i = 0; i < COMPANIES; i++) {
    const url = `co${i}.example`;
    await onPaidAnswer({ endpoint: 'company/enrich', key: companyEnrichKey(url), aliases: [], found: true, value: { _id: `co_${i}`, website: `https://${url}`, overview: { name: `Company ${i}` } }, creditsCharged: 1, fetchedAt: 1_600_000_000_000 + i });
  }

  // One record written by an older build that did not check what it wrote: set aside on the first read.
  (seen.store as { raw: { records: Map<string, unknown> } }).raw.records.set('bad', { id: 'bad', kind: 'person', key: 'k', keys: [], value: {}, firstBoughtAt: 1, lastBoughtAt: 1, creditsSpent: -5 });

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
  await until(() => document.querySelectorAll('[data-testid="book-row"]').length === 500, 'the contact book');
});
afterAll(() => act(() => root.unmount()));

describe('with nothing selected, the contact book actions cover every matching contact', () => {
  it('the view loads 500 rows and says the actions apply to all of them', () => {
    expect(document.querySelectorAll('[data-testid="book-row"]')).toHaveLength(500);
    const all = PEOPLE + COMPANIES;
    const hints = [...document.querySelectorAll('[data-testid="contact-book"] .sp-hint')].map((h) => h.textContent);
    expect(hints).toContain(tn('book_count_scope', all, t('book_scope_all', all)));
  });

  it('Export writes every person, newest first as the view sorts, and says the companies were left out', async () => {
    await click(t('sidepanel_export_csv', t('book_export_what')));
    await until(() => seen.files.length === 1, 'the CSV');
    const lines = seen.files[0]!.trim().split('\r\n');
    expect(lines).toHaveLength(PEOPLE + 1);
    expect(lines[1]).toContain(`p${PEOPLE - 1}@acme.example`);
    expect(lines.at(-1)).toContain('p0@acme.example');
    expect([...document.querySelectorAll('[role="status"]')].map((s) => s.textContent)).toContain(tn('book_export_companies_left_out', COMPANIES));
  });

  it('Send sends every contact, companies too, in requests of at most 1,000', async () => {
    await click(t('book_webhook_send'));
    await until(() => seen.webhook.flat().length >= PEOPLE + COMPANIES, 'the sends');
    expect(seen.webhook.map((ids) => ids.length)).toEqual([1000, PEOPLE + COMPANIES - 1000]);
    expect(new Set(seen.webhook.flat()).size).toBe(PEOPLE + COMPANIES);
  });

  it('Add to list adds every contact', async () => {
    const { createContactHandlers } = await import('@/entrypoints/background/contacts');
    const handlers = createContactHandlers(() => Promise.reject(new Error('unused')));
    const list = await handlers['lists/create']({ name: 'Everyone' }, {} as SenderInfo);
    await click(t('book_list_add_to'));
    await until(() => button(t('book_list_add')) !== undefined, 'the list picker');
    await click(t('book_list_add'));
    await until(() => document.body.textContent?.includes(t('book_list_added', PEOPLE + COMPANIES, 'Everyone')) ?? false, 'the list filled');
    expect((await handlers['lists/all']({}, {} as SenderInfo)).find((l) => l.id === list.id)?.count).toBe(PEOPLE + COMPANIES);
  });
});

describe('damaged items are said, not hidden', () => {
  it('a record that cannot be read was set aside, and the view says so', () => {
    expect(document.querySelector('[data-testid="book-damaged"]')?.textContent).toBe(tn('book_damaged_set_aside', 1));
  });
});
