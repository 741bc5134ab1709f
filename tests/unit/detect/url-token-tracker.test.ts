import { describe, expect, it } from 'vitest';
import { isSpace } from '../../../lib/detect/chars';
import { UrlTokenTracker } from '../../../lib/detect/email';

/**
 * The definition, as first written: walk every character up to p; a space-like character, `<`, `>` or `"` ends a
 * token, and `://` inside the current token marks it a URL.
 */
class ReferenceTracker {
  private pos = 0;
  private tokenStart = 0;
  private urlMark = -1;
  constructor(private readonly text: string) {}

  insideUrl(p: number): boolean {
    const text = this.text;
    for (; this.pos < p; this.pos++) {
      const c = text.charCodeAt(this.pos);
      if (isSpace(c) || c === 60 || c === 62 || c === 34) {
        this.tokenStart = this.pos + 1;
        this.urlMark = -1;
      } else if (c === 58 && text.charCodeAt(this.pos + 1) === 47 && text.charCodeAt(this.pos + 2) === 47) {
        this.urlMark = this.pos;
      }
    }
    return this.urlMark >= this.tokenStart;
  }
}

/** A small deterministic generator (no dependency on a seeded library for one test). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const ALPHABET = ['a', 'b', '@', '.', ':', '/', '/', ' ', '\t', '\n', '<', '>', '"', '\u00a0', '\u2007', '\u202f', '\u3000', '\u2028', '\u1680', 'é', '?', '='];

describe('UrlTokenTracker: jumping between token events answers as the character walk does', () => {
  it.each([
    ['https://host/share?to=a@b.com', [22], [true]],
    ['mail a@b.com or see https://x.io/u@v', [6, 33], [false, true]],
    ['https://x.io/page a@b.com', [19], [false]],
    ['<https://x.io/>a@b.com', [16], [false]],
    ['ftp://user:pw@host', [13], [true]],
    ['a:/b@c a://b@c', [4, 12], [false, true]],
  ])('%s', (text, positions, expected) => {
    const tracker = new UrlTokenTracker(text);
    expect(positions.map((p) => tracker.insideUrl(p))).toEqual(expected);
  });

  it('ends a token at exactly the characters the definition ends it at, for every UTF-16 code unit', () => {
    // The tracker's pattern spells `isSpace` out again as a character class: this keeps the two the same set.
    const ending: number[] = [];
    const expected: number[] = [];
    for (let c = 0; c < 0x10000; c++) {
      // `a://b` is a URL token; the character after it either ends the token (the `@` after is outside) or not.
      if (!new UrlTokenTracker(`a://b${String.fromCharCode(c)}x@y`).insideUrl(7)) ending.push(c);
      if (isSpace(c) || c === 60 || c === 62 || c === 34) expected.push(c);
    }
    expect(ending).toEqual(expected);
  });

  it('agrees with the definition on 3,000 random texts at increasing positions', () => {
    const rand = random(17);
    for (let n = 0; n < 3000; n++) {
      const length = 1 + Math.floor(rand() * 80);
      let text = '';
      for (let i = 0; i < length; i++) text += ALPHABET[Math.floor(rand() * ALPHABET.length)];
      const ours = new UrlTokenTracker(text);
      const reference = new ReferenceTracker(text);
      for (let p = 0; p <= length; p += 1 + Math.floor(rand() * 6)) {
        expect(ours.insideUrl(p), `${JSON.stringify(text)} at ${p}`).toBe(reference.insideUrl(p));
      }
    }
  });
});
