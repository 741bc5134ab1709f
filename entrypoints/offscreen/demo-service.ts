/**
 * The demo service: the sandbox's own application (sandbox/embedded.ts: the same Hono app, routes and credit rules
 * over sql.js), fed by the seeded database the build ships (public demo/, docs/store.md "Demo mode"). It runs
 * apart from the background worker, whose every start would otherwise load and evaluate it (docs/performance.md,
 * "Worker start"): on Chrome in the offscreen document (./demo-host.ts), on Firefox in the background page
 * itself, in both loaded on the first demo request. Opened once per life of its host (about a second).
 */
import initSqlJs from 'sql.js';
import { DEMO_KEY, type DemoAnswer, type DemoLedger, type DemoReply, type DemoRequest, type DemoWork, toDemoAnswer, toRequest } from '@/lib/api/demo-exchange';
import { openEmbeddedSandbox, type EmbeddedSandbox } from '@/sandbox/embedded';
import { savedDemoService, saveDemoService } from '../background/demo-db';

let service: Promise<EmbeddedSandbox> | null = null;

function demoService(): Promise<EmbeddedSandbox> {
  service ??= (async () => {
    const [wasm, seeded, saved] = await Promise.all([packaged('/demo/sql-wasm.wasm'), packaged('/demo/sandbox.db.gz').then(gunzip), savedDemoService()]);
    const sql = await initSqlJs({ wasmBinary: wasm });
    return openEmbeddedSandbox(sql, seeded, { restore: saved });
  })();
  service.catch(() => (service = null));
  return service;
}

/** One request answered by the sandbox's app; the accounts and ledger are stored before the answer goes back. */
async function answer(request: DemoRequest): Promise<DemoAnswer> {
  const sandbox = await demoService();
  const response = await sandbox.fetch(toRequest(request));
  const result = await toDemoAnswer(response);
  await saveDemoService(sandbox.snapshot());
  return result;
}

async function ledger(): Promise<DemoLedger> {
  const sandbox = await demoService();
  sandbox.state.accounts.resolve(DEMO_KEY);
  const entries = sandbox.state.ledger.entries(DEMO_KEY).map(({ endpoint, credits }) => ({ endpoint, credits }));
  return { balance: sandbox.state.ledger.balance(DEMO_KEY), entries };
}

/** One piece of work, its failure as data (each channel passes it on as it is). */
export async function doDemoWork(work: DemoWork): Promise<DemoReply> {
  try {
    return work.op === 'fetch' ? { ok: true, answer: await answer(work.request) } : { ok: true, ledger: await ledger() };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** Frees the in-memory database (demo mode ended); the next demo request opens it again from the saved state. */
export async function closeDemoService(): Promise<void> {
  const open = service;
  service = null;
  (await open?.catch(() => null))?.close();
}

async function packaged(path: string): Promise<ArrayBuffer> {
  // The package's own files, from the extension's origin (the same code runs in the offscreen document and in
  // Firefox's background page).
  const response = await fetch(new URL(path, self.location.origin));
  if (!response.ok) throw new Error(`The demo data is missing from this build (${path}: ${response.status}).`);
  return response.arrayBuffer();
}

async function gunzip(bytes: ArrayBuffer): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
