// Background → content script messages, read by the content script without zod: only ours, only these shapes.
import { describe, expect, it } from 'vitest';
import { readBackgroundToContent } from '@/lib/messaging/protocol';

const background = { id: 'own' };

describe('readBackgroundToContent', () => {
  it.each<[string, unknown, unknown]>([
    ['a ping', { type: 'to-content/ping' }, { type: 'to-content/ping' }],
    ['a rescan (the current result)', { type: 'to-content/rescan' }, { type: 'to-content/rescan' }],
    ['the Rescan button (a new full pass)', { type: 'to-content/rescan', full: true }, { type: 'to-content/rescan', full: true }],
    ['full as anything but true', { type: 'to-content/rescan', full: 'yes' }, null],
    ['full on a ping', { type: 'to-content/ping', full: true }, null],
    ['another field', { type: 'to-content/rescan', url: 'https://evil.example' }, null],
    ['another type', { type: 'content/scan' }, null],
  ])('%s', (_what, message, expected) => {
    expect(readBackgroundToContent(message, background, 'own')).toEqual(expected);
  });

  it('refuses the same message from a tab (another content script) or another extension', () => {
    expect(readBackgroundToContent({ type: 'to-content/rescan' }, { id: 'own', tab: { id: 3 } }, 'own')).toBeNull();
    expect(readBackgroundToContent({ type: 'to-content/rescan' }, { id: 'other' }, 'own')).toBeNull();
  });
});
