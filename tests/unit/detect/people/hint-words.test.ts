import { describe, expect, it } from 'vitest';
import { hintWords } from '../../../../lib/detect/people/names';

/** The definition, as first written: lower-case the identifier's part, split on anything not a-z, keep words of 2+. */
function reference(identifier: string): string[] {
  let part = identifier;
  const at = part.indexOf('@');
  if (at !== -1) part = part.slice(0, at);
  else if (part.includes('/')) part = part.slice(part.lastIndexOf('/', part.length - 2) + 1);
  else part = part.replace(/^www\./, '');
  return part
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length >= 2);
}

describe('hintWords: the one-pass reading gives what the definition gives', () => {
  it.each([
    ['jane.doe@acme.com', ['jane', 'doe']],
    ['J.DOE+news@acme.com', ['doe', 'news']],
    ['linkedin.com/in/jane-doe-4b2a19/', ['jane', 'doe']],
    ['linkedin.com/in/jane-doe', ['jane', 'doe']],
    ['www.shop.fabrikam.co.uk', ['shop', 'fabrikam', 'co', 'uk']],
    ['WWW.acme.com', ['www', 'acme', 'com']],
    ['+14155550123', []],
    ['josé.garcía@acme.es', ['jos', 'garc', 'a']],
    ['İlker.KELVIN@x.com', ['i', 'lker', 'kelvin']],
    ['ǅemal@x.com', ['emal']],
    ['', []],
    ['/', []],
  ])('%s', (identifier, expected) => {
    expect(hintWords(identifier)).toEqual(reference(identifier));
    expect(hintWords(identifier)).toEqual(expected.filter((w) => w.length >= 2));
  });

  it('agrees with the definition on 20,000 random identifiers (ASCII and beyond)', () => {
    const alphabet = [...'aZq09._-+@/:wİKéß ǅ\u212A'];
    let seed = 7;
    const rand = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let n = 0; n < 20_000; n++) {
      const length = Math.floor(rand() * 24);
      let id = rand() < 0.2 ? 'www.' : '';
      for (let i = 0; i < length; i++) id += alphabet[Math.floor(rand() * alphabet.length)];
      expect(hintWords(id), id).toEqual(reference(id));
    }
  });
});
