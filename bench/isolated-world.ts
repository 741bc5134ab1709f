/**
 * Runs code in a FRESH isolated world of a loaded page (`Page.createIsolatedWorld`), the kind of JavaScript context
 * a content script runs in: no JIT feedback for any function and no DOM wrappers yet (both are per world). Numbers
 * taken in the page's main world are not the content script's: there a node's wrapper sits in the node itself,
 * while an isolated world looks every node up in its own wrapper table, and a scavenge must process the handles of
 * every young wrapper (bench/detect.ts traced 53–130 ms of it in one minor GC on the 50 MB page).
 */
import type { Page } from '@playwright/test';

let worlds = 0;

/** Evaluates `scripts` in order, then `expression` (awaited, returned by value), in a new isolated world of `page`. */
export async function evaluateInFreshWorld(page: Page, scripts: readonly string[], expression: string, collectFirst = false): Promise<unknown> {
  const cdp = await page.context().newCDPSession(page);
  try {
    if (collectFirst) await cdp.send('HeapProfiler.collectGarbage');
    const { frameTree } = await cdp.send('Page.getFrameTree');
    const { executionContextId } = await cdp.send('Page.createIsolatedWorld', { frameId: frameTree.frame.id, worldName: `ipe-bench-${++worlds}` });
    const run = async (source: string): Promise<unknown> => {
      const reply = await cdp.send('Runtime.evaluate', { expression: source, contextId: executionContextId, awaitPromise: true, returnByValue: true });
      if (reply.exceptionDetails) throw new Error(reply.exceptionDetails.exception?.description ?? reply.exceptionDetails.text);
      return reply.result.value;
    };
    // tsx compiles with esbuild's keepNames, whose `__name` helper appears in functions turned into source.
    await run('globalThis.__name = (f) => f;');
    for (const script of scripts) await run(script);
    return await run(expression);
  } finally {
    await cdp.detach();
  }
}
