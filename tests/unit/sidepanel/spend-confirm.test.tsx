// The second question before a large bulk start (components/sidepanel/progress/SpendConfirm.tsx), the gate both bulk
// start buttons (the selection bar's and the import's) go through: above the "Ask again above" threshold one click
// starts nothing and the confirmation does; at or below it one click starts. Rendered with React in linkedom's DOM
// around the real Button.
import { parseHTML } from 'linkedom';
import { act, createElement } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { t, tn } from '@/lib/i18n/t';

let root: Root;
let document: Document;
let starts = 0;

async function render(credits: number | null, threshold: number): Promise<void> {
  const { SpendConfirm } = await import('@/components/sidepanel/progress/SpendConfirm');
  const { Button } = await import('@/components/ui');
  await act(async () =>
    root.render(
      createElement(SpendConfirm, {
        credits,
        threshold,
        onStart: () => void starts++,
        children: ({ onClick, largeLabel, asking }) => createElement(Button, { onClick, disabled: asking }, largeLabel ?? 'Start bulk enrichment'),
      }),
    ),
  );
}

const confirmStep = () => document.querySelector('[data-testid="spend-confirm"]');
/** The first button: the start button, rendered before the confirm step. */
const startButton = () => document.querySelector<HTMLButtonElement>('#root button')!;
const inConfirm = (name: string) => [...(confirmStep()?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.trim() === name);
const click = (el: Element | undefined) => act(async () => void el!.dispatchEvent(new document.defaultView!.Event('click', { bubbles: true })));

beforeAll(() => {
  const dom = parseHTML('<!doctype html><html><body><div id="root"></div></body></html>');
  Object.assign(dom.window, { location: new URL('chrome-extension://test/sidepanel.html') });
  Object.assign(globalThis, { window: dom.window, document: dom.document, navigator: dom.window.navigator, IS_REACT_ACT_ENVIRONMENT: true });
  document = dom.document as unknown as Document;
});
beforeEach(async () => {
  starts = 0;
  const { createRoot } = await import('react-dom/client');
  root = createRoot(document.getElementById('root')!);
});
afterEach(() => act(() => root.unmount()));

describe('a bulk start above the "Ask again above" threshold asks twice', () => {
  it('above it: the button names the number, one click starts nothing, the confirmation starts once', async () => {
    await render(19_992, 100);
    expect(startButton().textContent).toContain(tn('progress_start_up_to', 19_992));
    await click(startButton());
    expect(starts).toBe(0);
    expect(confirmStep()?.textContent).toContain(tn('progress_confirm_spend', 19_992));
    await click(inConfirm(t('progress_confirm_start')));
    expect(starts).toBe(1);
    expect(confirmStep()).toBeNull();
  });

  it('Cancel and Escape close the question without starting', async () => {
    await render(101, 100);
    await click(startButton());
    await click(inConfirm(t('progress_confirm_cancel')));
    expect(confirmStep()).toBeNull();
    await click(startButton());
    const escape = Object.assign(new document.defaultView!.Event('keydown', { bubbles: true }), { key: 'Escape' });
    await act(async () => void inConfirm(t('progress_confirm_cancel'))!.dispatchEvent(escape));
    expect(confirmStep()).toBeNull();
    expect(starts).toBe(0);
  });

  it.each([
    ['at the threshold', 100],
    ['below it', 3],
  ])('%s: one click starts, with the plain label', async (_why, credits) => {
    await render(credits, 100);
    expect(startButton().textContent).toBe('Start bulk enrichment');
    await click(startButton());
    expect(starts).toBe(1);
    expect(confirmStep()).toBeNull();
  });
});
