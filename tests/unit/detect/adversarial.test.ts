import { describe, expect, it } from 'vitest';
import { entitiesOfHtml, entitiesOfText, NONE } from './helpers';

const KB100 = 100 * 1024;

// The adversarial corpus. No timing assertions: each must simply finish with the right
// answer (a backtracking pattern would not finish on these in any reasonable time).
describe('adversarial text', () => {
  it.each<[string, string, Partial<typeof NONE>]>([
    ['100 KB of a.a.a…', 'a.'.repeat(KB100 / 2), NONE],
    ['100 KB of aaaa…', 'a'.repeat(KB100), NONE],
    ['x@aaaa…! (a domain that never ends)', `x@${'a'.repeat(KB100)}!`, NONE],
    ['x@aaaa….com (a domain that is too long)', `x@${'a'.repeat(KB100)}.com`, NONE],
    ['aaaa…@acme.com (a local part that is too long)', `${'a'.repeat(KB100)}@acme.com`, NONE],
    ['a@a@a@…', 'a@'.repeat(KB100 / 2), NONE],
    ['a@a.co@a.co@…', 'a@a.co'.repeat(KB100 / 6), NONE],
    ['long digit run', '9'.repeat(KB100), NONE],
    ['long digit run after a plus', `+${'1'.repeat(KB100)}`, NONE],
    ['plus-digit pairs', '+1'.repeat(KB100 / 2), NONE],
    ['at-markers without addresses', '[at](at){at}'.repeat(KB100 / 12), NONE],
    ['dot-markers after an at', `a [at] ${'b [dot] '.repeat(KB100 / 8)}`, NONE],
    ['network hosts without paths', 'linkedin.com/'.repeat(KB100 / 13), NONE],
    ['a URL that never ends', `https://${'x'.repeat(KB100)}@acme.com`, NONE],
    [
      'real entities around 100 KB of junk',
      `start jane@acme.com ${'a@'.repeat(KB100 / 2)} +44 20 7946 0958 end`,
      { emails: ['jane@acme.com'], phones: ['+442079460958'], domains: ['acme.com'] },
    ],
  ])('%s', (_why, text, expected) => {
    expect(entitiesOfText(text)).toEqual({ ...NONE, ...expected });
  });

  it('a 10 MB single text node', () => {
    const big = `${'lorem ipsum '.repeat(420_000)}jane@acme.com ${'a@a@a@ '.repeat(720_000)}+1 415 555 0142`;
    expect(big.length).toBeGreaterThan(10_000_000);
    const found = entitiesOfHtml(`<pre>${big}</pre>`);
    expect(found.emails).toEqual(['jane@acme.com']);
    expect(found.phones).toEqual(['+14155550142']);
  });

  it('nested inline elements', () => {
    const open = '<span>'.repeat(100);
    const close = '</span>'.repeat(100);
    expect(entitiesOfHtml(`<p>${open}jane${close}@acme.com</p>`).emails).toEqual(['jane@acme.com']);
  });

  it('absurdly nested inline elements: the walk to the neighbour gives up, and invents nothing', () => {
    const open = '<span>'.repeat(3000);
    const close = '</span>'.repeat(3000);
    expect(entitiesOfHtml(`<p>${open}jane${close}@acme.com</p>`).emails).toEqual([]);
  });

  it('thousands of tiny inline pieces (too long to be a local part)', () => {
    const pieces = Array.from({ length: 5000 }, () => '<b>a</b>').join('');
    expect(entitiesOfHtml(`<p>${pieces}@acme.com</p>`).emails).toEqual([]);
  });
});
