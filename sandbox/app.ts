import { Hono, type Context, type Next } from 'hono';
import { REQUEST_ID_HEADER } from '../lib/api/decisions';
import { buildOpenApiDocument } from '../lib/api/openapi';
import { writeWireNames } from '../lib/api/wire-names';
import { BadRequest, errorResponse } from './errors';
import { guardAdmin } from './admin-guard';
import { apiCors } from './cors';
import { limitAndReadBody } from './body';
import type { Fault } from './faults';
import { maskKey } from './request-log';
import { registerAdmin } from './routes/admin';
import { registerBulk } from './routes/bulk';
import type { AppEnv } from './routes/common';
import { delay } from './routes/common';
import { registerCompany } from './routes/company';
import { registerDemo } from './routes/demo';
import { registerEnrich } from './routes/enrich';
import { registerProspector } from './routes/prospector';
import { registerSimilar } from './routes/similar';
import { registerVerification } from './routes/verification';
import type { SandboxState } from './state';

const API_PATHS = ['/v1/*', '/v2/*'];

/**
 * Order of checks on an API request: log → queued fault → key (401) → rate limit (429) → body size (413) →
 * validation (400) → credits (403) → lookup (404/200). Authentication before validation lets a parameterless
 * GET /v1/enrich check a key for free (400 = valid key, 401 = invalid); authentication before the body is read
 * means a request without a key costs the sandbox nothing, whatever it sends.
 */
export function buildApp(state: SandboxState): Hono {
  const app = new Hono();
  const api = new Hono<AppEnv>();

  for (const path of API_PATHS) {
    api.use(path, apiCors({ allowHeaders: ['X-API-Key', 'Content-Type'], exposeHeaders: ['Retry-After', REQUEST_ID_HEADER] }));
    // Every answer names its request (docs/api-decisions.md D6): an error the user reports can quote it.
    api.use(path, async (c, next) => {
      await next();
      // Set on the response whoever made it (a route's c.json, or a middleware's own Response for a 401 or 429).
      c.res.headers.set(REQUEST_ID_HEADER, crypto.randomUUID());
    });
    api.use(path, (c, next) => spellWireNames(state, c, next));
    api.use(path, (c, next) => logRequest(state, c, next));
    api.use(path, (c, next) => applyFault(state, c, next));
    api.use(path, async (c, next) => {
      const account = state.accounts.resolve(c.req.header('X-API-Key'));
      if (!account) return errorResponse(c, 'invalid_key', 'The API key is missing or invalid. Send it in the X-API-Key header.');
      const verdict = state.limiter.hit(account.key);
      if (!verdict.allowed) return tooManyRequests(c, state.limiter.describe(), Math.ceil(verdict.retryAfterMs / 1000));
      c.set('account', account);
      await next();
    });
    api.use(
      path,
      limitAndReadBody((c, excerpt, bytes) => {
        c.set('bodyExcerpt', excerpt);
        c.set('bodyBytes', bytes);
      }),
    );
  }
  registerEnrich(api, state);
  registerBulk(api, state);
  registerCompany(api, state);
  registerSimilar(api, state);
  registerVerification(api, state);
  registerProspector(api, state);
  app.route('/', api);

  app.use('/_sandbox/*', guardAdmin);
  app.use(
    '/_sandbox/*',
    limitAndReadBody(() => undefined),
  );
  registerAdmin(app, state);
  registerDemo(app, state);
  app.get('/openapi.json', (c) => c.json(buildOpenApiDocument()));
  app.get('/', (c) =>
    c.json({
      service: 'In-Page Enrich sandbox of the enrichment API',
      keys: ['test-standard', 'test-enterprise', 'test-empty'],
      links: ['/openapi.json', '/demo/', '/_sandbox/samples', '/_sandbox/info', '/_sandbox/requests', '/_sandbox/faults', '/_sandbox/ledger?key=test-standard'],
    }),
  );

  app.onError((err, c) => {
    if (err instanceof BadRequest) return errorResponse(c, 'bad_request', err.message);
    if (!state.options.quiet) console.error(err);
    return errorResponse(c, 'server_error', `The sandbox failed: ${err.message}`);
  });
  return app;
}

