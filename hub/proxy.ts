/**
 * Proxy mode: the hub holds the team's API key and forwards members' API calls to the enrichment service, in the
 * service's own interface (a member's hub token goes in `X-API-Key`, where the key went). On the way: the team book
 * answers an enrich it already bought (free), budgets are checked and the cost reserved, the shared rate limiter
 * gives a place under the key's limit; on the way back: the charge is recorded and a bought contact is written to
 * the book with its aliases (single and bulk enrich), so a teammate asking by another identifier gets it free.
 */
import { BulkEnrichBodySchema } from '../lib/api/requests';
import { askBook, bookAnswer, writeBook } from './book';
import type { BulkBatches } from './bulk-batches';
import { proxyBulk } from './bulk-proxy';
import type { HubDb } from './db/open';
import { answerIdentities, enrichOptionsOf, identitiesOf, lookupOfQuery } from './identity';
import { acquireSlot, releaseSlot } from './limiter';
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
import type { KeySealer } from './key-sealer';
import type { Member } from './teams';
import { audit } from './audit';

export type { ProxyAnswer } from './proxy-answers';

export interface ProxyRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  contentType: string | null;
  body: ArrayBuffer | null;
  /** Aborted when the member stops waiting: a request still queued for the rate limit is then never sent. */
  signal?: AbortSignal;
}

interface BodyInfo {
  inputs?: number;
  pageSize?: number;
  /** The body's fields as the service reads them (a bulk body's JSON-encoded arrays still as text). */
  fields?: Record<string, unknown>;
}

const parseField = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

/** What a POST body says (bulk inputs, a search's page size), read the way the service reads it. */
async function bodyInfo(req: ProxyRequest): Promise<BodyInfo> {
  if (!req.body) return {};
  try {
    const ct = req.contentType ?? '';
    let fields: Record<string, unknown>;
    if (ct.includes('application/json')) fields = JSON.parse(new TextDecoder().decode(req.body)) as Record<string, unknown>;
    else fields = Object.fromEntries(await new Response(req.body, { headers: { 'content-type': ct } }).formData());
    const list = parseField(fields.query_list);
    const pageSize = Number(fields.page_size);
    return {
      inputs: Array.isArray(list) ? list.length : undefined,
      pageSize: Number.isFinite(pageSize) && pageSize > 0 ? pageSize : undefined,
      fields,
    };
  } catch {
    return {};
  }
}

export interface ProxyConfig {
  /** Longest a request waits for a place under the rate limit before the hub answers 429 itself. */
  maxQueueMs: number;
  /** Longest the hub waits for the service's answer; after that the outcome is unknown (and counted as charged). */
  upstreamTimeoutMs: number;
  sealer: KeySealer;
  fetch: typeof fetch;
  /** This process's bulk requests gathered across members (./bulk-batches.ts). */
  bulkBatches: BulkBatches;
}

