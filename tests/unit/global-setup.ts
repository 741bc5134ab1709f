import type { TestProject } from 'vitest/node';
import { startSandbox } from '@/sandbox/server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the real sandbox started once per unit-test run (http://127.0.0.1:<free port>). */
    sandboxUrl: string;
  }
}

/** Starts one real sandbox on a free loopback port for the whole unit-test run; tests read it with inject('sandboxUrl'). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The 'sandbox-sql.js' project (vitest.config.ts) runs the conformance checks against the WebAssembly driver.
  const driver = project.config.env?.SANDBOX_DRIVER === 'sql.js' ? 'sql.js' : 'better-sqlite3';
  const sandbox = await startSandbox({ port: 0, quiet: true, driver });
  project.provide('sandboxUrl', sandbox.url);
  return () => sandbox.close();
}
