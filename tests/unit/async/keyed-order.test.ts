import { describe, expect, it } from 'vitest';
import { createKeyedOrder } from '@/lib/async/keyed-order';

/** A step that records when it starts and ends, and finishes only when released. */
function gatedStep(log: string[], name: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const step = async () => {
    log.push(`${name} start`);
    await gate;
    log.push(`${name} end`);
    return name;
  };
  return { step, release };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createKeyedOrder', () => {
  it('runs the steps of one key one after another, in the order asked', async () => {
    const inOrder = createKeyedOrder<string>();
    const log: string[] = [];
    const a = gatedStep(log, 'a');
    const b = gatedStep(log, 'b');
    const ra = inOrder('job', a.step);
    const rb = inOrder('job', b.step);
    await flush();
    expect(log).toEqual(['a start']); // b waits for a
    b.release(); // releasing b first changes nothing: it has not started
    await flush();
    expect(log).toEqual(['a start']);
    a.release();
    expect(await Promise.all([ra, rb])).toEqual(['a', 'b']);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end']);
  });

  it('lets steps of different keys overlap', async () => {
    const inOrder = createKeyedOrder<number>();
    const log: string[] = [];
    const a = gatedStep(log, 'a');
    const b = gatedStep(log, 'b');
    const ra = inOrder(1, a.step);
    const rb = inOrder(2, b.step);
    await flush();
    expect(log).toEqual(['a start', 'b start']);
    b.release();
    expect(await rb).toBe('b');
    a.release();
    expect(await ra).toBe('a');
  });

  it('a failing step rejects its own caller only; the next step still runs', async () => {
    const inOrder = createKeyedOrder<string>();
    const failed = inOrder('job', async () => {
      throw new Error('disk full');
    });
    const next = inOrder('job', async () => 'ran');
    await expect(failed).rejects.toThrow('disk full');
    expect(await next).toBe('ran');
  });

  it('forgets a key once its last step has settled', async () => {
    const inOrder = createKeyedOrder<string>();
    const log: string[] = [];
    const a = gatedStep(log, 'a');
    const done = inOrder('job', a.step);
    void inOrder('other', async () => undefined).catch(() => undefined);
    expect(inOrder.busyKeys()).toBe(2);
    a.release();
    await done;
    await flush();
    expect(inOrder.busyKeys()).toBe(0);
  });
});
