/**
 * Import benchmark (issue 14): 100,000 CSV rows streamed from disk through the import's parser (papaparse in
 * chunks with back-pressure) and the row planner (column kinds → bulk entries, duplicates), as the panel does
 * before the bulk job. Reports rows per second and the peak heap above the start, sampled at every chunk.
 * The rows go to a sink standing in for IndexedDB (Node has none); the planner's entries (what bulk/start
 * needs) stay in memory, as in the panel. Run alone: npx tsx -e "import('./bench/import.ts').then(m=>m.run({json:false}))"
 */
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRowPlanner, detectColumns, parseDelimited } from '../lib/import';

const ROWS = 100_000;

function csv(): string {
  const lines = ['First Name,Last Name,E-mail,Telefon,LinkedIn,Company Name,Notes'];
  for (let i = 0; i < ROWS; i++) {
    const kind = i % 4;
    lines.push(
      [
        `First${i}`,
        `Last${i}`,
        kind === 0 || kind === 3 ? `person${i % 90_000}@company${i % 500}.com` : '',
        kind === 1 ? `+44 20 7946 0${String(i % 1000).padStart(3, '0')}` : '',
        kind === 2 ? `https://www.linkedin.com/in/person-${i}` : '',
        `"Company ${i % 500}, Inc."`,
        `note ${i}`,
      ].join(','),
    );
  }
  return lines.join('\n');
}

export async function run({ json }: { json: boolean }): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(tmpdir(), 'ipe-import-bench-'));
  const file = join(dir, 'rows.csv');
  writeFileSync(file, csv());
  global.gc?.();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  let header: string[] | null = null;
  let mapping: ReturnType<typeof detectColumns> | null = null;
  const planner = createRowPlanner();
  let stored = 0;
  const started = performance.now();
  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 256 * 1024 });
  // papaparse reads a Node stream with the same chunk/pause/resume contract as a File in the browser.
  await parseDelimited(stream as unknown as File, {
    onRows: async (rows) => {
      for (const row of rows) {
        if (!header) {
          header = row;
          continue;
        }
        mapping ??= detectColumns(header, [row]);
        planner.add(row, mapping.map((g) => g.kind));
      }
      stored += rows.length; // the IndexedDB write of the panel
      peak = Math.max(peak, process.memoryUsage().heapUsed);
      await Promise.resolve();
    },
  });
  const seconds = (performance.now() - started) / 1000;
  rmSync(dir, { recursive: true, force: true });
  const results = {
    csv_import_rows_per_s: Math.round(ROWS / seconds),
    csv_import_peak_mb: Math.round(((peak - base) / 1_048_576) * 10) / 10,
  };
  if (!json) {
    console.log(`rows read         ${stored - 1}`);
    console.log(`entries to send   ${planner.summary.unique} (${planner.summary.duplicates} duplicates, ${planner.summary.skipped} skipped)`);
    console.log(`rows per second   ${results.csv_import_rows_per_s}`);
    console.log(`peak heap (MB)    ${results.csv_import_peak_mb} above the start`);
  }
  return results;
}
