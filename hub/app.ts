/**
 * The hub's HTTP interface. `/hub/*` is the hub's own API (members, book, lists, admin); `/v1/*` and `/v2/*` are the
 * enrichment service's interface, forwarded in proxy mode. Every answer that is an error says what happened and
 * what to do, in the service's error shape `{ errorCode?, errorText }`.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { auditLog, audit } from './audit';
import { askBook, bookAnswer, bookAnswers, writeBook } from './book';
import type { HubDb } from './db/open';
import { authBlockedFor, clientOf, recordAuthFailure, transportRefusal, type TransportOptions } from './guard';
import { identitiesOf, LookupSchema } from './identity';
import { addToList, createList, listItems, listOf, removeFromList, setListShared, visibleLists } from './lists';
import { proxy, type ProxyConfig } from './proxy';
import { spendByMember, spentSoFar, usageCsv, usageRows } from './spend';
import { createInvite, listMembers, memberOfToken, openInvites, redeemInvite, revokeMember, teamSettings, withdrawInvite, type Member } from './teams';
import { revokeToken } from './tokens';

export interface AppOptions extends TransportOptions, ProxyConfig {}

type Env = { Variables: { member: Member } };

const error = (c: Context, status: 400 | 401 | 403 | 404 | 409 | 429, errorText: string, errorCode?: string) =>
  c.json(errorCode ? { errorCode, errorText } : { errorText }, status);

const Budget = z.number().int().min(0).max(100_000_000).nullable();
const RedeemBody = z.strictObject({ code: z.string().min(8).max(200), name: z.string().trim().min(1).max(100).optional() });
const InviteBody = z.strictObject({ role: z.enum(['admin', 'member']).default('member'), name: z.string().trim().min(1).max(100).optional(), hours: z.number().min(0.01).max(24 * 30).optional() });
const AskBody = z.strictObject({ lookups: z.array(LookupSchema).min(1).max(1000) });
const AnswersBody = z.strictObject({ entryIds: z.array(z.string().min(1).max(100)).min(1).max(1000) });
const WriteBody = z.strictObject({
  writeId: z.string().min(1).max(200),
  lookup: LookupSchema,
  aliases: z.array(LookupSchema).max(100).default([]),
  answer: z.unknown().optional(),
  options: z.string().max(500).default(''),
  boughtAt: z.iso.datetime({ offset: true }),
  credits: z.number().int().min(0).max(100_000),
});
const TeamBody = z.strictObject({
  proxy: z.strictObject({ apiKey: z.string().min(1).max(500), upstreamUrl: z.url({ protocol: /^https?$/ }), rateMax: z.number().int().min(1).max(100_000).optional(), rateWindowMs: z.number().int().min(100).max(3_600_000).optional() }).nullable().optional(),
  dailyBudget: Budget.optional(),
  monthlyBudget: Budget.optional(),
});
const MemberBudgetBody = z.strictObject({ dailyBudget: Budget.optional(), monthlyBudget: Budget.optional() });
const ListBody = z.strictObject({ name: z.string().trim().min(1).max(200), shared: z.boolean() });
const ListItemsBody = z.strictObject({ entryIds: z.array(z.string().max(100)).min(1).max(1000) });
const ListShareBody = z.strictObject({ shared: z.boolean() });
const DAY_MS = 86_400_000;

/** The token a request carries: `Authorization: Bearer <token>`, or `X-API-Key` as the service takes it. */
function tokenOf(c: Context): string | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  return bearer ?? c.req.header('x-api-key');
}

/** The usage routes' period: `from` and `to` as dates (UTC), by default the last 31 days up to the end of today. */
function periodOf(c: Context): { from: Date; to: Date } | null {
  const now = Date.now();
  const from = new Date(c.req.query('from') ?? now - 31 * DAY_MS);
  const to = new Date(c.req.query('to') ?? now + DAY_MS);
  return Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) ? null : { from, to };
}

async function parse<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T> | Response> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    return error(c, 400, 'The body must be JSON.', 'bad_request');
  }
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : error(c, 400, `Invalid request: ${z.prettifyError(parsed.error)}`, 'bad_request');
}

