/**
 * Proxy mode's bulk enrich, one member's side. Entries the team book answers (same required fields) are answered
 * from it, free; the rest is reserved against the member's budgets and joins the request gathered across members
 * (./bulk-batches.ts). The member's share of the answer comes back in their order as if sent alone, charged to them
 * for the people their entries bought, and written to the book under their name. A teammate's purchase in the same
 * gathered request answers an entry free; such entries, and book answers, carry `hub_book: { bought_by, bought_at }`
 * (docs/hub.md, "Bulk requests gathered across members").
 */
import type { BulkEnrichBody } from '../lib/api/requests';
import { bookOptions } from '../lib/hub-client/book-options';
import { HUB_BOOK_FIELD } from '../lib/hub-client/purchase';
import { audit } from './audit';
import { askBook, bookAnswers, writeBook } from './book';
import type { BulkBatches, BulkOutcome } from './bulk-batches';
import type { HubDb } from './db/open';
import { answerIdentities, identityOfBulkQuery } from './identity';
import type { RateLimit } from './limiter';
import { priceRequest } from './pricing';
import {
  budgetRefusedAnswer,
  jsonAnswer,
  rateLimitedAnswer,
  serviceAnswer,
  teamKeyRefusedAnswer,
  unreachableAnswer,
  upstreamTimeoutAnswer,
  type ProxyAnswer,
} from './proxy-answers';
import { recordFree, reserve, settle, settleUnknown } from './spend';
import type { Member } from './teams';

export interface BulkProxyConfig {
  maxQueueMs: number;
  upstreamTimeoutMs: number;
  fetch: typeof fetch;
  bulkBatches: BulkBatches;
}

export interface TeamUpstream {
  url: string;
  apiKey: string;
  rate: RateLimit;
}

/** Who bought an entry answered free: a teammate (or an earlier entry) in the same request, or the book. */
interface FreeMark {
  bought_by: string;
  bought_at: string;
}

interface Row {
  value: string;
  contact: unknown;
  free?: FreeMark;
}

export async function proxyBulk(db: HubDb, member: Member, team: TeamUpstream, body: BulkEnrichBody, signal: AbortSignal | undefined, config: BulkProxyConfig): Promise<ProxyAnswer> {
  const requiredFields = [...new Set(body.required_fields.map((r) => r.field_type))].sort();
  const options = bookOptions({ required: requiredFields });
  const entries = body.query_list.map((query) => ({ query, identity: identityOfBulkQuery(query) }));
  const rows: Row[] = entries.map((e) => ({ value: e.query.value, contact: null }));

  const known = await knownInBook(db, member.teamId, entries.map((e) => e.identity), options);
  const toBuy: Array<(typeof entries)[number] & { row: number }> = [];
  entries.forEach((e, row) => {
    const hit = known.get(e.identity);
    if (hit) rows[row] = { value: e.query.value, contact: hit.answer, free: { bought_by: hit.boughtBy, bought_at: hit.boughtAt.toISOString() } };
    else toBuy.push({ ...e, row });
  });
  if (toBuy.length === 0) {
    await recordFree(db, member, 'bulk-enrich:book');
    return rowsAnswer(rows);
  }

  const priced = priceRequest('POST', '/v1/bulk-enrich', new URLSearchParams(), { inputs: toBuy.length });
  if (!priced) throw new Error('bulk enrich has no price');
  const reserved = await reserve(db, member, priced.action, priced.maxCost);
  if ('refused' in reserved) return budgetRefusedAnswer(reserved.refused);

  const outcome = await config.bulkBatches.submit(
    `${member.teamId}|${requiredFields.join(',')}`,
    {
      db,
      teamId: member.teamId,
      url: team.url,
      apiKey: team.apiKey,
      requiredFields,
      limit: team.rate,
      maxQueueMs: config.maxQueueMs,
      timeoutMs: config.upstreamTimeoutMs,
      fetch: config.fetch,
    },
    { buyer: { id: member.id, name: member.name }, entries: toBuy, signal },
  );
  if (outcome.kind !== 'answered') return failedPart(db, member, reserved.usageId, priced.maxCost, outcome, team, config);

  const bought = outcome.entries.filter((e) => e.self && e.contact !== null).length;
  const credits = priced.costOf(outcome.status, { records_enriched: bought });
  const now = new Date();
  outcome.entries.forEach((e, k) => {
    const { row } = toBuy[k] as { row: number };
    rows[row] = {
      value: (rows[row] as Row).value,
      contact: e.contact,
      ...(!e.self && e.contact !== null ? { free: { bought_by: e.buyer.name, bought_at: now.toISOString() } } : {}),
    };
  });
  const headers: Record<string, string> = {};
  // The service has answered (and charged): the member gets what the team paid for whatever the bookkeeping meets.
  try {
    await settle(db, reserved.usageId, credits, outcome.status);
    if (credits > 0) await audit(db, member.teamId, member.id, 'purchase', { action: priced.action, credits, status: outcome.status, gathered: outcome.sent });
    for (const [k, e] of outcome.entries.entries()) {
      if (!e.self || e.contact === null) continue;
      const entry = toBuy[k] as (typeof toBuy)[number];
      await writeBook(db, member, {
        writeId: `proxy:${reserved.usageId}:${entry.row}`,
        identities: [entry.identity, ...answerIdentities(e.contact)],
        answer: e.contact,
        options,
        boughtAt: now,
        credits: priced.costOf(outcome.status, { records_enriched: 1 }),
      });
    }
  } catch (e) {
    console.error(`hub: the answer to bulk-enrich (usage ${reserved.usageId}) was delivered but not recorded: ${e instanceof Error ? e.message : String(e)}`);
    headers['x-hub-book'] = 'not-saved';
  }
  return rowsAnswer(rows, headers);
}

