/**
 * Extension pages accept broadcasts only from the background. A content script's
 * `runtime.sendMessage` reaches every extension page, so without the sender check a page on tab A could paint
 * forged findings into the panel of tab B, arm a lookup of its choosing, or fake the credits line.
 * (tests/e2e/security.spec.ts forges the same events from a real content script against the real panel.)
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { onBackgroundEvent } from '@/lib/messaging/extension';
import type { Event } from '@/lib/messaging/protocol';
import { isBackgroundSender, type SenderInfo } from '@/lib/messaging/router';

const ownId = fakeBrowser.runtime.id;
const ownOrigin = fakeBrowser.runtime.getURL('/');

const credits: Event = {
  type: 'event/credits',
  credits: { today: 99_999, month: 99_999, byAction: {}, dailyBudget: 100, budgetLeft: 0 },
};
const page: Event = {
  type: 'event/page',
  page: {
    tabId: 2,
    url: 'https://victim.example/',
    title: 'forged',
    entities: {
      url: 'https://victim.example/',
      title: 'forged',
      emails: ['attacker@evil.example'],
      phones: [],
      profiles: [],
      companyProfiles: [],
      domains: [],
      faxes: [],
      phoneCountry: null,
      people: [],
      companies: [],
    },
    scannedAt: 1,
    complete: true,
  },
};
const intent: Event = {
  type: 'event/intent',
  tabId: 2,
  intent: { kind: 'lookup', meaning: { kind: 'email', email: 'attacker@evil.example' }, at: 1 },
};

const SENDERS: [string, SenderInfo, boolean][] = [
  ['the background service worker', { id: ownId, url: `${ownOrigin}background.js` }, true],
  ['a Firefox background page', { id: ownId, url: `${ownOrigin}_generated_background_page.html` }, true],
  ['a content script on tab A', { id: ownId, url: 'https://evil.example/', tab: { id: 1 }, frameId: 0 }, false],
  ['a content script in an iframe', { id: ownId, url: 'https://ads.example/frame', tab: { id: 1 }, frameId: 7 }, false],
  ['a content script on a page whose URL mimics ours', { id: ownId, url: `https://evil.example/${ownOrigin}`, tab: { id: 1 } }, false],
  ['another extension', { id: 'someone-else', url: 'chrome-extension://someone-else/background.js' }, false],
  ['another extension with our URL as its page', { id: 'someone-else', url: `${ownOrigin}background.js` }, false],
  ['an extension page of ours open in a tab', { id: ownId, url: `${ownOrigin}sidepanel.html`, tab: { id: 3 } }, false],
  ['a sender without any stamp', {}, false],
];

describe('isBackgroundSender', () => {
  it.each(SENDERS)('%s → %s', (_who, sender, expected) => {
    expect(isBackgroundSender(sender, ownId, ownOrigin)).toBe(expected);
  });
});

describe('onBackgroundEvent ignores events not sent by the background', () => {
  beforeEach(() => fakeBrowser.reset());

  it.each(SENDERS)('%s: delivered %s', async (_who, sender, delivered) => {
    const seen: Event[] = [];
    const stop = onBackgroundEvent((event) => seen.push(event));
    for (const event of [credits, page, intent]) await fakeBrowser.runtime.onMessage.trigger(event, sender as never);
    stop();
    expect(seen).toEqual(delivered ? [credits, page, intent] : []);
  });

  it('after unsubscribing, nothing is delivered', async () => {
    const seen: Event[] = [];
    onBackgroundEvent((event) => seen.push(event))();
    await fakeBrowser.runtime.onMessage.trigger(credits, { id: ownId, url: `${ownOrigin}background.js` } as never);
    expect(seen).toEqual([]);
  });
});
