import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';

/**
 * fakeBrowser leaves `permissions` unimplemented; this gives it the browser's in-memory behaviour: required host
 * permissions always granted and never removable, optional ones granted only when the (simulated) user accepts the
 * prompt, already covered origins granted without a prompt, undeclared origins rejected.
 */
export function installFakePermissions(opts: { required: string[]; optional: string[] }) {
  const granted = new Set<string>();
  // `gestureRequests`: how many more request() calls the current user gesture allows (Firefox: effectively one).
  const state = { userAccepts: true, gestureRequests: Infinity, prompts: [] as string[][], removeCalls: [] as string[][] };

  const covers = (pattern: string, origin: string): boolean => {
    if (pattern === origin) return true;
    const p = /^(https?|\*):\/\/([^/]+)\/\*$/.exec(pattern);
    const o = /^(https?):\/\/([^/]+)\/\*$/.exec(origin);
    if (!p || !o) return false;
    const [, pScheme, pHost = ''] = p;
    const [, oScheme, oHost = ''] = o;
    if (pScheme !== '*' && pScheme !== oScheme) return false;
    if (pHost === '*') return true;
    if (pHost.startsWith('*.')) return oHost === pHost.slice(2) || oHost.endsWith(pHost.slice(1));
    return false;
  };
  const isGranted = (origin: string) => [...opts.required, ...granted].some((p) => covers(p, origin));

  vi.spyOn(fakeBrowser.permissions, 'contains').mockImplementation(async ({ origins = [] }) =>
    origins.every(isGranted),
  );
  vi.spyOn(fakeBrowser.permissions, 'request').mockImplementation(async ({ origins = [] }) => {
    const undeclared = origins.filter((o) => ![...opts.required, ...opts.optional].some((p) => covers(p, o)));
    if (undeclared.length > 0) throw new Error(`Only permissions specified in the manifest may be requested: ${undeclared.join(', ')}`);
    if (state.gestureRequests-- <= 0) throw new Error('permissions.request may only be called from a user input handler');
    const missing = origins.filter((o) => !isGranted(o));
    if (missing.length === 0) return true;
    state.prompts.push(missing);
    if (!state.userAccepts) return false;
    for (const o of missing) granted.add(o);
    return true;
  });
  vi.spyOn(fakeBrowser.permissions, 'remove').mockImplementation(async ({ origins = [] }) => {
    state.removeCalls.push(origins);
    if (origins.some((o) => opts.required.includes(o))) throw new Error('You cannot remove required permissions.');
    let removed = false;
    for (const o of origins) removed = granted.delete(o) || removed;
    return removed;
  });
  return { granted, state };
}
