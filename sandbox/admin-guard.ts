import type { Context, Next } from 'hono';

/*
 * The `/_sandbox/*` routes have no key: they are for tests and the demo on this machine. A web page on another
 * local origin must not drive them (one `no-cors` POST from a page queued 1,000 faults), so:
 * - changing routes (POST, DELETE) need `X-Sandbox-Admin: 1`, a header a simple (no-cors, form) request cannot
 *   carry and that a CORS request can only send after a preflight these routes never approve;
 * - any request a browser marks as coming from another site or origin (`Sec-Fetch-Site`, `Origin`) is refused;
 * - the Host must be a loopback name, so a DNS-rebound name (evil.example → 127.0.0.1) gets nothing either.
 * Reading routes (GET) stay header-free: their answers are not readable cross-origin (no CORS here) and the
 * browser checks above still apply to them.
 */

export const ADMIN_HEADER = 'X-Sandbox-Admin';

/** Headers every caller of a changing admin route sends (`fetch(url, { method: 'POST', headers: { ...SANDBOX_ADMIN_HEADERS } })`). */
export const SANDBOX_ADMIN_HEADERS: Readonly<Record<string, string>> = { [ADMIN_HEADER]: '1' };

const READ_METHODS = new Set(['GET', 'HEAD']);
const BROWSER_SAME_ORIGIN = new Set(['same-origin', 'none']);

/** Why a request to an admin route is refused, or null when it may go on. Pure, for the table tests. */
export function adminRefusal(method: string, headers: { get(name: string): string | null }): string | null {
  const host = headers.get('host') ?? '';
  if (!isLoopbackHost(host)) return `The admin routes answer only on a loopback address, not the host "${host}".`;
  const site = headers.get('sec-fetch-site');
  if (site !== null && !BROWSER_SAME_ORIGIN.has(site)) return `The admin routes refuse ${site} browser requests.`;
  const origin = headers.get('origin');
  if (origin !== null && origin !== `http://${host}`) return `The admin routes refuse requests from the origin ${origin}.`;
  if (!READ_METHODS.has(method.toUpperCase()) && headers.get(ADMIN_HEADER) !== '1') {
    return `Send the header "${ADMIN_HEADER}: 1" with ${method.toUpperCase()} requests to the admin routes.`;
  }
  return null;
}

/** `127.0.0.1:8787`, `localhost:8787`, `[::1]:8787` (any 127.x address; port optional). */
export function isLoopbackHost(host: string): boolean {
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0];
  if (name === 'localhost' || name === '[::1]') return true;
  return name !== undefined && /^127(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(name);
}

export async function guardAdmin(c: Context, next: Next): Promise<Response | void> {
  const refusal = adminRefusal(c.req.method, c.req.raw.headers);
  if (refusal) return c.json({ errorCode: 'forbidden', errorText: refusal }, 403);
  await next();
}
