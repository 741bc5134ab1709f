import { describe, expect, it } from 'vitest';
import { parseCliArgs, parseRateLimit } from '@/sandbox/cli';

describe('sandbox CLI', () => {
  it('parses every option', () => {
    expect(
      parseCliArgs(['--port', '9000', '--db', '/tmp/x.db', '--seed', '3', '--companies', '100000', '--contacts', '500', '--rate-limit', '5/10', '--realtime-delay-ms', '0', '--hostile', '--wire-names=spec']),
    ).toEqual({
      port: 9000,
      host: undefined,
      dbPath: '/tmp/x.db',
      seed: 3,
      companies: 100_000,
      contacts: 500,
      rateLimit: { max: 5, windowMs: 10_000 },
      realtimeDelayMs: 0,
      hostile: true,
      quiet: false,
      wireNames: 'spec',
    });
  });

  it("answers with the real service's field names unless told --wire-names=spec", () => {
    expect(parseCliArgs([]).wireNames).toBeUndefined();
    expect(parseCliArgs(['--wire-names', 'real']).wireNames).toBe('real');
    expect(() => parseCliArgs(['--wire-names=pnet'])).toThrow(/--wire-names wants real or spec/);
  });

  it('defaults to port 8787', () => {
    expect(parseCliArgs([]).port).toBe(8787);
  });

  it.each([
    ['200/60', { max: 200, windowMs: 60_000 }],
    ['3/0.5', { max: 3, windowMs: 500 }],
    [' 10/1 ', { max: 10, windowMs: 1000 }],
  ])('--rate-limit %s', (text, expected) => {
    expect(parseRateLimit(text)).toEqual(expected);
  });

  it.each([['200'], ['0/60'], ['a/b'], ['200/0'], ['-1/60']])('rejects --rate-limit %s', (text) => {
    expect(() => parseRateLimit(text)).toThrow(/rate-limit/);
  });

  it.each([[['--port', 'abc']], [['--companies', '-5']], [['--unknown']]])('rejects %o', (argv) => {
    expect(() => parseCliArgs(argv)).toThrow();
  });
});
