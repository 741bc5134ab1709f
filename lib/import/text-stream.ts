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
  /** Stops reading; no more events. */
  cancel(): void;
}

export function decodedTextStream(file: Blob, encoding: FileEncoding, pieceChars = 256 * 1024): DecodedTextStream {
  const listeners = { data: new Set<Listener>(), end: new Set<Listener>(), error: new Set<Listener>() };
  const decoder = new TextDecoder(encoding);
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let held = 0;
  let pumping = false;
  let done = false;
  let ended = false;
  let bytesRead = 0;
  let pending = '';

  const emit = (event: keyof typeof listeners, value?: unknown) => {
    for (const listener of [...listeners[event]]) listener(value);
  };

  /** The next piece of `pending`: at most `pieceChars` characters, never ending between a surrogate pair's halves. */
  function takePiece(): string {
    let end = Math.min(pieceChars, pending.length);
    const last = pending.charCodeAt(end - 1);
    if (end < pending.length && last >= 0xd800 && last <= 0xdbff) end++;
    const piece = pending.slice(0, end);
    pending = pending.slice(end);
    return piece;
  }

  async function pump(): Promise<void> {
    if (pumping || done) return;
    pumping = true;
    try {
      reader ??= file.stream().getReader();
      // Pieces go out one at a time and only while nobody holds the stream: a held stream reads nothing more.
      while (!done && held === 0) {
        if (pending.length >= pieceChars || (ended && pending)) {
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
    cancel() {
      done = true;
      void reader?.cancel().catch(() => undefined);
    },
  };
  return stream;
}
