/**
 * Builds the background's services once per worker life: settings, key store, and the engine (limiter, queue,
 * cache, ledger, lookups, bulk jobs) over the browser's stores. Listeners are registered synchronously in
 * index.ts and await `services()` so no event is missed while IndexedDB opens.
 */
import { browser } from 'wxt/browser';
import { createIdbCacheStore } from '@/lib/cache/idb-store';
import { createIdbCompanyWindowStore } from '@/lib/credits/company-window-idb';
import { createStorageLedgerStore, ownedLedgerValue } from '@/lib/credits/store';
import { createIdbKeptAnswerStore } from '@/lib/engine/unreadable-idb';
import { createIdbApiAddressStore, createIdbKeyStore, createMemoryKeyStore, type KeyStore } from '@/lib/keystore';
import type { BulkJob } from '@/lib/model/state';
import { createIdbBulkStore } from '@/lib/engine/bulk-idb';
import { createEngine, type Engine } from '@/lib/engine/engine';
import { createOffscreenPaidRequests, offscreenAvailable } from '../offscreen/paid-requests';
import { savedContactsFrom } from '@/lib/contacts';
import { contactBookIndex, onPaidAnswer, useContactBook } from './contacts';
import { DEMO_BASE_URL, DEMO_KEY, DEMO_STORES, demoFetch } from './demo';
import { createKeyRejection } from './key-rejection';
import { teamBook } from './hub';
import { DEFAULT_LIMITER_CONFIG } from '@/lib/queue/limiter';
import { loadLimiter } from '@/lib/queue/limiter-store';
import { createSessionTaskStore } from '@/lib/queue/task-store';
import { createSettingsStore, ownedSettingsValue, type SettingsStore } from '@/lib/settings/store';

export interface Services {
  settings: SettingsStore;
  keystore: KeyStore;
  engine: Engine;
  /** When the service last refused the saved key (shown by the options page). */
  keyRejection: ReturnType<typeof createKeyRejection>;
  /** Demo mode (./demo.ts): the engine answers from the sandbox inside the extension, over stores of its own. */
  demo: boolean;
}

export async function createServices(hooks: { onBulk: (job: BulkJob) => void; onCredits: () => void }, demo = false): Promise<Services> {
  // Our session data (page states, intents, queued tasks, the limiter log) is for trusted contexts only.
  await browser.storage.session.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' }).catch(() => undefined);
  // The settings and the ledger in the background's IndexedDB: content scripts cannot write them on any browser.
  const settings = createSettingsStore(createIdbApiAddressStore(), ownedSettingsValue());
  // Demo mode: the demo key in memory and the demo's own stores; the real key and stores are not opened.
  const keystore = demo ? createMemoryKeyStore(DEMO_KEY) : createIdbKeyStore();
  useContactBook(demo ? DEMO_STORES.contacts : undefined);
  // Signed in to a team hub: a person a teammate bought is free, and what this member buys goes to the team (./hub.ts).
  const team = demo ? null : teamBook(keystore);
  const engine = createEngine({
    limiter: await loadLimiter(DEFAULT_LIMITER_CONFIG),
    taskStore: demo ? createSessionTaskStore(DEMO_STORES.tasks) : createSessionTaskStore(),
    cacheStore: demo ? createIdbCacheStore(DEMO_STORES.cache) : createIdbCacheStore(),
    companyWindowStore: demo ? createIdbCompanyWindowStore(DEMO_STORES.companyWindows) : createIdbCompanyWindowStore(),
    bulkStore: demo ? createIdbBulkStore(DEMO_STORES.bulk) : createIdbBulkStore(),
    ledgerStore: createStorageLedgerStore(ownedLedgerValue(demo ? DEMO_STORES.ledger : undefined)),
    keystore,
    settings: demo ? async () => ({ ...(await settings.get()), apiBaseUrl: DEMO_BASE_URL }) : () => settings.get(),
    ...(demo ? { fetch: demoFetch } : {}),
    onBulk: hooks.onBulk,
    onCredits: hooks.onCredits,
    // Every answer the user paid for is kept in the contact book, apart from the cache's freshness rules. Once it is
    // stored, open pages ask their prices again (the credits event, throttled): a bulk row's answer can be stored after
    // its charge was booked, and a price asked in between would still read "1 credit" for a person now cached.
    // Signed in to a team hub, the purchase also goes to the team's book (a failed write never breaks the answer).
    onPaidAnswer: async (answer) => {
      try {
        await Promise.all([onPaidAnswer(answer), team?.onPaidAnswer(answer).catch((error: unknown) => console.warn('In-Page Enrich: team book write not kept', error))]);
      } finally {
        hooks.onCredits();
      }
    },
    // A bulk row the user bought before is filled from the contact book, free (never charged twice for one person).
    savedContacts: savedContactsFrom(contactBookIndex),
    ...(team ? { teamBook: team.open } : {}),
    // Chrome: paid bulk chunks run in the offscreen document, so a stopped worker loses no paid answer
    // (docs/reliability.md). Firefox's event page is not stopped that way and sends directly.
    // Demo answers come from the demo service (./demo.ts), which keeps its own ledger: no paid answer to carry.
    ...(offscreenAvailable() && !demo ? { paidRequests: createOffscreenPaidRequests() } : {}),
    // A paid answer this version cannot read is kept and read again after an update (lib/engine/unreadable.ts).
    keptAnswerStore: demo ? createIdbKeptAnswerStore(DEMO_STORES.keptAnswers) : createIdbKeptAnswerStore(),
    version: browser.runtime.getManifest().version,
  });
  await engine.start();
  // Purchases a stopped worker or a hub that was down left in the outbox go now.
  void team?.outbox.sync(true);
  return { settings, keystore, engine, keyRejection: createKeyRejection(keystore), demo };
}
