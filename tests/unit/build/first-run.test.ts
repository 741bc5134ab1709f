import { describe, expect, it } from 'vitest';
import { needsApiAddress } from '@/components/shared/first-run';
import { SANDBOX_BASE_URL } from '@/lib/settings/schema';

describe('needsApiAddress: when onboarding must ask for the API address', () => {
  it.each([
    ['store build without WXT_API_BASE_URL, fresh install', { isDemoBuild: false, defaultApiBaseUrl: SANDBOX_BASE_URL }, SANDBOX_BASE_URL, true],
    ['store build, the user already saved an address', { isDemoBuild: false, defaultApiBaseUrl: SANDBOX_BASE_URL }, 'https://api.vendor.io', false],
    ['store build made for a known API', { isDemoBuild: false, defaultApiBaseUrl: 'https://api.vendor.io' }, 'https://api.vendor.io', false],
    ['demo build: the sandbox is the point', { isDemoBuild: true, defaultApiBaseUrl: SANDBOX_BASE_URL }, SANDBOX_BASE_URL, false],
    ['test build (WXT_LOCAL_SANDBOX): the sandbox is its address', { isDemoBuild: false, isLocalSandboxBuild: true, defaultApiBaseUrl: SANDBOX_BASE_URL }, SANDBOX_BASE_URL, false],
    ['demo build of `npm start` on another port', { isDemoBuild: true, defaultApiBaseUrl: 'http://127.0.0.1:8799' }, 'http://127.0.0.1:8799', false],
  ])('%s', (_case, build, saved, expected) => {
    expect(needsApiAddress(build, saved)).toBe(expected);
  });
});
