/**
 * Who is asking and over what: the client's address (for the sign-in rate limit), whether the request came over
 * TLS, and the failed-attempt limiter. Behind a TLS-terminating proxy (`--trust-proxy`), the proxy's
 * `X-Forwarded-Proto` and the last `X-Forwarded-For` hop are believed; without it they are ignored, since any
 * client can send them.
 */
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { sql } from 'kysely';
import type { HubDb } from './db/open';

export interface TransportOptions {
  allowHttp: boolean;
  trustProxy: boolean;
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

function remoteAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export function clientOf(c: Context, opts: TransportOptions): string {
  const direct = remoteAddress(c);
  if (opts.trustProxy) {
    const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    const last = hops[hops.length - 1];
    if (last) return last;
  }
  return direct;
}

/** Plain HTTP is refused from anywhere but this machine, unless allowed or vouched for by a trusted TLS proxy. */
export function transportRefusal(c: Context, opts: TransportOptions): string | null {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if ((incoming?.socket as TLSSocket | undefined)?.encrypted) return null;
  if (opts.trustProxy && c.req.header('x-forwarded-proto') === 'https') return null;
  if (!opts.trustProxy && LOOPBACK.test(remoteAddress(c))) return null;
  if (opts.allowHttp) return null;
  return 'The hub accepts plain HTTP only from this machine: connect over HTTPS (or start the hub behind a TLS proxy with --trust-proxy, or with --allow-http on a trusted network).';
}

/** Failed sign-ins (bad token, bad or used invite) a client may make per window before being refused. */
export const AUTH_FAILURES_MAX = 20;
export const AUTH_WINDOW_MS = 10 * 60_000;

export async function authBlockedFor(db: HubDb, client: string): Promise<number | null> {
  const row = await db
    .selectFrom('auth_attempts')
    .select([
      sql<number>`count(*)::int`.as('n'),
      sql<number | null>`(extract(epoch from (min(at) + make_interval(secs => ${AUTH_WINDOW_MS / 1000}) - clock_timestamp())))::float8`.as('wait_s'),
    ])
    .where('client', '=', client)
    .where('at', '>', sql<Date>`clock_timestamp() - make_interval(secs => ${AUTH_WINDOW_MS / 1000})`)
    .executeTakeFirstOrThrow();
  return row.n >= AUTH_FAILURES_MAX ? Math.max(1, Math.ceil(row.wait_s ?? 1)) : null;
}

export async function recordAuthFailure(db: HubDb, client: string): Promise<void> {
  await db.insertInto('auth_attempts').values({ client }).execute();
  await db.deleteFrom('auth_attempts').where('at', '<', sql<Date>`clock_timestamp() - make_interval(secs => ${(2 * AUTH_WINDOW_MS) / 1000})`).execute();
}
