import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_BYTES, requests } from '@/lib/messaging/protocol';
import { classifySender, createRouter, type Handlers, type SenderInfo } from '@/lib/messaging/router';
import { HandledError } from '@/lib/errors/handled-error';
import { toErrorData } from '@/lib/errors/to-error-data';

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const ORIGIN = `chrome-extension://${ID}/`;
const page: SenderInfo = { id: ID, url: `${ORIGIN}sidepanel.html` };
const content: SenderInfo = { id: ID, url: 'https://example.com/team', tab: { id: 7 }, frameId: 0 };

describe('classifySender', () => {
  it.each<[string, SenderInfo, string]>([
    ['our side panel', page, 'extension-page'],
    ['our content script on a site', content, 'content-script'],
    ['another extension', { id: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz', url: 'chrome-extension://zzzz/x.html' }, 'foreign'],
    ['no id at all (a page through some bridge)', { url: 'https://evil.example/' }, 'foreign'],
    ['our id but a look-alike origin prefix', { id: ID, url: `chrome-extension://${ID}.evil/` }, 'foreign'],
    ['our id, no URL, no tab', { id: ID }, 'foreign'],
    // The demo pages carry the scanner: they report scans like a site's content script and may ask for nothing else.
    ['our demo page in a tab', { id: ID, url: `${ORIGIN}demo/team.html`, tab: { id: 9 }, frameId: 0 }, 'content-script'],
    ['our demo page without a tab', { id: ID, url: `${ORIGIN}demo/team.html` }, 'foreign'],
  ])('%s → %s', (_why, sender, kind) => {
    expect(classifySender(sender, ID, ORIGIN)).toBe(kind);
  });
});

describe('router', () => {
  const calls: string[] = [];
  const handlers = new Proxy({} as Handlers<SenderInfo>, {
    get: (_t, type: string) => async (input: unknown) => {
      calls.push(type);
      if (type === 'cache/clear') throw new HandledError({ kind: 'budget_exceeded', message: 'no' });
      if (type === 'cache/stats') throw new Error('boom with secret-key-123');
      return type === 'queue/state' ? { pending: 0, running: 0, windowLeft: 198, windowLimit: 198, pausedUntil: null, etaMs: 0 } : input;
    },
  });
  const contentSeen: unknown[] = [];
  const route = createRouter<SenderInfo>({
    ownId: ID,
    ownOrigin: ORIGIN,
    handlers,
    context: (s) => s,
    toErrorData,
    onContent: async (message) => {
      contentSeen.push(message);
      return { ok: true };
    },
  });

  it.each<[string, unknown]>([
    ['settings/get', { type: 'settings/get', input: {} }],
    ['key/test', { type: 'key/test', input: {} }],
    ['key/set', { type: 'key/set', input: { key: 'attacker' } }],
    ['contact/enrich', { type: 'contact/enrich', input: { lookup: { email: 'a@b.com' } } }],
    ['a scan with an extra field', { type: 'content/scan', scan: {}, scanId: 'x', complete: true, fetch: 'https://evil' }],
  ])('refuses %s from a content script, and never reaches a handler', async (_name, message) => {
    calls.length = 0;
    expect(await route(message, content)).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(calls).toEqual([]);
  });

  // Every request type there is (new ones such as settings/import included), with an input valid from a page.
  it.each(Object.keys(requests))('refuses %s from a content script, whatever its input', async (type) => {
    calls.length = 0;
    const reply = await route({ type, input: {} }, content);
    expect(reply).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(calls).toEqual([]);
  });

  it('refuses content/open-panel from a content script: no content script sends it, so it is no longer accepted', async () => {
    expect(await route({ type: 'content/open-panel' }, content)).toMatchObject({ ok: false });
    expect(contentSeen).not.toContainEqual({ type: 'content/open-panel' });
  });

  it('refuses messages from other extensions', async () => {
    expect(await route({ type: 'queue/state', input: {} }, { id: 'other' })).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
  });

  // A request the schemas accept (1,100 entries of 2,000 characters each: within bulk/start's limits) but over the
  // 2 MB limit: only the size check can refuse it, so this fails if the check is gone.
  it('refuses a well-formed request over the size limit before any handler runs', async () => {
    calls.length = 0;
    const entries = Array.from({ length: 1100 }, (_, i) => ({ field_type: 'email', value: `${'x'.repeat(1990)}${i}@a.com` }));
    const huge = { type: 'bulk/start', input: { entries } };
    expect(JSON.stringify(huge).length).toBeGreaterThan(MAX_MESSAGE_BYTES);
    expect(await route(huge, page)).toMatchObject({ ok: false, error: { kind: 'invalid_message', message: expect.stringMatching(/too large/) } });
    expect(calls).toEqual([]);
    // The same shape under the limit does reach the handler.
    expect(await route({ type: 'bulk/start', input: { entries: entries.slice(0, 10) } }, page)).toMatchObject({ ok: true });
    expect(calls).toEqual(['bulk/start']);
  });

  it.each<[string, unknown]>([
    ['an unknown type', { type: 'key/read', input: {} }],
    ['extra keys in the input (strict)', { type: 'queue/state', input: { extra: 1 } }],
    ['a javascript: profile URL', { type: 'contact/enrich', input: { lookup: { social_profile: 'javascript:alert(1)' } } }],
    ['a lookup with nothing to look up', { type: 'contact/enrich', input: { lookup: { first_name: 'Jane' } } }],
  ])('rejects %s from an extension page as invalid', async (_name, message) => {
    expect(await route(message, page)).toMatchObject({ ok: false, error: { kind: 'invalid_message' } });
  });

  it('answers a valid request and turns thrown errors into data', async () => {
    expect(await route({ type: 'queue/state', input: {} }, page)).toMatchObject({ ok: true, data: { windowLimit: 198 } });
    expect(await route({ type: 'cache/clear', input: {} }, page)).toEqual({ ok: false, error: { kind: 'budget_exceeded', message: 'no' } });
    const internal = (await route({ type: 'cache/stats', input: {} }, page)) as { ok: false; error: { kind: string; message: string } };
    expect(internal.error.kind).toBe('internal');
    expect(internal.error.message).not.toContain('secret');
  });
});
