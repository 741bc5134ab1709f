/**
 * Renders assets/icon.svg to the PNG sizes the stores and browsers ask for (public/icon/<size>.png),
 * with the same headless Chromium the tests use. Run after changing the SVG: `npx tsx scripts/make-icons.ts`.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumPath, QUIET_CHROMIUM_ARGS } from '../tests/e2e/support/chromium';

const SIZES = [16, 32, 48, 96, 128];
const svg = readFileSync('assets/icon.svg', 'utf8');
mkdirSync('public/icon', { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: QUIET_CHROMIUM_ARGS });
for (const size of SIZES) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}svg{width:${size}px;height:${size}px;display:block}</style>${svg}`,
  );
  await page.screenshot({ path: `public/icon/${size}.png`, omitBackground: true });
  await page.close();
}
await browser.close();
console.log(`wrote public/icon/{${SIZES.join(',')}}.png`);
