/**
 * The browser's own side panel, as the user sees it. Playwright lists no side panel among a context's pages, but
 * Chromium shows it as a page target of the browser; this attaches to it over the browser's CDP session and
 * evaluates an expression in its document. Used where a panel page opened by the test would compete with the real
 * panel (both take the tab's intent, which is consumed once).
 */
import type { BrowserContext, CDPSession } from '@playwright/test';

interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
}

let nextId = 1;
const REPLY_TIMEOUT_MS = 5_000;

/** The target ids of the pages the test opened (Playwright lists those; it lists no side panel). */
async function testPages(context: BrowserContext): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const page of context.pages()) {
    const session = await context.newCDPSession(page);
    try {
      const { targetInfo } = (await session.send('Target.getTargetInfo')) as { targetInfo: TargetInfo };
      ids.add(targetInfo.targetId);
    } finally {
      await session.detach();
    }
  }
  return ids;
}

/** The real side panel's page target: a `sidepanel.html` page that no test page is, or null while none is open. */
async function panelTarget(cdp: CDPSession, context: BrowserContext, extensionId: string): Promise<TargetInfo | null> {
  const opened = await testPages(context);
  const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: TargetInfo[] };
  const prefix = `chrome-extension://${extensionId}/sidepanel.html`;
  return targetInfos.find((t) => t.type === 'page' && t.url.startsWith(prefix) && !opened.has(t.targetId)) ?? null;
}

/** Evaluates `expression` (returning JSON-able data) in the real side panel, or gives null while no panel is open. */
export async function inRealSidePanel<T>(context: BrowserContext, extensionId: string, expression: string): Promise<T | null> {
  const browser = context.browser();
  if (browser === null) throw new Error('The context has no browser to ask for its targets.');
  const cdp = await browser.newBrowserCDPSession();
  try {
    const target = await panelTarget(cdp, context, extensionId);
    if (target === null) return null;
    const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false })) as { sessionId: string };
    const id = nextId++;
    const reply = new Promise<T | null>((resolve) => {
      // A panel that closes before it answers gives no reply: null then, as while none is open (the caller polls).
      setTimeout(() => resolve(null), REPLY_TIMEOUT_MS);
      cdp.on('Target.receivedMessageFromTarget', (event: { sessionId: string; message: string }) => {
        if (event.sessionId !== sessionId) return;
        const message = JSON.parse(event.message) as { id?: number; result?: { result?: { value?: T } } };
        if (message.id === id) resolve(message.result?.result?.value ?? null);
      });
    });
    await cdp.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({ id, method: 'Runtime.evaluate', params: { expression, returnByValue: true } }),
    });
    return await reply;
  } finally {
    await cdp.detach();
  }
}
