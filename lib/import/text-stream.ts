/**
 * A file's text, decoded as one stream and handed to papaparse in pieces of about `pieceChars` characters.
 *
 * Why not papaparse's own file reader: it reads fixed byte slices and decodes each alone (`FileReader.readAsText`), so a
 * character whose bytes a slice boundary cuts in two ("ü" is two bytes in UTF-8) became two U+FFFD in a large file.
 * One `TextDecoder` in streaming mode carries the cut bytes over to the next piece.
 *
 * The shape is the one papaparse recognises as a readable stream (`readable`, `read`, `on`, `removeListener`); it
 * reads on only while not held, so the import's "wait until this chunk is stored" keeps at most a piece or two in
 * memory instead of the whole file.
 *
 * Papaparse keeps a piece's unfinished last row and parses it again, from its start, with the next piece: a row that
 * ran across N pieces of 256 K was parsed N times (one 8 MB quoted row: 11 s, quadratic). `atLeast` makes the next
 * piece twice as long as that unfinished row, so the row at least triples from one parse to the next and the parses
 * of one row add up to about 1.5 times its length (plus papaparse's final parse), whatever makes it long (a quote never closed, millions of
 * delimiters, a quote papaparse reads differently than a guess would). Nothing here needs to know CSV.
 */
import type { FileEncoding } from './encoding';

type Listener = (value?: unknown) => void;

export interface DecodedTextStream {
  readonly readable: true;
  read(): null;
  on(event: 'data' | 'end' | 'error', listener: Listener): void;
  removeListener(event: 'data' | 'end' | 'error', listener: Listener): void;
  /** Papaparse's stream reader calls these; the import calls `hold`/`release` around storing a chunk. */
  pause(): void;
  resume(): void;
  hold(): void;
  release(): void;
  /** Bytes of the file decoded so far (for progress). */
  readonly bytesRead: number;
  /** Characters handed to papaparse so far. */
  readonly charsEmitted: number;
  /** The parser's unfinished row is this long: the next piece is at least twice that (see above). */
  atLeast(chars: number): void;
  /** Stops reading; no more events. */
  cancel(): void;
}

export function decodedTextStream(file: Blob, encoding: FileEncoding, pieceChars = 256 * 1024, firstPieceChars = pieceChars): DecodedTextStream {
  const listeners = { data: new Set<Listener>(), end: new Set<Listener>(), error: new Set<Listener>() };
  const decoder = new TextDecoder(encoding);
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let held = 0;
  let pumping = false;
  let done = false;
  let ended = false;
  let bytesRead = 0;
  let pending = '';
  let charsEmitted = 0;
  // The first piece may be longer: papaparse guesses the delimiter from it alone.
  let nextPiece = firstPieceChars;

  const emit = (event: keyof typeof listeners, value?: unknown) => {
    for (const listener of [...listeners[event]]) listener(value);
  };

  /** The next piece of `pending`: at most `pieceChars` characters, never ending between a surrogate pair's halves. */
  function takePiece(): string {
    let end = Math.min(nextPiece, pending.length);
    const last = pending.charCodeAt(end - 1);
    if (end < pending.length && last >= 0xd800 && last <= 0xdbff) end++;
    const piece = pending.slice(0, end);
    pending = pending.slice(end);
    charsEmitted += piece.length;
    nextPiece = pieceChars;
    return piece;
  }

  async function pump(): Promise<void> {
    if (pumping || done) return;
    pumping = true;
    try {
      reader ??= file.stream().getReader();
      // Pieces go out one at a time and only while nobody holds the stream: a held stream reads nothing more.
      while (!done && held === 0) {
        if (pending.length >= nextPiece || (ended && pending)) {
          emit('data', takePiece());
          continue;
        }
        if (ended) {
          done = true;
          emit('end');
          return;
        }
        const chunk = await reader.read();
        if (done) return;
        if (chunk.done) {
          pending += decoder.decode();
          ended = true;
        } else {
          bytesRead += chunk.value.byteLength;
          pending += decoder.decode(chunk.value, { stream: true });
        }
      }
    } catch (error) {
      done = true;
      emit('error', error instanceof Error ? error : new Error(String(error)));
    } finally {
      pumping = false;
    }
  }

  const stream: DecodedTextStream = {
    readable: true,
    read: () => null,
    on(event, listener) {
      listeners[event].add(listener);
      // Papaparse attaches its listeners synchronously; reading starts on the next turn, after all three are on.
      if (event === 'data') queueMicrotask(() => void pump());
    },
    removeListener(event, listener) {
      listeners[event].delete(listener);
    },
    pause: () => stream.hold(),
    resume: () => stream.release(),
    hold() {
      held++;
    },
    release() {
      if (held > 0) held--;
      if (held === 0) void pump();
    },
    get bytesRead() {
      return bytesRead;
    },
    get charsEmitted() {
      return charsEmitted;
    },
    atLeast(chars) {
      nextPiece = Math.max(pieceChars, 2 * chars);
    },
    cancel() {
      done = true;
      void reader?.cancel().catch(() => undefined);
    },
  };
  return stream;
}