/** The member's answer in the service's bulk shape, their entries in their order. */
function rowsAnswer(rows: Row[], headers: Record<string, string> = {}): ProxyAnswer {
  return jsonAnswer(
    200,
    {
      contacts: rows.map((r) => ({ enriched_contact: r.contact, value: r.value, ...(r.free ? { [HUB_BOOK_FIELD]: r.free } : {}) })),
      records_enriched: rows.filter((r) => r.contact !== null).length,
    },
    headers,
  );
}

/** The gathered request did not give a readable answer: this member's part ends as the whole did, in the same words. */
async function failedPart(
  db: HubDb,
  member: Member,
  usageId: string,
  maxCost: number,
  outcome: Exclude<BulkOutcome, { kind: 'answered' }>,
  team: TeamUpstream,
  config: BulkProxyConfig,
): Promise<ProxyAnswer> {
  switch (outcome.kind) {
    case 'left':
    case 'rate_limited':
      await settle(db, usageId, 0, null);
      return rateLimitedAnswer(team.rate, outcome.kind === 'rate_limited' ? outcome.retryAfterMs : 0);
    case 'unreachable':
      await settle(db, usageId, 0, null);
      return unreachableAnswer(outcome.message);
    case 'timeout':
      // The request reached the service (or may have): it may have charged. Counted at its most possible cost.
      await settleUnknown(db, usageId);
      await audit(db, member.teamId, member.id, 'purchase.unknown', { usageId, action: 'bulk-enrich', creditsCounted: maxCost, reason: 'timeout' });
      return upstreamTimeoutAnswer(config.upstreamTimeoutMs, maxCost);
    case 'service': {
      if (outcome.status >= 200 && outcome.status < 300) {
        // A success that cannot be split by entry: the service charged something for it, how much is unknown.
        await settleUnknown(db, usageId);
        await audit(db, member.teamId, member.id, 'purchase.unknown', { usageId, action: 'bulk-enrich', creditsCounted: maxCost, reason: 'unreadable' });
      } else {
        await settle(db, usageId, 0, outcome.status);
      }
      if (outcome.status === 401) return teamKeyRefusedAnswer();
      return serviceAnswer(outcome.status, outcome.contentType, outcome.bytes, team.apiKey, outcome.retryAfter);
    }
  }
}

/** The answers the team book holds for these identities with the same answer-changing options, by identity. */
async function knownInBook(db: HubDb, teamId: string, identities: string[], options: string): Promise<Map<string, { answer: unknown; boughtBy: string; boughtAt: Date }>> {
  const hits = (await askBook(db, teamId, [...new Set(identities)])).filter((h) => h.options === options);
  const answers = await bookAnswers(db, teamId, hits.map((h) => h.entryId));
  const known = new Map<string, { answer: unknown; boughtBy: string; boughtAt: Date }>();
  for (const hit of hits) {
    const stored = answers.get(hit.entryId);
    if (!stored) continue;
    for (const identity of hit.matched) known.set(identity, { answer: stored.answer, boughtBy: hit.boughtBy.name, boughtAt: hit.firstBoughtAt });
  }
  return known;
}