/** The spec's 429: a small HTML page titled `429 Too Many Requests` stating the limit, plus Retry-After. */
export function tooManyRequests(c: Context, limit: string, retryAfterSeconds: number): Response {
  c.header('Retry-After', String(retryAfterSeconds));
  return c.html(
    `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>429 Too Many Requests</title></head>\n` +
      `<body>\n<h1>Too Many Requests</h1>\n<p>${limit}</p>\n</body>\n</html>\n`,
    429,
  );
}

/**
 * The stored documents spell the professional network's fields as the spec does (`pnet_url`); the real service sends
 * its real name (`linkedin_url`). Every JSON answer is written in the spelling the sandbox was started with.
 */
async function spellWireNames(state: SandboxState, c: Context<AppEnv>, next: Next): Promise<void> {
  await next();
  if (state.options.wireNames === 'spec' || !c.res.headers.get('content-type')?.includes('application/json')) return;
  let body: unknown;
  try {
    body = JSON.parse(await c.res.clone().text()) as unknown;
  } catch {
    return; // a deliberately broken answer (the `malformed` fault) goes out as it is
  }
  const headers = new Headers(c.res.headers);
  headers.delete('content-length');
  c.res = new Response(JSON.stringify(writeWireNames(body, state.options.wireNames)), { status: c.res.status, headers });
}

async function logRequest(state: SandboxState, c: Context<AppEnv>, next: Next): Promise<void> {
  const started = Date.now();
  await next();
  const body = c.get('bodyExcerpt');
  const bodyBytes = c.get('bodyBytes');
  state.requests.add({
    time: new Date(started).toISOString(),
    method: c.req.method,
    path: c.req.path,
    query: c.req.query(),
    key: maskKey(c.req.header('X-API-Key')),
    status: c.res.status,
    ...(body === undefined ? {} : { body, bodyBytes }),
    durationMs: Date.now() - started,
    ...(c.get('fault') ? { fault: c.get('fault') } : {}),
  });
}

async function applyFault(state: SandboxState, c: Context<AppEnv>, next: Next): Promise<Response | void> {
  if (c.req.method === 'OPTIONS') return next();
  const fault: Fault | undefined = state.faults.take(c.req.path);
  if (!fault) return next();
  c.set('fault', fault.mode);
  switch (fault.mode) {
    case 'slow':
      await delay(fault.delayMs);
      return next();
    case '400':
      // A request the service refuses to read: the extension validates what it sends, so only a fault gets here.
      return errorResponse(c, 'bad_request', 'Injected fault: the request was not in a form the service accepts.', 400);
    case '500':
      return errorResponse(c, 'server_error', 'Injected fault: internal server error.', 500);
    case '503':
      c.header('Retry-After', String(fault.retryAfterSeconds));
      return errorResponse(c, 'server_error', 'Injected fault: service unavailable.', 503);
    case '429':
      return tooManyRequests(c, state.limiter.describe(), fault.retryAfterSeconds);
    case 'malformed':
      return c.body('{"result": {"_id": "truncated', 200, { 'Content-Type': 'application/json' });
    case 'unreadable': {
      await next();
      if (c.res.status < 200 || c.res.status >= 300) return;
      const answer = (await c.res.json()) as Record<string, unknown>;
      // A bulk answer has no `result`: its `contacts` list is what turns unreadable (the count it charged stays).
      const field = Array.isArray(answer.contacts) ? 'contacts' : 'result';
      c.res = new Response(JSON.stringify({ ...answer, [field]: JSON.stringify(answer[field] ?? null) }), {
        status: c.res.status,
        headers: c.res.headers,
      });
      return;
    }
  }
}
