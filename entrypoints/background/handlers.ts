/**
 * One handler per request of the protocol (lib/messaging/protocol.ts). Each one only translates: the work is
 * done by the engine (lib/engine, over the queue in lib/queue), the stores and the page/intent modules. Inputs arrive parsed by the router.
 */
import { assertKey } from '@/lib/api/errors';
import { targetOfKey } from '@/lib/cache/keys';
import type { BulkStartOptions } from '@/lib/engine/bulk-job';
import { keyHint } from '@/lib/keystore';
import type { HistoryEntry } from '@/lib/model/lookup';
import type { Handlers, SenderInfo } from '@/lib/messaging/router';
import { HandledError } from '@/lib/errors/handled-error';
import { classifySelection } from '@/lib/selection/classify';
import { applySettingsImport } from '@/lib/settings-transfer/apply';
import { broadcast } from './broadcast';
import { createContactHandlers } from './contacts';
import { createHubHandlers } from './hub';
import { setIntent, takeIntent } from './intents';
import { countryForTyping } from './your-country';
import { readPage, scanTab } from './pages';
import { stagedUploads } from './staging';
import { createKeyedOrder } from '@/lib/async/keyed-order';
import type { Services } from './services';

/** Switches between the real engine and demo mode's (./demo.ts); resolves with the services now in use. */
export type SwitchMode = (demo: boolean) => Promise<Services>;

