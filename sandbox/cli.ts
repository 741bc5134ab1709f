import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { WIRE_SPELLINGS, type WireSpelling } from '../lib/api/wire-names';
import { SANDBOX_KEYS } from './accounts';
import { startSandbox, type SandboxOptions } from './server';

/** `npm run sandbox -- [--port 8787] [--db PATH] [--seed N] [--companies N] [--contacts N] [--rate-limit N/SECONDS] [--realtime-delay-ms N] [--hostile] [--wire-names real|spec]` */
export function parseCliArgs(argv: string[]): SandboxOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', default: '8787' },
      host: { type: 'string' },
      db: { type: 'string' },
      seed: { type: 'string' },
      companies: { type: 'string' },
      contacts: { type: 'string' },
      'rate-limit': { type: 'string' },
      'realtime-delay-ms': { type: 'string' },
      hostile: { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
      'wire-names': { type: 'string' },
    },
    strict: true,
  });
  return {
    port: int('--port', values.port),
    host: values.host,
    dbPath: values.db,
    seed: optionalInt('--seed', values.seed),
    companies: optionalInt('--companies', values.companies),
    contacts: optionalInt('--contacts', values.contacts),
    rateLimit: values['rate-limit'] === undefined ? undefined : parseRateLimit(values['rate-limit']),
    realtimeDelayMs: optionalInt('--realtime-delay-ms', values['realtime-delay-ms']),
    hostile: values.hostile,
    quiet: values.quiet,
    wireNames: values['wire-names'] === undefined ? undefined : parseWireNames(values['wire-names']),
  };
}

/** `real` (the real service's field names, the default) or `spec` (the spec document's `pnet` spelling). */
export function parseWireNames(text: string): WireSpelling {
  const spelling = WIRE_SPELLINGS.find((s) => s === text.trim());
  if (!spelling) throw new Error(`--wire-names wants ${WIRE_SPELLINGS.join(' or ')}, got "${text}"`);
  return spelling;
}

/** `200/60` → at most 200 requests in any 60-second window. */
export function parseRateLimit(text: string): { max: number; windowMs: number } {
  const match = /^(\d+)\/(\d+(?:\.\d+)?)$/.exec(text.trim());
  if (!match) throw new Error(`--rate-limit wants N/SECONDS (for example 200/60), got "${text}"`);
  const max = Number(match[1]);
  const windowMs = Math.round(Number(match[2]) * 1000);
  if (max < 1 || windowMs < 1) throw new Error(`--rate-limit wants positive numbers, got "${text}"`);
  return { max, windowMs };
}

function optionalInt(name: string, text: string | undefined): number | undefined {
  return text === undefined ? undefined : int(name, text);
}

function int(name: string, text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} wants a non-negative integer, got "${text}"`);
  return n;
}

async function main(): Promise<void> {
  let options: SandboxOptions;
  try {
    options = parseCliArgs(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const started = Date.now();
  const sandbox = await startSandbox(options);
  console.log(`Enrichment API sandbox listening on ${sandbox.url} (ready in ${Date.now() - started} ms)`);
  console.log(`API keys: ${SANDBOX_KEYS.join(', ')} (any "<key>-<suffix>" is its own fresh account)`);
  if (options.wireNames === 'spec') console.log('Answers spell the professional network\'s fields as the spec does (pnet_url, …), not as the real service (linkedin_url, …)');
  console.log(`Demo pages: ${sandbox.url}/demo/   Samples: ${sandbox.url}/_sandbox/samples   OpenAPI: ${sandbox.url}/openapi.json`);
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) void main();
