/**
 * `npm run bench [-- --json] [-- --only detect,sandbox]`: every area's benchmark in one run.
 * Each area module prints its own table and returns its keys; this runner prints the goals and, with --json,
 * ends with ONE line of JSON holding every key (the line CI dashboards and closing notes quote).
 */
import { existsSync } from 'node:fs';

type Area = { run: (opts: { json: boolean }) => Promise<Record<string, number>> };

const AREAS = ['detect', 'sandbox', 'limiter', 'stress', 'import'] as const;

/** Goal per key: the comparison that counts as met. */
const GOALS: Record<string, { op: '>=' | '<=' | '=='; value: number }> = {
  scan_vs_naive: { op: '>=', value: 5 },
  scan_vs_floor: { op: '<=', value: 1.5 },
  adversarial_vs_normal: { op: '<=', value: 2 },
  rescan_vs_full: { op: '<=', value: 0.01 },
  content_script_gz_bytes: { op: '<=', value: 30720 },
  bulk_1000_p50_ms: { op: '<=', value: 200 },
  similar_100k_p50_ms: { op: '<=', value: 20 },
  limiter_utilisation: { op: '>=', value: 0.98 },
  limiter_self_429: { op: '==', value: 0 },
  bulk_requests_per_10k: { op: '<=', value: 10 },
  repeat_requests: { op: '==', value: 0 },
  longest_task_ms: { op: '<=', value: 50 },
  // contacts (issue 14): a 100,000-row import stays bounded in memory.
  csv_import_peak_mb: { op: '<=', value: 64 },
};

function met(key: string, value: number): string {
  const goal = GOALS[key];
  if (!goal) return '';
  const ok = goal.op === '>=' ? value >= goal.value : goal.op === '<=' ? value <= goal.value : value === goal.value;
  return `${ok ? 'met' : 'MISSED'} (goal ${goal.op} ${goal.value})`;
}

const args = process.argv.slice(2);
const json = args.includes('--json');
const onlyArg = args.find((a) => a.startsWith('--only'));
const only = onlyArg ? (onlyArg.split('=')[1] ?? args[args.indexOf(onlyArg) + 1] ?? '').split(',') : null;

const results: Record<string, number> = {};
for (const area of AREAS) {
  if (only && !only.includes(area)) continue;
  const file = `bench/${area}.ts`;
  if (!existsSync(file)) {
    console.log(`\n## ${area}: no ${file} yet, skipped`);
    continue;
  }
  console.log(`\n## ${area}`);
  const mod = (await import(`./${area}.ts`)) as Area;
  Object.assign(results, await mod.run({ json }));
}

console.log('\n## Goals');
for (const [key, value] of Object.entries(results)) {
  console.log(`${key.padEnd(26)} ${String(Math.round(value * 1000) / 1000).padStart(10)}  ${met(key, value)}`);
}
if (json) console.log(JSON.stringify(results));
