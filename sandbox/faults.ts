import { z } from 'zod';

/** Body of `POST /_sandbox/faults`: the next `count` API responses matching `paths` fail this way. */
export const FaultSpecSchema = z.strictObject({
  /**
   * `malformed`: a broken body instead of the work (nothing processed, nothing charged). `unreadable`: the work is
   * done and charged as usual, then the 2xx answer's `result` (a bulk answer's `contacts`) is replaced by a string (its
   * JSON): a shape no client reads (a service change the extension does not know yet).
   */
  mode: z.enum(['400', '500', '503', '429', 'malformed', 'unreadable', 'slow']),
  count: z.int().min(1).max(10_000).default(1),
  /** `slow`: added latency before the normal response. */
  delayMs: z.int().min(0).max(600_000).default(3000),
  /** `429` (and `503`): value of the Retry-After header, in seconds. */
  retryAfterSeconds: z.int().min(0).max(86_400).default(1),
  /** Paths the fault applies to (exact, or a prefix ending at `/`); every API path when absent. */
  paths: z.array(z.string().startsWith('/')).optional(),
});
export type FaultSpec = z.output<typeof FaultSpecSchema>;
export type Fault = Omit<FaultSpec, 'count'>;

/** Faults queued for coming API responses, consumed first-in first-out. */
export class FaultQueue {
  private queue: Array<FaultSpec & { remaining: number }> = [];

  add(spec: FaultSpec): void {
    this.queue.push({ ...spec, remaining: spec.count });
  }

  clear(): void {
    this.queue = [];
  }

  pending(): Array<FaultSpec & { remaining: number }> {
    return this.queue.map((f) => ({ ...f }));
  }

  /** The fault for a response on `path`, if any is queued for it (and uses it up). */
  take(path: string): Fault | undefined {
    const index = this.queue.findIndex((f) => !f.paths || f.paths.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`)));
    const fault = this.queue[index];
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining === 0) this.queue.splice(index, 1);
    const { count: _count, remaining: _remaining, ...rest } = fault;
    return rest;
  }
}
