// The pages' data hooks on the surface's QueryClient (components/shared/query-client.tsx): prices, the contact book's
// "bought before", the settings and the credits summary are asked once however many components show them, and asked
// again when the background's event says they may have changed; an answer asked before a charge never shows after it.
// Rendered with React in linkedom's DOM. The background is a stand-in that checks each request against the real
// protocol (lib/messaging/ui-to-background.ts), records it and answers when the test says; its events reach the page
// through the same listener the real pages use.
import { parseHTML } from 'linkedom';
import { act, createElement, type ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Event, RequestType } from '@/lib/messaging/protocol';
import type { CostEstimate } from '@/lib/model/lookup';
import type { CreditsSummary } from '@/lib/model/state';

interface Asked {
  type: RequestType;
  input: unknown;
  answer: (value: unknown) => void;
  fail: (error: unknown) => void;
}
const bg = vi.hoisted(() => ({ asked: [] as Asked[], listeners: new Set<(event: Event) => void>() }));

vi.mock('@/lib/messaging/extension', async () => {
  const { requests } = await import('@/lib/messaging/ui-to-background');
  return {
    background: {
      request(type: RequestType, input: unknown) {
        requests[type].input.parse(input);
        return new Promise((answer, fail) => bg.asked.push({ type, input, answer, fail }));
      },
    },
    onBackgroundEvent(listener: (event: Event) => void) {
      bg.listeners.add(listener);
      return () => bg.listeners.delete(listener);
    },
  };
});

let root: Root;
let document: Document;
const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? null;
const askedOf = (type: RequestType) => bg.asked.filter((a) => a.type === type);

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400 && !check(); i++) await act(() => new Promise((r) => setTimeout(r, 5)));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}
async function emit(event: Event): Promise<void> {
  await act(async () => {
    for (const listener of [...bg.listeners]) listener(event);
  });
}
/** Answers the oldest unanswered request of that type. */
async function answer(type: RequestType, value: unknown): Promise<void> {
  const next = askedOf(type).find((a) => !(a as { done?: boolean }).done);
  if (!next) throw new Error(`no ${type} request waiting`);
  (next as { done?: boolean }).done = true;
  await act(async () => next.answer(value));
}

const price = (credits: number): CostEstimate => ({ credits, cached: credits === 0, label: credits === 0 ? 'free' : `${credits} credit`, blockedByBudget: false });
const summary = (today: number): CreditsSummary => ({ today, month: today, byAction: {}, dailyBudget: null, budgetLeft: null });

async function render(children: ReactNode): Promise<void> {
  const { SurfaceData } = await import('@/components/shared/query-client');
  const { NavigationProvider } = await import('@/components/sidepanel/navigation');
  await act(async () => root.render(createElement(SurfaceData, null, createElement(NavigationProvider, null, children))));
}

beforeAll(() => {
  const dom = parseHTML('<!doctype html><html><body><div id="root"></div></body></html>');
  Object.assign(dom.window, { location: new URL('chrome-extension://test/sidepanel.html') });
  Object.assign(globalThis, { window: dom.window, document: dom.document, navigator: dom.window.navigator, IS_REACT_ACT_ENVIRONMENT: true });
  document = dom.document as unknown as Document;
});
beforeEach(async () => {
  bg.asked.length = 0;
  const { createRoot } = await import('react-dom/client');
  root = createRoot(document.getElementById('root')!);
});
afterEach(async () => {
  await act(() => root.unmount());
  (await import('@/components/shared/query-client')).surfaceQueryClient.clear();
});

describe('prices (useEstimate)', () => {
  async function rows(count: number, action: object) {
    const { useEstimate } = await import('@/components/shared/hooks');
    function Row({ i }: { i: number }) {
      const { estimate, error } = useEstimate(action as never);
      return createElement('p', { 'data-testid': `row-${i}` }, error ? `error ${error.kind}` : (estimate?.label ?? 'asking'));
    }
    await render(Array.from({ length: count }, (_, i) => createElement(Row, { key: i, i })));
  }

  it('300 rows showing the same price ask once; a charge (event/credits) asks once more and every row shows the new price', async () => {
    await rows(300, { action: 'email/verify', email: 'jane@acme.example' });
    expect(askedOf('credits/estimate')).toHaveLength(1);
    await answer('credits/estimate', price(1));
    await until(() => text('row-299') === '1 credit', 'the price on the last row');
    expect(text('row-0')).toBe('1 credit');

    await emit({ type: 'event/credits', credits: summary(1) });
    await until(() => askedOf('credits/estimate').length === 2, 'the price asked again');
    await answer('credits/estimate', price(0));
    await until(() => text('row-0') === 'free' && text('row-299') === 'free', 'every row free');
    expect(askedOf('credits/estimate')).toHaveLength(2);
  });

  it('an answer asked before a charge never shows after it: the price asked after the charge does', async () => {
    await rows(2, { action: 'email/verify', email: 'late@acme.example' });
    expect(askedOf('credits/estimate')).toHaveLength(1);
    await emit({ type: 'event/credits', credits: summary(1) });
    await until(() => askedOf('credits/estimate').length === 2, 'the price asked again after the charge');
    // The old question's answer ("1 credit", read before the charge) lands last of all: it must not be shown.
    const [before, after] = askedOf('credits/estimate');
    await act(async () => after!.answer(price(0)));
    await act(async () => before!.answer(price(1)));
    await until(() => text('row-0') === 'free', 'the price after the charge');
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect([text('row-0'), text('row-1')]).toEqual(['free', 'free']);
  });

  it('a paid lookup asks every shown price again, a settings change too, a queue event does not', async () => {
    const { paidRequest } = await import('@/components/shared/hooks');
    await rows(1, { action: 'email/verify', email: 'paid@acme.example' });
    await answer('credits/estimate', price(1));
    await until(() => text('row-0') === '1 credit', 'the first price');

    const paid = paidRequest('email/verify', { email: 'paid@acme.example' }, 1);
    await answer('email/verify', { result: {}, provenance: {} });
    await paid;
    await until(() => askedOf('credits/estimate').length === 2, 'the price asked again after the lookup');
    expect(askedOf('email/verify')[0]!.input).toMatchObject({ quotedCredits: 1 });
    await answer('credits/estimate', price(0));
    await until(() => text('row-0') === 'free', 'the price after the lookup');

    // The queue's state changes no price.
    await emit({ type: 'event/queue', queue: {} } as unknown as Event);
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(askedOf('credits/estimate')).toHaveLength(2);
    await emit({ type: 'event/settings' });
    await until(() => askedOf('credits/estimate').length === 3, 'the price asked again after the settings changed');
  });

  it('a failed question shows its error and no price', async () => {
    await rows(1, { action: 'email/verify', email: 'down@acme.example' });
    await act(async () => askedOf('credits/estimate')[0]!.fail({ kind: 'network', message: 'offline' }));
    await until(() => text('row-0') === 'error network', 'the error');
  });
});

