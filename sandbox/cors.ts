import type { Context, Next } from 'hono';

/*
 * CORS for the API routes, with the same headers as `hono/cors` given origin '*', these allowed headers and these
 * exposed headers. Hono's middleware sets its headers on `c.res` BEFORE the handler runs; the handler's response
 * then replaces that placeholder, and Hono rebuilds it as `new Response(res.body, res)`: reading `.body` turns
 * @hono/node-server's lightweight string response into a web stream (a 3 MB bulk answer was encoded to bytes,
 * then streamed back out chunk by chunk: about 10 ms of the event loop per 1,000-record request). Setting the
 * headers AFTER the handler, on the response it returned, keeps the string body on node-server's direct path.
 */

const ALLOW_METHODS = 'GET,HEAD,PUT,POST,DELETE,PATCH,QUERY';

export function apiCors(opts: { allowHeaders: readonly string[]; exposeHeaders: readonly string[] }) {
  const allowHeaders = opts.allowHeaders.join(',');
  const exposeHeaders = opts.exposeHeaders.join(',');
  return async function cors(c: Context, next: Next): Promise<Response | void> {
    if (c.req.method === 'OPTIONS') {
      // The preflight answer exactly as hono/cors gives it (its header order included).
      const headers = new Headers();
      headers.set('Access-Control-Allow-Origin', '*');
      headers.set('Access-Control-Expose-Headers', exposeHeaders);
      headers.set('Access-Control-Allow-Methods', ALLOW_METHODS);
      headers.set('Access-Control-Allow-Headers', allowHeaders);
      headers.append('Vary', 'Access-Control-Request-Headers');
      return new Response(null, { headers, status: 204, statusText: 'No Content' });
    }
    await next();
    // Whatever answered (handler, error handler, not-found, a middleware's early return) gets the headers, as with
    // hono/cors, whose placeholder headers overrode the handler's own of the same name.
    const headers = c.res.headers;
    headers.set('Access-Control-Allow-Origin', '*');
    headers.set('Access-Control-Expose-Headers', exposeHeaders);
  };
}