export function buildHubApp(db: HubDb, opts: AppOptions): Hono<Env> {
  const app = new Hono<Env>();

  app.use('*', async (c, next) => {
    const refusal = transportRefusal(c, opts);
    if (refusal) return error(c, 403, refusal, 'https_required');
    await next();
    c.header('cache-control', 'no-store');
  });
  app.use('*', bodyLimit({ maxSize: 8 * 1024 * 1024, onError: (c) => error(c, 400, 'The body is larger than 8 MB.', 'bad_request') }));

  app.get('/hub/health', (c) => c.json({ ok: true }));

  app.post('/hub/invites/redeem', async (c) => {
    const client = clientOf(c, opts);
    const blocked = await authBlockedFor(db, client);
    if (blocked !== null) {
      c.header('retry-after', String(blocked));
      return error(c, 429, `Too many failed sign-ins from this address; try again in ${blocked} s.`, 'rate_limited');
    }
    const body = await parse(c, RedeemBody);
    if (body instanceof Response) return body;
    const redeemed = await redeemInvite(db, body.code, body.name);
    if (!redeemed) {
      await recordAuthFailure(db, client);
      return error(c, 403, 'This invite is unknown, used or expired: ask a team admin for a new one.', 'invalid_invite');
    }
    return c.json({ token: redeemed.token, member: redeemed.member }, 201);
  });

  // Everything below needs a member's token: `Authorization: Bearer <token>`, or `X-API-Key` as the service takes it.
  // A valid token is served at once (one query); only a failure looks at, and adds to, the address's failures, so a
  // guessing client is slowed down to AUTH_FAILURES_MAX guesses per window without costing members a query.
  const authed = async (c: Context<Env>, next: () => Promise<void>) => {
    const token = tokenOf(c);
    const member = token ? await memberOfToken(db, token) : null;
    if (!member) {
      const client = clientOf(c, opts);
      const blocked = await authBlockedFor(db, client);
      if (blocked !== null) {
        c.header('retry-after', String(blocked));
        return error(c, 429, `Too many failed sign-ins from this address; try again in ${blocked} s.`, 'rate_limited');
      }
      await recordAuthFailure(db, client);
      // Its own code, not the service's `invalid_key`: the extension tells "your hub sign-in was revoked" from "the
      // service refused a key" by it (lib/hub-client/refusal.ts).
      return error(c, 401, 'This hub token is unknown or was revoked: sign in to the hub again with a new invite from your team admin.', 'hub_token_refused');
    }
    c.set('member', member);
    await next();
  };
  const adminOnly = async (c: Context<Env>, next: () => Promise<void>) => {
    if (c.get('member').role !== 'admin') return error(c, 403, 'Only a team admin can do this.', 'admin_required');
    await next();
  };
  app.use('/hub/me', authed);
  app.use('/hub/session/*', authed);
  app.use('/hub/usage', authed);
  app.use('/hub/book/*', authed);
  app.use('/hub/book', authed);
  app.use('/hub/lists/*', authed);
  app.use('/hub/lists', authed);
  app.use('/hub/admin/*', authed, adminOnly);
  app.use('/v1/*', authed);
  app.use('/v2/*', authed);

  app.get('/hub/me', async (c) => {
    const m = c.get('member');
    const team = await db.selectFrom('teams').select(['name', 'api_key']).where('id', '=', m.teamId).executeTakeFirstOrThrow();
    return c.json({ member: m, team: { id: m.teamId, name: team.name, proxy: team.api_key !== null } });
  });

  // Signing out: this token stops working at once (the member's other sign-ins stay); the extension calls it when
  // the member leaves the hub, so a token left in a browser is not a standing way in.
  app.post('/hub/session/sign-out', async (c) => {
    const member = c.get('member');
    await revokeToken(db, tokenOf(c) ?? '');
    await audit(db, member.teamId, member.id, 'member.sign_out', {});
    return c.json({ signedOut: true });
  });

  // One's own spend beside one's budgets (and the team's), per day and action: what a member may see of the usage.
  app.get('/hub/usage', async (c) => {
    const period = periodOf(c);
    if (!period) return error(c, 400, 'from and to must be dates (YYYY-MM-DD).', 'bad_request');
    const m = c.get('member');
    const [me, team, spent, rows] = await Promise.all([
      db.selectFrom('members').select(['daily_budget', 'monthly_budget']).where('id', '=', m.id).executeTakeFirstOrThrow(),
      db.selectFrom('teams').select(['daily_budget', 'monthly_budget']).where('id', '=', m.teamId).executeTakeFirstOrThrow(),
      spentSoFar(db, m),
      usageRows(db, m.teamId, period.from, period.to, m.id),
    ]);
    return c.json({
      member: { id: m.id, name: m.name, role: m.role, dailyBudget: me.daily_budget, monthlyBudget: me.monthly_budget, spentToday: spent.member_day, spentMonth: spent.member_month },
      team: { dailyBudget: team.daily_budget, monthlyBudget: team.monthly_budget, spentToday: spent.team_day, spentMonth: spent.team_month },
      rows,
    });
  });

  // The book: ask before buying (GET with one lookup in the query, POST with many), write after buying.
  app.get('/hub/book', async (c) => {
    const lookup = LookupSchema.safeParse(Object.fromEntries(Object.entries(c.req.query()).filter(([, v]) => v !== '')));
    if (!lookup.success) return error(c, 400, `Invalid lookup: ${z.prettifyError(lookup.error)}`, 'bad_request');
    return c.json({ hits: await askBook(db, c.get('member').teamId, identitiesOf(lookup.data)) });
  });
  app.post('/hub/book/ask', async (c) => {
    const body = await parse(c, AskBody);
    if (body instanceof Response) return body;
    const teamId = c.get('member').teamId;
    const answers = await Promise.all(body.lookups.map((l) => askBook(db, teamId, identitiesOf(l))));
    return c.json({ results: answers.map((hits) => ({ hits })) });
  });
  app.post('/hub/book', async (c) => {
    const body = await parse(c, WriteBody);
    if (body instanceof Response) return body;
    const member = c.get('member');
    const identities = [...new Set([body.lookup, ...body.aliases].flatMap(identitiesOf))];
    const result = await writeBook(db, member, {
      writeId: body.writeId,
      identities,
      answer: body.answer,
      options: body.options,
      boughtAt: new Date(body.boughtAt),
      credits: body.credits,
    });
    if (!result.replayed) await audit(db, member.teamId, member.id, 'book.write', { entryId: result.entryId, credits: body.credits });
    return c.json(result, result.replayed ? 200 : 201);
  });
  // Many entries' answers at once (a bulk job filling the rows a teammate bought): null for an entry of another team.
  app.post('/hub/book/answers', async (c) => {
    const body = await parse(c, AnswersBody);
    if (body instanceof Response) return body;
    const stored = await bookAnswers(db, c.get('member').teamId, body.entryIds);
    return c.json({ answers: body.entryIds.map((id) => stored.get(id) ?? null) });
  });
  app.get('/hub/book/:id', async (c) => {
    const stored = await bookAnswer(db, c.get('member').teamId, c.req.param('id'));
    return stored ? c.json(stored) : error(c, 404, 'No such entry in your team book.');
  });

  app.get('/hub/lists', async (c) => c.json({ lists: await visibleLists(db, c.get('member')) }));
  app.post('/hub/lists', async (c) => {
    const body = await parse(c, ListBody);
    if (body instanceof Response) return body;
    return c.json(await createList(db, c.get('member'), body.name, body.shared), 201);
  });
  app.post('/hub/lists/:id/items', async (c) => {
    const body = await parse(c, ListItemsBody);
    if (body instanceof Response) return body;
    const added = await addToList(db, c.get('member'), c.req.param('id'), body.entryIds);
    return added === null ? error(c, 404, 'No such list in your team.') : c.json({ added });
  });
  app.get('/hub/lists/:id/items', async (c) => {
    const items = await listItems(db, c.get('member'), c.req.param('id'));
    const list = items === null ? null : await listOf(db, c.get('member'), c.req.param('id'));
    return items === null || list === null ? error(c, 404, 'No such list in your team.') : c.json({ list, items });
  });
  app.put('/hub/lists/:id/shared', async (c) => {
    const body = await parse(c, ListShareBody);
    if (body instanceof Response) return body;
    const done = await setListShared(db, c.get('member'), c.req.param('id'), body.shared);
    return done ? c.json(done) : error(c, 404, 'No such list of yours: only the member who made a list can share it.');
  });
  app.delete('/hub/lists/:id/items/:entryId', async (c) => {
    const outcome = await removeFromList(db, c.get('member'), c.req.param('id'), c.req.param('entryId'));
    if (outcome === 'no_list') return error(c, 404, 'No such list in your team: it may have been made private by its maker. Reload the lists.', 'list_not_found');
    if (outcome === 'not_allowed') return error(c, 403, 'Only the member who made this list or a team admin can remove people from it: ask one of them.', 'list_owner_required');
    if (outcome === 'not_in_list') return error(c, 404, 'This person is not on the list (someone removed them already): reload the list.', 'list_item_not_found');
    return c.json({ removed: true });
  });

  // Admin.
  app.post('/hub/admin/invites', async (c) => {
    const body = await parse(c, InviteBody);
    if (body instanceof Response) return body;
    const admin = c.get('member');
    const invite = await createInvite(db, { teamId: admin.teamId, role: body.role, name: body.name ?? null, createdBy: admin.id, hours: body.hours });
    return c.json(invite, 201);
  });
  app.get('/hub/admin/invites', async (c) => c.json({ invites: await openInvites(db, c.get('member').teamId) }));
  app.delete('/hub/admin/invites/:id', async (c) =>
    (await withdrawInvite(db, c.get('member'), c.req.param('id')))
      ? c.json({ withdrawn: true })
      : error(c, 404, 'This invite can no longer be withdrawn: it was used, has expired or was withdrawn already. Reload the invites.', 'invite_not_open'),
  );
  app.get('/hub/admin/members', async (c) => c.json({ members: await listMembers(db, c.get('member').teamId) }));
  app.post('/hub/admin/members/:id/revoke', async (c) => {
    const outcome = await revokeMember(db, c.get('member'), c.req.param('id'));
    if (outcome === 'self') return error(c, 409, 'You cannot revoke yourself: ask another team admin to, or leave the hub instead.', 'cannot_revoke_self');
    if (outcome === 'last_admin') return error(c, 409, 'This is the team’s last admin: make another member an admin first (invite one with the admin role).', 'last_admin');
    return outcome === 'revoked' ? c.json({ revoked: true }) : error(c, 404, 'No such active member in your team.');
  });
  app.put('/hub/admin/members/:id/budget', async (c) => {
    const body = await parse(c, MemberBudgetBody);
    if (body instanceof Response) return body;
    const admin = c.get('member');
    const done = await db
      .updateTable('members')
      .set({ ...(body.dailyBudget !== undefined ? { daily_budget: body.dailyBudget } : {}), ...(body.monthlyBudget !== undefined ? { monthly_budget: body.monthlyBudget } : {}) })
      .where('id', '=', c.req.param('id'))
      .where('team_id', '=', admin.teamId)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) return error(c, 404, 'No such member in your team.');
    await audit(db, admin.teamId, admin.id, 'member.budget', { memberId: c.req.param('id'), ...body });
    return c.json({ ok: true });
  });
  app.get('/hub/admin/team', async (c) => c.json(await teamSettings(db, opts.sealer, c.get('member').teamId)));
  app.put('/hub/admin/team', async (c) => {
    const body = await parse(c, TeamBody);
    if (body instanceof Response) return body;
    const admin = c.get('member');
    if (body.proxy && !opts.sealer.canSeal) return error(c, 409, 'This hub cannot store the key safely: it runs on a Postgres server without HUB_KEY_SECRET. Set HUB_KEY_SECRET to the same 32 random bytes on every hub process (`openssl rand -base64 32`), restart, and enter the key again.', 'key_secret_missing');
    await db
      .updateTable('teams')
      .set({
        ...(body.proxy === null ? { api_key: null, upstream_url: null } : {}),
        ...(body.proxy
          ? { api_key: opts.sealer.seal(body.proxy.apiKey), upstream_url: body.proxy.upstreamUrl, ...(body.proxy.rateMax ? { rate_max: body.proxy.rateMax } : {}), ...(body.proxy.rateWindowMs ? { rate_window_ms: body.proxy.rateWindowMs } : {}) }
          : {}),
        ...(body.dailyBudget !== undefined ? { daily_budget: body.dailyBudget } : {}),
        ...(body.monthlyBudget !== undefined ? { monthly_budget: body.monthlyBudget } : {}),
      })
      .where('id', '=', admin.teamId)
      .execute();
    // The key itself never goes into the audit log (nor into any answer).
    await audit(db, admin.teamId, admin.id, 'team.settings', {
      proxy: body.proxy === undefined ? 'unchanged' : body.proxy === null ? 'off' : { upstreamUrl: body.proxy.upstreamUrl, rateMax: body.proxy.rateMax, rateWindowMs: body.proxy.rateWindowMs },
      dailyBudget: body.dailyBudget,
      monthlyBudget: body.monthlyBudget,
    });
    return c.json({ ok: true });
  });
  app.get('/hub/admin/usage.csv', async (c) => {
    const period = periodOf(c);
    if (!period) return error(c, 400, 'from and to must be dates (YYYY-MM-DD).', 'bad_request');
    c.header('content-type', 'text/csv; charset=utf-8');
    c.header('content-disposition', 'attachment; filename="hub-usage.csv"');
    return c.body(await usageCsv(db, c.get('member').teamId, period.from, period.to));
  });
  // The same usage as JSON for the options page, with every member's budgets and spend today and this month.
  app.get('/hub/admin/usage', async (c) => {
    const period = periodOf(c);
    if (!period) return error(c, 400, 'from and to must be dates (YYYY-MM-DD).', 'bad_request');
    const admin = c.get('member');
    const [members, spend, team, spent, rows] = await Promise.all([
      listMembers(db, admin.teamId),
      spendByMember(db, admin.teamId),
      db.selectFrom('teams').select(['daily_budget', 'monthly_budget']).where('id', '=', admin.teamId).executeTakeFirstOrThrow(),
      spentSoFar(db, admin),
      usageRows(db, admin.teamId, period.from, period.to),
    ]);
    const spendOf = new Map(spend.map((s) => [s.memberId, s]));
    return c.json({
      members: members.map((m) => ({
        id: m.id,
        name: m.name,
        role: m.role,
        revoked: m.revoked_at !== null,
        dailyBudget: m.daily_budget,
        monthlyBudget: m.monthly_budget,
        spentToday: spendOf.get(m.id)?.today ?? 0,
        spentMonth: spendOf.get(m.id)?.month ?? 0,
      })),
      team: { dailyBudget: team.daily_budget, monthlyBudget: team.monthly_budget, spentToday: spent.team_day, spentMonth: spent.team_month },
      rows,
    });
  });
  app.get('/hub/admin/audit', async (c) => {
    const limit = Number(c.req.query('limit') ?? 500);
    if (!Number.isInteger(limit) || limit < 1 || limit > 500) return error(c, 400, 'limit must be a whole number from 1 to 500.', 'bad_request');
    return c.json({ entries: await auditLog(db, c.get('member').teamId, limit) });
  });

  // Proxy mode: the service's interface.
  const forward = async (c: Context<Env>) => {
    const url = new URL(c.req.url);
    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    const answer = await proxy(
      db,
      c.get('member'),
      { method: c.req.method, path: url.pathname, query: url.searchParams, contentType: c.req.header('content-type') ?? null, body: hasBody ? await c.req.arrayBuffer() : null, signal: c.req.raw.signal },
      opts,
    );
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  };
  app.all('/v1/*', forward);
  app.all('/v2/*', forward);

  app.notFound((c) => error(c, 404, `No route ${c.req.method} ${new URL(c.req.url).pathname} on this hub.`));
  app.onError((e, c) => {
    console.error('hub error', e);
    return c.json({ errorCode: 'server_error', errorText: 'The hub failed to answer; try again, and tell the hub admin if it keeps failing.' }, 500);
  });
  return app;
}
