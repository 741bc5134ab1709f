import { describe, expect, it } from 'vitest';
import { FaultQueue, FaultSpecSchema } from '@/sandbox/faults';

const spec = (input: unknown) => FaultSpecSchema.parse(input);

describe('fault queue', () => {
  it('serves faults first-in first-out and uses them up', () => {
    const queue = new FaultQueue();
    queue.add(spec({ mode: '500', count: 2 }));
    queue.add(spec({ mode: 'malformed', count: 1 }));
    expect(['/v1/enrich', '/v1/company', '/v1/enrich', '/v1/enrich'].map((p) => queue.take(p)?.mode)).toEqual(['500', '500', 'malformed', undefined]);
  });

  it.each([
    [['/v1/enrich'], '/v1/enrich', true],
    [['/v1/enrich'], '/v1/enrichment', false],
    [['/v1/enrich'], '/v1/company', false],
    [['/v2/'], '/v2/similar-companies', true],
    [['/v1/company', '/v1/enrich'], '/v1/company', true],
  ])('paths %o match %s: %s', (paths, path, matches) => {
    const queue = new FaultQueue();
    queue.add(spec({ mode: '503', count: 1, paths }));
    expect(queue.take(path) !== undefined).toBe(matches);
  });

  it('skips faults for other paths without consuming them', () => {
    const queue = new FaultQueue();
    queue.add(spec({ mode: '429', count: 1, paths: ['/v1/company'] }));
    queue.add(spec({ mode: 'slow', count: 1, delayMs: 10 }));
    expect(queue.take('/v1/enrich')?.mode).toBe('slow');
    expect(queue.take('/v1/company')?.mode).toBe('429');
    expect(queue.pending()).toEqual([]);
  });

  it('clears', () => {
    const queue = new FaultQueue();
    queue.add(spec({ mode: '500', count: 5 }));
    queue.clear();
    expect(queue.take('/v1/enrich')).toBeUndefined();
  });

  it.each([
    [{ mode: 'boom', count: 1 }],
    [{ mode: '500', count: 0 }],
    [{ mode: '500', count: 1, paths: ['v1/enrich'] }],
    [{ mode: '500', count: 1, extra: true }],
  ])('rejects %o', (input) => {
    expect(FaultSpecSchema.safeParse(input).success).toBe(false);
  });

  it('fills defaults', () => {
    expect(spec({ mode: 'slow' })).toEqual({ mode: 'slow', count: 1, delayMs: 3000, retryAfterSeconds: 1 });
  });
});
