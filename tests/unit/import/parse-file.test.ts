// A file is decoded as one stream: a character whose bytes a read boundary cuts stays whole, in any of the encodings
// the import reads, and a slow store holds the reading back instead of letting the file pile up in memory.
import { describe, expect, it } from 'vitest';
import { parseDelimited } from '@/lib/import';
import { decodedTextStream } from '@/lib/import/text-stream';

/** 12,000 rows of names with two-byte letters, each row a different length so characters fall on every byte offset. */
function accentedRows(count = 12_000): string[][] {
  return Array.from({ length: count }, (_, i) => [`Jürgen${'ä'.repeat(i % 7)} Müller ${i}`, `j${i}@beispiel-gmbh.de`, 'Köln']);
}
const asText = (rows: string[][], sep = ';') => rows.map((r) => r.join(sep)).join('\r\n') + '\r\n';

function utf16le(text: string): Uint8Array {
  const out = new Uint8Array(2 + text.length * 2);
  out.set([0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) {
    out[2 + i * 2] = text.charCodeAt(i) & 0xff;
    out[3 + i * 2] = text.charCodeAt(i) >> 8;
  }
  return out;
}
const windows1252 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

async function parseBlob(blob: Blob) {
  const rows: string[][] = [];
  const result = await parseDelimited(blob, { onRows: async (chunk) => void rows.push(...chunk) });
  return { rows, result };
}

describe('parseDelimited on a file', () => {
  it.each<[string, (text: string) => Uint8Array]>([
    ['UTF-8', (text) => new TextEncoder().encode(text)],
    ['UTF-8 with a BOM', (text) => Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)])],
    ['UTF-16LE (Excel "Unicode text")', utf16le],
    ['Windows-1252', windows1252],
  ])('%s: every row of a file larger than several read slices comes back as written', async (_name, encode) => {
    const expected = accentedRows();
    const bytes = encode(asText(expected));
    expect(bytes.byteLength).toBeGreaterThan(3 * 64 * 1024);
    const { rows, result } = await parseBlob(new Blob([bytes.slice().buffer as ArrayBuffer]));
    expect(result.delimiter).toBe(';');
    expect(result.rows).toBe(expected.length);
    expect(rows.filter((r) => r.join(';').includes('\uFFFD'))).toEqual([]);
    expect(rows).toEqual(expected);
  });

  it('a two-byte letter cut by the decoder piece boundary stays whole', async () => {
    // The piece boundary (4 characters here) falls inside "ü" bytes for some rows when read a few bytes at a time.
    const bytes = new TextEncoder().encode('Name\r\nJürgen Müller\r\nZoë Ångström\r\n');
    const parts = Array.from({ length: bytes.length }, (_, i) => bytes.slice(i, i + 1));
    const stream = decodedTextStream(new Blob(parts), 'utf-8', 4);
    const text = await new Promise<string>((resolve, reject) => {
      let out = '';
      stream.on('data', (piece) => void (out += String(piece)));
      stream.on('end', () => resolve(out));
      stream.on('error', reject);
    });
    expect(text).toBe('Name\r\nJürgen Müller\r\nZoë Ångström\r\n');
  });

  it('reads no further while a chunk is being stored, and stops when cancelled', async () => {
    const expected = accentedRows(20_000);
    const blob = new Blob([new TextEncoder().encode(asText(expected))]);
    const controller = new AbortController();
    const seen: number[] = [];
    const result = await parseDelimited(blob, {
      signal: controller.signal,
      onRows: async (chunk) => {
        seen.push(chunk.length);
        controller.abort();
      },
      onProgress: () => undefined,
    });
    expect(result.aborted).toBe(true);
    // One piece of ~256 K characters was parsed before the cancel was seen; the rest of the 1.1 MB file was not.
    expect(result.rows).toBeLessThan(expected.length / 2);
  });
});