export function createHandlers(services: () => Promise<Services>, switchMode: SwitchMode): Handlers<SenderInfo> {
  const engine = async () => (await services()).engine;

  async function requireKey() {
    assertKey(await (await services()).keystore.get());
  }

  /** One start per upload at a time: a double submit (or two panels) waits, then finds the upload gone. */
  const perUpload = createKeyedOrder<string>();

  /** A staged upload becomes a job read page by page; the staged data is removed once the job exists. */
  function startStaged(stagedId: string, options: BulkStartOptions) {
    return perUpload(stagedId, () => startStagedNow(stagedId, options));
  }

  async function startStagedNow(stagedId: string, options: BulkStartOptions) {
    const staging = stagedUploads();
    const meta = await staging.meta(stagedId);
    if (meta.count === 0) throw new HandledError({ kind: 'invalid_message', message: 'The staged upload has no entries to look up.' });
    const job = await (await engine()).bulk.startPaged({ pages: staging.pages(stagedId), duplicates: meta.duplicates }, meta.requiredFields, options);
    await staging.discard(stagedId);
    return job;
  }

  return {
    ...createContactHandlers(services),
    ...createHubHandlers(services, switchMode),
    'contact/enrich': async (input) => (await engine()).lookups.contactEnrich(input),
    'contact/similar': async (input) => (await engine()).lookups.contactSimilar(input),
    'contact/search': async (input) => (await engine()).lookups.contactSearch(input),
    'company/enrich': async (input) => (await engine()).lookups.companyEnrich(input),
    'lookups/cancel': async (input) => (await engine()).lookups.cancelGroup(input.group),
    'lookups/cancel-waiting': async () => (await engine()).cancelWaitingLookups(),
    'company/similar': async (input) => (await engine()).lookups.companySimilar(input),
    'email/verify': async (input) => (await engine()).lookups.emailVerify(input),

    'bulk/start': async (input) => {
      await requireKey();
      const options: BulkStartOptions = { ...(input.quotedCredits !== undefined ? { quotedCredits: input.quotedCredits } : {}), ...(input.fresh ? { fresh: true } : {}) };
      if (input.stagedId === undefined) return (await engine()).bulk.start(input.entries ?? [], input.requiredFields, options);
      return startStaged(input.stagedId, options);
    },
    // Staged uploads: a job too big for one message (./staging.ts).
    'bulk/stage-open': async (input) => stagedUploads().open(input.requiredFields),
    // Priced as they are staged (the preview then reads no entry again).
    'bulk/stage-append': async (input) => {
      const e = await engine();
      return stagedUploads().append(input.stagedId, input.entries, { cache: e.cache, saved: e.savedContacts, team: e.teamBook });
    },
    'bulk/stage-preview': async (input) => {
      const e = await engine();
      return stagedUploads().preview(input.stagedId, { cache: e.cache, ledger: e.ledger, saved: e.savedContacts, team: e.teamBook }, { fresh: input.fresh ?? false, recount: input.recount ?? false });
    },
    'bulk/stage-discard': async (input) => {
      await stagedUploads().discard(input.stagedId);
      return { ok: true as const };
    },
    'bulk/get': async (input) => (await engine()).bulk.get(input.jobId),
    'bulk/rows': async (input) => (await engine()).bulk.rows(input.jobId, input.offset, input.limit),
    'bulk/cancel': async (input) => (await engine()).bulk.cancel(input.jobId),
    'bulk/retry': async (input) => {
      await requireKey();
      const { jobId, ...opts } = input;
      return (await engine()).bulk.retry(jobId, opts);
    },
    'bulk/list': async () => (await engine()).bulk.list(),

    'queue/state': async () => (await engine()).queue.state(),
    'credits/summary': async () => (await engine()).ledger.summary(),
    'credits/estimate': async (input) => (await engine()).estimate(input),

    'page/get': async (input) => (input.scan ? scanTab(input.tabId, input.full === true) : readPage(input.tabId)),
    'panel/intent': async (input) => takeIntent(input.tabId),
    // pageui: the popup's lookup box.
    'panel/lookup': async (input) => {
      await setIntent(input.tabId, { kind: 'lookup', meaning: input.meaning, at: Date.now() });
      return { ok: true as const };
    },
    'selection/classify': async (input) => ({ meanings: classifySelection(input.text, { defaultCountry: await countryForTyping() }) }),

    'history/list': async (input) => {
      const now = Date.now();
      const entries = await (await engine()).cache.store.list({ limit: input.limit ?? 100, ...(input.query ? { query: input.query } : {}) });
      return entries
        .filter((e) => e.expiresAt > now)
        .map((e): HistoryEntry => ({ key: e.key, endpoint: e.endpoint, label: e.label, found: e.found, fetchedAt: e.fetchedAt, expiresAt: e.expiresAt }));
    },
    'history/open': async (input) => {
      const e = await engine();
      const answer = await e.cache.read(input.key);
      if (!answer) return null;
      const entry = await e.cache.peek(input.key);
      return {
        key: input.key,
        endpoint: entry?.endpoint ?? '',
        label: entry?.label ?? '',
        found: answer.found,
        ...(answer.found ? { result: answer.value } : { errorText: answer.errorText ?? 'No match found.' }),
        provenance: answer.provenance,
        target: targetOfKey(input.key),
      };
    },
    'history/delete': async (input) => {
      await (await engine()).cache.store.delete(input.key);
      broadcast({ type: 'event/cache' });
      return { ok: true as const };
    },
    'cache/stats': async () => (await engine()).cache.store.stats(),
    'cache/clear': async () => {
      await (await engine()).cache.store.clear();
      broadcast({ type: 'event/cache' });
      return { ok: true as const };
    },

    'settings/get': async () => {
      const s = await services();
      const key = await s.keystore.get();
      return { settings: await s.settings.get(), key: { present: Boolean(key), hint: keyHint(key), rejectedAt: await s.keyRejection.at() } };
    },
    'settings/update': async (input) => {
      const s = await services();
      const next = await s.settings.update(input);
      broadcast({ type: 'event/settings' });
      return next;
    },
    'settings/import': async (input) => {
      const next = await applySettingsImport(await services(), input);
      broadcast({ type: 'event/settings' });
      return next;
    },
    'demo/state': async () => ({ on: (await services()).demo }),
    'demo/start': async () => ({ on: (await switchMode(true)).demo }),
    'demo/stop': async () => ({ on: (await switchMode(false)).demo }),
    'key/set': async (input) => {
      // A real key ends demo mode: it is saved in the real key store and used by the real engine, whose stores the
      // demo never touched.
      if ((await services()).demo) await switchMode(false);
      const s = await services();
      await s.keystore.set(input.key);
      await s.keyRejection.forget();
      broadcast({ type: 'event/settings' });
      return { ok: true as const };
    },
    'key/clear': async () => {
      const s = await services();
      await s.keystore.clear();
      await s.keyRejection.forget();
      broadcast({ type: 'event/settings' });
      return { ok: true as const };
    },
    'key/test': async (input) => {
      const s = await services();
      const answer = await s.engine.lookups.checkKey(input.key);
      // A test of the saved key settles what the options page says about it.
      if (input.key === undefined) await (answer.valid ? s.keyRejection.forget() : s.keyRejection.note());
      return answer;
    },
  };
}
