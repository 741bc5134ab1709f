import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { clearPage, onPageScan, readPage } from '@/entrypoints/background/pages';
import { rawOfText } from '../detect/helpers';

const TAB = 7;
const URL_B = 'https://b.example/team';

function scanOf(text: string, url: string) {
  return { type: 'content/scan' as const, scan: rawOfText(text, url), scanId: 'scan-1', complete: true };
}

describe('page state per tab: changes apply in the order they arrived', () => {
  beforeEach(() => fakeBrowser.reset());

  it("a navigation's clear followed at once by the new page's scan leaves the new page's findings", async () => {
    // The old page's findings are stored …
    await onPageScan(scanOf('old: ana@contoso.com', 'https://a.example/'), { tab: { id: TAB }, frameId: 0, url: 'https://a.example/' });
    // … then, with nothing awaited in between (as two events arriving 40 ms apart under load): the 'loading' clear
    // of the navigation, then the first scan of the new page. Unordered, the clear's remove landed after the write.
    const cleared = clearPage(TAB);
    const scanned = onPageScan(scanOf('Contact bea@northwind.io', URL_B), { tab: { id: TAB }, frameId: 0, url: URL_B });
    await Promise.all([cleared, scanned]);
    const page = await readPage(TAB);
    expect(page?.url).toBe(URL_B);
    expect(JSON.stringify(page?.entities)).toContain('bea@northwind.io');
    expect(JSON.stringify(page?.entities)).not.toContain('ana@contoso.com');
  });

  it('a scan followed by a clear (the tab navigated away) leaves nothing', async () => {
    const scanned = onPageScan(scanOf('Contact bea@northwind.io', URL_B), { tab: { id: TAB }, frameId: 0, url: URL_B });
    const cleared = clearPage(TAB);
    await Promise.all([scanned, cleared]);
    expect(await readPage(TAB)).toBeNull();
  });

  it('a read asked after a scan sees that scan, and other tabs are not held up or touched', async () => {
    void onPageScan(scanOf('Contact bea@northwind.io', URL_B), { tab: { id: TAB }, frameId: 0, url: URL_B });
    const read = readPage(TAB);
    const other = readPage(TAB + 1);
    expect((await read)?.url).toBe(URL_B);
    expect(await other).toBeNull();
  });
});