export async function proxy(db: HubDb, member: Member, req: ProxyRequest, config: ProxyConfig): Promise<ProxyAnswer> {
  const team = await db.selectFrom('teams').select(['api_key', 'upstream_url', 'rate_max', 'rate_window_ms']).where('id', '=', member.teamId).executeTakeFirstOrThrow();
  if (!team.api_key || !team.upstream_url) {
    return jsonAnswer(409, { errorCode: 'proxy_off', errorText: 'This team does not use the hub as a proxy: use your own API key, or ask a team admin to turn proxy mode on.' });
  }
  let apiKey: string;
  try {
    apiKey = config.sealer.open(team.api_key);
  } catch (e) {
    return jsonAnswer(502, { errorCode: 'server_error', errorText: e instanceof Error ? e.message : String(e) });
  }
  const rate = { max: team.rate_max, windowMs: team.rate_window_ms };
  const info = await bodyInfo(req);
  const priced = priceRequest(req.method, req.path, req.query, info);
  if (!priced) return jsonAnswer(404, { errorText: `The hub does not forward ${req.method} ${req.path}.` });

  // A bulk body the hub can read is gathered with teammates' (one upstream request); any other goes alone, as sent.
  if (req.method === 'POST' && req.path === '/v1/bulk-enrich') {
    const bulk = BulkEnrichBodySchema.safeParse(info.fields);
    if (bulk.success) return proxyBulk(db, member, { url: team.upstream_url, apiKey, rate }, bulk.data, req.signal, config);
  }

  // An enrich the team already bought, with the same options, is answered from the book for free.
  const lookup = req.path === '/v1/enrich' ? lookupOfQuery(req.query) : null;
  const options = enrichOptionsOf(req.query);
  if (lookup && req.query.get('realtime') !== 'true') {
    for (const hit of await askBook(db, member.teamId, identitiesOf(lookup))) {
      if (hit.options !== options) continue;
      const stored = await bookAnswer(db, member.teamId, hit.entryId);
      if (!stored) continue;
      await recordFree(db, member, 'enrich:book');
      return jsonAnswer(
        200,
        { result: stored.answer },
        { 'x-hub-book': 'hit', 'x-hub-bought-by': encodeURIComponent(hit.boughtBy.name), 'x-hub-bought-at': hit.firstBoughtAt.toISOString() },
      );
    }
  }

  const reserved = await reserve(db, member, priced.action, priced.maxCost);
  if ('refused' in reserved) return budgetRefusedAnswer(reserved.refused);

  const place = await acquireSlot(db, member.teamId, rate, config.maxQueueMs, req.signal);
  if ('retryAfterMs' in place) {
    await settle(db, reserved.usageId, 0, null);
    return rateLimitedAnswer(rate, place.retryAfterMs);
  }

  let response: Response;
  let bytes: ArrayBuffer;
  try {
    const url = `${team.upstream_url.replace(/\/+$/, '')}${req.path}${req.query.size ? `?${req.query}` : ''}`;
    const headers: Record<string, string> = { 'x-api-key': apiKey, accept: 'application/json' };
    if (req.contentType) headers['content-type'] = req.contentType;
    response = await config.fetch(url, { method: req.method, headers, body: req.body ?? undefined, signal: AbortSignal.timeout(config.upstreamTimeoutMs) });
    bytes = await response.arrayBuffer();
  } catch (e) {
    await releaseSlot(db, place.slot);
    if (e instanceof Error && e.name === 'TimeoutError') {
      // The request reached the service (or may have): it may have charged. Counted at its most possible cost.
      await settleUnknown(db, reserved.usageId);
      await audit(db, member.teamId, member.id, 'purchase.unknown', { usageId: reserved.usageId, action: priced.action, creditsCounted: priced.maxCost, reason: 'timeout' });
      return upstreamTimeoutAnswer(config.upstreamTimeoutMs, priced.maxCost);
    }
    await settle(db, reserved.usageId, 0, null);
    return unreachableAnswer(e instanceof Error ? e.message : String(e));
  }
  await releaseSlot(db, place.slot);

  let parsed: unknown = null;
  const contentType = response.headers.get('content-type') ?? 'application/octet-stream';
  if (contentType.includes('json')) {
    try {
      parsed = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      parsed = null;
    }
  }
  const credits = priced.costOf(response.status, parsed);
  if (response.status === 401) {
    await settle(db, reserved.usageId, credits, response.status);
    return teamKeyRefusedAnswer();
  }
  const headers: Record<string, string> = {};
  // The service has answered (and charged): whatever the hub's own bookkeeping meets from here on, the member gets
  // what the team paid for. A failed settle leaves the reservation pending (later counted as `unknown`, at its most
  // possible cost); a failed book write only means a teammate will not get this person free.
  try {
    await settle(db, reserved.usageId, credits, response.status);
    if (credits > 0) await audit(db, member.teamId, member.id, 'purchase', { action: priced.action, credits, status: response.status });
    if (lookup && response.ok) {
      const result = (parsed as { result?: unknown } | null)?.result;
      await writeBook(db, member, {
        writeId: `proxy:${reserved.usageId}`,
        identities: [...identitiesOf(lookup), ...answerIdentities(result, { waterfall: req.query.get('waterfall') === 'true' })],
        answer: result ?? null,
        options,
        boughtAt: new Date(),
        credits,
      });
    }
  } catch (e) {
    console.error(`hub: the answer to ${priced.action} (usage ${reserved.usageId}) was delivered but not recorded: ${e instanceof Error ? e.message : String(e)}`);
    headers['x-hub-book'] = 'not-saved';
  }
  return serviceAnswer(response.status, contentType, bytes, apiKey, response.headers.get('retry-after'), headers);
}
