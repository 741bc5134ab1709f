import { describe, expect, it } from 'vitest';
import { DESCRIBED_KINDS, describeError, errorDetails, formatWait } from '@/lib/errors/catalogue';
import { type ErrorData, ErrorKindSchema } from '@/lib/messaging/protocol';

describe('error catalogue', () => {
  it('describes every kind in the protocol', () => {
    expect([...DESCRIBED_KINDS].sort()).toEqual([...ErrorKindSchema.options].sort());
  });

  it.each(ErrorKindSchema.options)('%s has a title, a message and a severity', (kind) => {
    const d = describeError({ kind, message: 'technical' });
    expect(d.title.length).toBeGreaterThan(3);
    expect(d.message.length).toBeGreaterThan(20);
    expect(['info', 'warning', 'error']).toContain(d.severity);
  });

  it.each<[ErrorData, string, string]>([
    // The recovery each user-facing failure must offer: every failure becomes a message that says what to do.
    [{ kind: 'invalid_key', message: '', status: 401 }, 'open-settings', 'error'],
    [{ kind: 'no_key', message: '' }, 'open-settings', 'warning'],
    [{ kind: 'out_of_credits', message: '', status: 403 }, 'add-credits', 'error'],
    [{ kind: 'plan_required', message: '', status: 403 }, 'upgrade-plan', 'warning'],
    [{ kind: 'rate_limited', message: '', status: 429, retryAfterMs: 12_000 }, 'wait', 'info'],
    [{ kind: 'server', message: '', status: 500 }, 'retry', 'error'],
    [{ kind: 'network', message: '' }, 'retry', 'error'],
    [{ kind: 'timeout', message: '' }, 'retry', 'error'],
    [{ kind: 'bad_response', message: '' }, 'copy-details', 'error'],
    [{ kind: 'budget_exceeded', message: '' }, 'open-settings', 'warning'],
    // The toolbar button grants the page; the panel can then try again (it cannot ask for a site it cannot see).
    [{ kind: 'permission_needed', message: '' }, 'retry', 'warning'],
  ])('%o offers %s with severity %s', (error, action, severity) => {
    const d = describeError(error);
    expect(d.actions).toContain(action);
    expect(d.severity).toBe(severity);
  });

  it('rate limiting says when it resumes and is not a failure', () => {
    const d = describeError({ kind: 'rate_limited', message: '', retryAfterMs: 12_000 });
    expect(d.retryInMs).toBe(12_000);
    expect(d.message).toContain('12 s');
    expect(d.severity).toBe('info');
  });

  it('a not-scannable page has no recovery button but says what to do', () => {
    const d = describeError({ kind: 'not_scannable', message: '' });
    expect(d.actions).toEqual([]);
    expect(d.message).toMatch(/normal web page/);
  });

  it.each([
    [500, '1 s'],
    [12_000, '12 s'],
    [89_000, '89 s'],
    [120_000, '2 min'],
  ])('formatWait(%i) = %s', (ms, text) => {
    expect(formatWait(ms)).toBe(text);
  });

  it('copyable details carry status and request id', () => {
    const text = errorDetails({ kind: 'server', message: 'boom', status: 502, requestId: 'req-1', detail: 'body' });
    expect(text).toContain('status: 502');
    expect(text).toContain('request id: req-1');
    expect(text).toContain('detail: body');
  });
});
