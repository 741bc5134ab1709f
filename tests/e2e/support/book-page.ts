/**
 * A plain Chromium page on a 127.0.0.1 origin holding the contact book's real IndexedDB store (./book-harness.ts,
 * bundled here with esbuild): for comparing the book's read paths (tests/e2e/book-index.spec.ts) and timing them
 * (bench/book.ts) without the extension around them. IndexedDB needs a real origin, hence the server.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { startStaticServer } from './static-server';

import type { BookHarness } from './book-harness';

export type { BookHarness };

/** Calls the harness in the page by name (arguments and results go through structured clone). */
export function callHarness<K extends keyof BookHarness>(page: Page, name: K, ...args: Parameters<BookHarness[K]>): Promise<Awaited<ReturnType<BookHarness[K]>>> {
  return page.evaluate(([n, a]) => (globalThis as unknown as { bookHarness: Record<string, (...x: unknown[]) => unknown> }).bookHarness[n as string]!(...(a as unknown[])), [name, args] as const) as never;
}

/** The harness as one script (it sets `globalThis.bookHarness`): for a page of its own, or evaluated in the extension's. */
export async function harnessScript(): Promise<string> {
  const out = await build({
    entryPoints: [resolve(import.meta.dirname, 'book-harness.ts')],
    bundle: true,
    format: 'iife',
    target: 'chrome120',
    write: false,
    alias: { '@': resolve(import.meta.dirname, '../../..') },
    logLevel: 'error',
  });
  return out.outputFiles[0]!.text;
}

export async function openBookPage(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'ipe-book-page-'));
  writeFileSync(join(dir, 'harness.js'), await harnessScript());
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Book</title><script src="harness.js"></script></head><body></body></html>');
  const { url, server } = await startStaticServer(dir);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${url}/`);
  // tsx (the bench) compiles with esbuild's keepNames, whose `__name` helper appears in functions handed to page.evaluate.
  await page.addScriptTag({ content: 'globalThis.__name = (f) => f;' });
  await page.waitForFunction(() => 'bookHarness' in globalThis);
  return {
    page,
    close: async () => {
      await context.close();
      server.closeAllConnections();
      await new Promise<void>((ok) => server.close(() => ok()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
