/**
 * Which text encoding a user's file is in. Spreadsheets save "CSV" as UTF-8 (with or without a BOM), as UTF-16 ("Unicode
 * text"), or, in old Excel on Windows in Western Europe, as Windows-1252: read as UTF-8, "Jürgen Müller" became
 * "J�rgen M�ller" in the preview, the lookups' labels and the user's own columns in the export. The BOM decides when
 * there is one; otherwise the first 64 KiB either are valid UTF-8 or the file is Windows-1252 (any byte is valid there).
 */
export type FileEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

const SNIFF_BYTES = 64 * 1024;

export async function sniffEncoding(file: Blob): Promise<FileEncoding> {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  // A character the sample's end cut in two is no evidence: drop its bytes.
  let end = head.length;
  if (file.size > head.length) {
    let i = end - 1;
    while (i > 0 && end - i < 4 && ((head[i] as number) & 0xc0) === 0x80) i--;
    if ((head[i] as number) >= 0xc0) end = i;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, end));
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}
