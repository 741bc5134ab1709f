/**
 * Store-size screenshots (1280×800 and 640×400, the Chrome Web Store / Edge sizes; AMO takes them too) from the
 * demo pages: a demo build against a private sandbox, in Debian's Chromium, headless.
 *
 *   npx tsx scripts/store-screenshots.ts      → store-output/<n>-<name>-1280x800.png and …-640x400.png
 *
 * Each picture is a real page at its real size: the sandbox's demo page with the side panel beside it at its
 * own width (the two screenshots are laid side by side on a 1280×800 canvas in the same browser, no image
 * library), the onboarding page and the options page. The 640×400 ones are the same pages at half scale.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { startSandbox } from '../sandbox/server';
import { chromiumPath, extensionArgs } from '../tests/e2e/support/chromium';

const OUT_DIR = resolve('store-output');
/** The smaller store size: the 1280×800 picture at half scale. */
const SMALL = { width: 640, height: 400 } as const;
const PANEL_WIDTH = 360;

async function pngDataUrl(page: Page, width: number, height: number): Promise<string> {
  await page.setViewportSize({ width, height });
  return `data:image/png;base64,${(await page.screenshot()).toString('base64')}`;
}

/** Lays the page and the panel side by side, then screenshots the canvas at each store size. */
async function sideBySide(context: BrowserContext, page: Page, panel: Page, name: string): Promise<void> {
  const left = await pngDataUrl(page, 1280 - PANEL_WIDTH, 800);
  const right = await pngDataUrl(panel, PANEL_WIDTH, 800);
  const canvas = await context.newPage();
  await canvas.setContent(
    `<body style="margin:0;display:flex;background:#fff"><img src="${left}"><img src="${right}" style="border-left:1px solid #d0d4dc"></body>`,
  );
  await shoot(canvas, name);
  await canvas.close();
}

/** Saves the page at 1280×800, and the same picture scaled to 640×400 (drawn by the browser itself). */
async function shoot(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  const full = await page.screenshot({ path: join(OUT_DIR, `${name}-1280x800.png`) });
  const { width, height } = SMALL;
  const small = await page.context().newPage();
  await small.setViewportSize({ width, height });
  await small.setContent(
    `<body style="margin:0"><img style="display:block;width:${width}px;height:${height}px" src="data:image/png;base64,${full.toString('base64')}"></body>`,
  );
  await small.screenshot({ path: join(OUT_DIR, `${name}-${width}x${height}.png`) });
  await small.close();
}

async function main(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  const sandbox = await startSandbox({ port: 0, quiet: true });
  const buildRoot = resolve(`.output/store-screens-${process.pid}`);
  const profile = mkdtempSync(join(tmpdir(), 'ipe-store-'));
  try {
    execFileSync('npx', ['wxt', 'build'], {
      stdio: 'ignore',
      env: { ...process.env, WXT_DEMO: 'true', WXT_API_BASE_URL: sandbox.url, WXT_OUT_DIR: buildRoot },
    });
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      headless: true,
      args: extensionArgs(join(buildRoot, 'chrome-mv3')),
      viewport: { width: 1280, height: 800 },
    });
    try {
      const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
      const id = new URL(worker.url()).host;
      const onboarding =
        context.pages().find((p) => p.url().endsWith('/onboarding.html')) ??
        (await context.waitForEvent('page', { predicate: (p) => p.url().endsWith('/onboarding.html') }));
      await onboarding.getByRole('button', { name: 'Use the demo sandbox' }).click();
      await onboarding.getByText('Connected to the demo sandbox').waitFor();
      await shoot(onboarding, '1-onboarding');

      const page = await context.newPage();
      const url = `${sandbox.url}/demo/team`;
      await page.goto(url);
      const tabId = await worker.evaluate(async (u) => (await chrome.tabs.query({ url: u }))[0]?.id ?? -1, url);
      const panel = await context.newPage();
      await panel.goto(`chrome-extension://${id}/sidepanel.html?tabId=${tabId}`);
      await panel.setViewportSize({ width: PANEL_WIDTH, height: 800 });
      await panel.getByText(/\d+ found/).waitFor({ timeout: 20_000 });
      await sideBySide(context, page, panel, '2-page-scanned');

      await panel.getByRole('button', { name: /^Enrich \S+@\S+ · 1 credit$/ }).first().click();
      await panel.getByTestId('contact-profile').waitFor({ timeout: 20_000 });
      await sideBySide(context, page, panel, '3-contact-enriched');

      const options = await context.newPage();
      await options.goto(`chrome-extension://${id}/options.html`);
      await options.getByRole('heading', { name: 'API key' }).waitFor();
      await shoot(options, '4-options');
      console.log(`Store screenshots (1280×800 and 640×400) in ${OUT_DIR}`);
    } finally {
      await context.close();
    }
  } finally {
    await sandbox.close();
    rmSync(profile, { recursive: true, force: true });
    rmSync(buildRoot, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
