import { describe, expect, it } from 'vitest';
import { requiredHosts } from '@/lib/build/required-hosts';

const LOOPBACK = ['http://127.0.0.1/*', 'http://localhost/*'];

describe('requiredHosts: what a build asks for at install', () => {
  it.each([
    ['a store build (`npm run build`): no site at all', 'production', {}, []],
    ['a store build for a known API: only that origin', 'production', { WXT_API_BASE_URL: 'https://api.example.com/v1' }, ['https://api.example.com/*']],
    ['`npm run dev`: the local sandbox', 'development', {}, LOOPBACK],
    ['the demo build of `npm start` (sandbox baked in)', 'production', { WXT_DEMO: 'true', WXT_API_BASE_URL: 'http://127.0.0.1:8799' }, LOOPBACK],
    ['an e2e/bench build (WXT_LOCAL_SANDBOX)', 'production', { WXT_LOCAL_SANDBOX: 'true' }, LOOPBACK],
    ['a store build with a loopback API: that origin, once', 'production', { WXT_API_BASE_URL: 'http://localhost:9000' }, ['http://localhost/*']],
    ['WXT_DEMO=false is not a demo build', 'production', { WXT_DEMO: 'false' }, []],
    ['an unparsable WXT_API_BASE_URL adds nothing', 'production', { WXT_API_BASE_URL: 'not a url' }, []],
  ])('%s', (_case, mode, env, expected) => {
    expect(requiredHosts(mode, env)).toEqual(expected);
  });
});
