/**
 * Which text encoding a user's file is in. Spreadsheets save "CSV" as UTF-8 (with or without a BOM), as UTF-16 ("Unicode
 * text"), or, in old Excel on Windows in Western Europe, as Windows-1252: read as UTF-8, "Jürgen Müller" became
 * "J�rgen M�ller" in the preview, the lookups' labels and the user's own columns in the export. The BOM decides when
 * there is one; otherwise the whole file either is valid UTF-8 or it is Windows-1252 (any byte is valid there).
 *
 * The whole file, not a sample: a Windows-1252 file whose first accent comes after the sample read as UTF-8, and its
 * later names came out as U+FFFD with no word said. Validating is one native decode streamed over the file (tens of ms
 * for a 20 MB file); it stops at the first byte that is not UTF-8. A file that had real UTF-8 accents before that byte
 * stays UTF-8 (a file joined from two sources): read as Windows-1252, every one of its accents would turn to "Ã¼".
 */
export type FileEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export async function sniffEncoding(file: Blob): Promise<FileEncoding> {
  const head = new Uint8Array(await file.slice(0, 3).arrayBuffer());
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return (await isUtf8(file)) ? 'utf-8' : 'windows-1252';
}

/** Bytes handed to the decoder at a time, so "were there accents before the bad byte?" is answered closely. */
const SLICE = 64 * 1024;

async function isUtf8(file: Blob): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const reader = file.stream().getReader();
  // Fewer characters than bytes: some were multi-byte UTF-8 sequences, which Windows-1252 text almost never makes.
  // Counted over the whole read: a decoder in streaming mode may hold up to 3 bytes of a character back.
  let bytes = 0;
  let chars = 0;
  const multiByte = () => chars < bytes - 3;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) {
      try {
        decoder.decode();
        return true;
      } catch {
        return multiByte();
      }
    }
    for (let at = 0; at < value.byteLength; at += SLICE) {
      const slice = value.subarray(at, at + SLICE);
      try {
        chars += decoder.decode(slice, { stream: true }).length;
        bytes += slice.byteLength;
      } catch {
        void reader.cancel().catch(() => undefined);
        return multiByte() || multiByteBefore(slice);
      }
    }
  }
}

/** Whether the text before the first byte that is not UTF-8 held a multi-byte character. */
function multiByteBefore(slice: Uint8Array): boolean {
  const text = new TextDecoder('utf-8').decode(slice);
  const valid = text.slice(0, Math.max(0, text.indexOf('\uFFFD')));
  return new TextEncoder().encode(valid).byteLength > valid.length;
}
