/**
 * Crafted import files (a file is hostile): each shape at 1, 4 and 8 MB through the path a file takes in the panel
 * (parseDelimited on a Blob, then the row planner on the email, phone and profile columns), printed as CPU ms per MB
 * (this process's user + system time: on a machine shared with other work, wall time measured the neighbours).
 * Linear work shows as the same ms per MB at every size; a quadratic step shows as ms per MB growing with the size.
 * Keys: `import_shape_<shape>_ms_per_mb` at 8 MB and `import_shape_worst_growth` (the worst shape's ms per MB at
 * 8 MB over its ms per MB at 1 MB: about 1 when linear, 8 when quadratic).
 */
import { createRowPlanner, parseDelimited } from '../lib/import';
import type { ColumnKind } from '../lib/import/columns';

const MB = 1024 * 1024;
const SIZES = [1, 4, 8] as const;

/** Rows of `cells` repeated until the text reaches `bytes` (ASCII: one byte per character). */
function fill(bytes: number, header: string, row: (i: number) => string): string {
  const parts = [header];
  let size = header.length;
  for (let i = 0; size < bytes; i++) {
    const line = row(i);
    parts.push(line);
    size += line.length;
  }
  return parts.join('');
}

const MAPPING: ColumnKind[] = ['full_name', 'email', 'phone', 'profile_url'];
const HEADER = 'Name,Email,Phone,LinkedIn\n';

/** What each shape is: a text of about `bytes` bytes. */
const SHAPES: Record<string, (bytes: number) => string> = {
  // One row whose quoted cell runs the whole file: papaparse's stream re-parsed it from its start with every chunk.
  long_quoted_row: (bytes) => `${HEADER}Ada,"${'line, with ""quotes""\n'.repeat(Math.floor((bytes - HEADER.length - 8) / 24))}",1,2\n`,
  // Cells of 32,000 spaces around a value in the identifier columns: the cell splitter's `\s*` scanned each run again
  // from every position.
  whitespace_cells: (bytes) => fill(bytes, HEADER, (i) => `Ada ${i},${' '.repeat(16_000)}a${i}@acme.com${' '.repeat(16_000)},${' '.repeat(8_000)}+44 20 7946 0000${' '.repeat(8_000)}x${' '.repeat(8_000)}1,  ${' '.repeat(8_000)}\n`),
  // Separators inside identifier cells (`;`, `,`, ` ::: `): thousands of empty values per cell.
  many_separators: (bytes) => fill(bytes, HEADER, (i) => `Ada ${i},"${';'.repeat(10_000)}a${i}@acme.com","${' ::: '.repeat(2_000)}","${',;'.repeat(5_000)}"\n`),
  // One row of millions of columns (no line end): papaparse keeps it unfinished through every piece.
  one_row_of_columns: (bytes) => `${HEADER}${'x,'.repeat(Math.floor((bytes - HEADER.length) / 2))}`,
  // Rows of 20,000 columns (cut to 500).
  many_columns: (bytes) => fill(bytes, HEADER, (i) => `${`${i},`.repeat(20_000)}\n`),
  // A quote opened on the second row and never closed: the rest of the file is one cell.
  unclosed_quote: (bytes) => `${HEADER}Ada,"a@acme.com,1,2\n${fill(bytes - HEADER.length - 20, '', (i) => `Bob ${i},b${i}@acme.com,+44 20 7946 0000,\n`)}`,
};

/** Best of `runs`: the machine is shared, and a slower run measures the neighbours. */
async function timeShape(text: string, runs: number): Promise<{ ms: number; rows: number }> {
  let best = { ms: Infinity, rows: 0 };
  for (let i = 0; i < runs; i++) {
    const one = await timeOnce(text);
    if (one.ms < best.ms) best = one;
  }
  return best;
}

async function timeOnce(text: string): Promise<{ ms: number; rows: number }> {
  const blob = new Blob([text]);
  const planner = createRowPlanner();
  const started = process.cpuUsage();
  const result = await parseDelimited(blob, {
    onRows: async (rows) => {
      for (const row of rows) planner.add(row, MAPPING);
      planner.take();
    },
  });
  const spent = process.cpuUsage(started);
  return { ms: (spent.user + spent.system) / 1000, rows: result.rows };
}

export async function measureImportShapes({ json, quick }: { json: boolean; quick: boolean }): Promise<Record<string, number>> {
  const sizes = quick ? SIZES.slice(0, 2) : SIZES;
  const results: Record<string, number> = {};
  let worstGrowth = 0;
  if (!json) console.log(`\ncrafted file        ${sizes.map((s) => `${s} MB CPU ms/MB`.padStart(16)).join('')}   rows at ${sizes.at(-1)} MB`);
  for (const [name, make] of Object.entries(SHAPES)) {
    // Once at 1 MB first, not counted: the first run of a shape also compiles its paths, which a 1 MB run would show
    // as a higher ms per MB than the 8 MB one (growth below 1).
    await timeOnce(make(MB));
    const perMb: number[] = [];
    let rows = 0;
    for (const size of sizes) {
      // Best of two at every size: the same for each, so the growth compares like with like.
      const measured = await timeShape(make(size * MB), quick ? 1 : 2);
      perMb.push(measured.ms / size);
      rows = measured.rows;
    }
    const growth = (perMb.at(-1) ?? 0) / Math.max(perMb[0] ?? 1, 0.001);
    worstGrowth = Math.max(worstGrowth, growth);
    results[`import_shape_${name}_ms_per_mb`] = Math.round(perMb.at(-1) ?? 0);
    if (!json) console.log(`${name.padEnd(20)}${perMb.map((v) => String(Math.round(v)).padStart(16)).join('')}   ${rows}`);
  }
  results.import_shape_worst_growth = Math.round(worstGrowth * 100) / 100;
  if (!json) console.log(`worst growth (ms/MB at ${sizes.at(-1)} MB over ${sizes[0]} MB): ${results.import_shape_worst_growth}×`);
  return results;
}