describe('bought before (useSaved)', () => {
  const query = { kind: 'company' as const, urls: ['acme.example'] };
  const record = { id: 'rec-1', kind: 'company', value: {} };

  async function savedRows(count: number) {
    const { useSaved } = await import('@/components/sidepanel/contacts/use-saved');
    function Row({ i }: { i: number }) {
      const saved = useSaved(query);
      return createElement('p', { 'data-testid': `saved-${i}` }, saved ? `saved ${saved.record.id}` : 'not saved');
    }
    await render(Array.from({ length: count }, (_, i) => createElement(Row, { key: i, i })));
  }

  it('a row and its button ask the book once; a cleared cache (event/cache) asks again', async () => {
    await savedRows(2);
    expect(askedOf('contacts/saved')).toHaveLength(1);
    await answer('contacts/saved', { saved: record });
    await until(() => text('saved-1') === 'saved rec-1', 'the saved record');
    await emit({ type: 'event/cache' });
    await until(() => askedOf('contacts/saved').length === 2, 'the book asked again');
    await answer('contacts/saved', { saved: null });
    await until(() => text('saved-0') === 'not saved' && text('saved-1') === 'not saved', 'the record gone');
  });

  it('not knowing is not owning: a failed question shows nothing saved', async () => {
    await savedRows(1);
    await act(async () => askedOf('contacts/saved')[0]!.fail({ kind: 'internal', message: 'book unreadable' }));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(text('saved-0')).toBe('not saved');
  });
});

describe('settings (useSettings, the panel account)', () => {
  const snapshot = async (confirmAboveCredits: number) => {
    const { DEFAULT_SETTINGS } = await import('@/lib/settings/schema');
    return { settings: { ...DEFAULT_SETTINGS, confirmAboveCredits }, key: { present: true, hint: '…1234', rejectedAt: null } };
  };

  it('the options page and the panel account share one question; event/settings asks it again; update shows the saved settings', async () => {
    const { useSettings } = await import('@/components/shared/use-settings');
    const { useRequest } = await import('@/components/shared/hooks');
    let update!: ReturnType<typeof useSettings>['update'];
    function Options() {
      const s = useSettings();
      update = s.update;
      return createElement('p', { 'data-testid': 'options' }, s.state.status === 'ready' ? `ask above ${s.state.settings.confirmAboveCredits}` : s.state.status);
    }
    function Account() {
      const { state } = useRequest('settings/get', {});
      return createElement('p', { 'data-testid': 'account' }, state.status === 'success' ? `ask above ${state.data.settings.confirmAboveCredits}` : state.status);
    }
    await render([createElement(Options, { key: 'o' }), createElement(Account, { key: 'a' })]);
    expect(askedOf('settings/get')).toHaveLength(1);
    expect(text('options')).toBe('loading');
    await answer('settings/get', await snapshot(100));
    await until(() => text('options') === 'ask above 100' && text('account') === 'ask above 100', 'both showing the settings');

    await emit({ type: 'event/settings' });
    await until(() => askedOf('settings/get').length === 2, 'the settings asked again');
    expect(text('options')).toBe('ask above 100');
    await answer('settings/get', await snapshot(250));
    await until(() => text('options') === 'ask above 250' && text('account') === 'ask above 250', 'the new settings on both');

    const { DEFAULT_SETTINGS } = await import('@/lib/settings/schema');
    const saving = update({ confirmAboveCredits: 40 });
    await answer('settings/update', { ...DEFAULT_SETTINGS, confirmAboveCredits: 40 });
    await act(async () => void (await saving));
    await until(() => text('options') === 'ask above 40', 'the saved settings');
    expect(askedOf('settings/get')).toHaveLength(2);
  });
});

describe('credits summary (useCreditsSummary)', () => {
  it('a charge heard while the first question is out wins over its older answer', async () => {
    const { useCreditsSummary } = await import('@/components/shared/use-credits-summary');
    function Header() {
      const s = useCreditsSummary();
      return createElement('p', { 'data-testid': 'today' }, s ? String(s.today) : 'asking');
    }
    await render(createElement(Header));
    expect(askedOf('credits/summary')).toHaveLength(1);
    await emit({ type: 'event/credits', credits: summary(5) });
    await until(() => text('today') === '5', 'the summary from the event');
    await answer('credits/summary', summary(4));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(text('today')).toBe('5');
  });
});
