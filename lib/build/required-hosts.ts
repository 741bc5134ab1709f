import { originPattern } from '../permissions/api-origin';

/**
 * Origins the extension may always reach, granted at install. Builds that talk to the local sandbox keep its
 * loopback origins: development (`wxt`), demo builds (`WXT_DEMO=true`, as `npm start` makes) and test builds
 * (`WXT_LOCAL_SANDBOX=true`, as the e2e suites and benchmarks make). A store build (`npm run build`/`zip`) asks
 * for no site at install, only for the API origin it was built for (`WXT_API_BASE_URL`), if any; the address a
 * user types on the first-run page is requested then, as an optional host, so the install asks for nothing the user has
 * not chosen.
 */
export function requiredHosts(mode: string, env: Record<string, string | undefined>): string[] {
  const local = mode !== 'production' || env.WXT_DEMO === 'true' || env.WXT_LOCAL_SANDBOX === 'true';
  const hosts = local ? ['http://127.0.0.1/*', 'http://localhost/*'] : [];
  const baked = env.WXT_API_BASE_URL ? originPattern(env.WXT_API_BASE_URL) : null;
  if (baked && !hosts.includes(baked)) hosts.push(baked);
  return hosts;
}
