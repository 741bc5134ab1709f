/**
 * The cost preview shown before every paid action: the most it can cost (misses are free), whether the answer
 * will come from the cache (free), and whether today's budget would block it. Words, not just numbers:
 * "1 credit if found · +1 realtime", "Cached 3 days ago · free".
 */
import { estimateCost } from '../api/pricing';
import { COMPANY_REENRICH_WINDOW_DAYS } from '../api/limits';
import { bulkEntryKey, companyEnrichKey, companySimilarKey, contactEnrichKey, contactSimilarKey, emailVerifyKey } from '../cache/keys';
import type { Cache } from '../cache/cache';
import type { CostAction, CostEstimate } from '../messaging/protocol';
import type { Ledger } from './ledger';

const DAY_MS = 86_400_000;

export function plural(n: number, word = 'credit'): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export function agoText(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}

export async function estimateAction(action: CostAction, deps: { cache: Cache; ledger: Ledger; now?: () => number }): Promise<CostEstimate> {
  const now = deps.now ?? Date.now;
  const cachedAt = async (key: string): Promise<number | null> => (await deps.cache.read(key))?.provenance.fetchedAt ?? null;
  const done = async (credits: number, label: string, cached: number | null = null): Promise<CostEstimate> => ({
    credits: cached !== null ? 0 : credits,
    cached: cached !== null,
    ...(cached !== null ? { cachedAt: cached } : {}),
    label: cached !== null ? `Cached ${agoText(now() - cached)} · free` : label,
    blockedByBudget: cached === null && !(await deps.ledger.allows(credits)),
  });

  switch (action.action) {
    case 'contact/enrich': {
      const o = action.options ?? {};
      const credits = estimateCost({ kind: 'enrich', realtime: o.realtime ?? false, waterfall: o.waterfall ?? false });
      const extras = [o.realtime ? '+1 realtime' : '', o.waterfall ? '+1 waterfall' : ''].filter(Boolean);
      const label = [`${plural(1)} if found`, ...extras].join(' · ');
      // Realtime always goes to the service (it is a paid refresh).
      return done(credits, label, o.realtime ? null : await cachedAt(contactEnrichKey(action.lookup, o)));
    }
    case 'contact/similar':
      return done(estimateCost({ kind: 'similarContacts' }), `${plural(1)} if any lookalikes are found`, await cachedAt(contactSimilarKey(action.lookup)));
    case 'company/enrich': {
      const key = companyEnrichKey(action.url);
      const cached = await cachedAt(key);
      if (cached !== null) return done(0, '', cached);
      // The service does not charge again within 30 days (spec); we know when we last paid for it.
      const last = await deps.cache.peek(key);
      if (last?.found && now() - last.fetchedAt < COMPANY_REENRICH_WINDOW_DAYS * DAY_MS) {
        return done(0, `Free · enriched ${agoText(now() - last.fetchedAt)}`);
      }
      return done(estimateCost({ kind: 'company' }), `${plural(1)} if found · free again for 30 days`);
    }
    case 'company/similar': {
      const credits = estimateCost({ kind: 'similarCompanies', size: action.size, revealAll: action.revealAll });
      const label = action.revealAll ? `Up to ${plural(credits)} (1 per company revealed)` : `Up to ${plural(credits)} (1 per 10 companies)`;
      const cached = action.url ? await cachedAt(companySimilarKey(action.url, action.size, action.revealAll)) : null;
      return done(credits, label, cached);
    }
    case 'email/verify':
      return done(estimateCost({ kind: 'emailVerification' }), plural(1), await cachedAt(emailVerifyKey(action.email)));
    case 'contact/search': {
      const credits = estimateCost({ kind: 'prospector', pageSize: action.pageSize });
      return done(credits, `Up to ${plural(credits)} (1 per result)`);
    }
    case 'bulk/enrich': {
      if (!action.entries) {
        const credits = estimateCost({ kind: 'bulkEnrich', inputs: action.count });
        return done(credits, `Up to ${plural(credits)} (1 per enriched record)`);
      }
      const keys = [...new Set(action.entries.map((e) => bulkEntryKey(e, action.requiredFields ?? [])))];
      let cachedCount = 0;
      for (const key of keys) if ((await cachedAt(key)) !== null) cachedCount++;
      const credits = estimateCost({ kind: 'bulkEnrich', inputs: keys.length - cachedCount });
      const parts = [`Up to ${plural(credits)} (1 per enriched record)`];
      if (cachedCount) parts.push(`${cachedCount} cached · free`);
      if (keys.length < action.entries.length) parts.push(`${action.entries.length - keys.length} duplicates skipped`);
      return done(credits, parts.join(' · '));
    }
  }
}
