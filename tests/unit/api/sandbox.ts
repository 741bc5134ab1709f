/**
 * Small helpers for talking to the sandbox's own routes (`/_sandbox/...`) from the client tests.
 */
import { randomUUID } from 'node:crypto';
import { createEnrichmentClient, type ClientOptions } from '@/lib/api/client';
import { SANDBOX_ADMIN_HEADERS } from '@/sandbox/admin-guard';

export interface Samples {
  emails: string[];
  phones: string[];
  socialProfiles: string[];
  names: { first_name: string; last_name: string; company_name: string; company_domain: string }[];
  companies: { website: string; name: string }[];
}

export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  status: number;
  body?: string;
  fault?: string;
}

/** A fresh sandbox account of the given kind: its own ledger and rate-limit bucket. */
export const newKey = (base: 'test-standard' | 'test-enterprise' | 'test-empty', label: string): string =>
  `${base}-${label}-${randomUUID().slice(0, 8)}`;

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export const samples = (base: string) => getJson<Samples>(`${base}/_sandbox/samples`);

export async function requestsOf(base: string, key: string): Promise<LoggedRequest[]> {
  const body = await getJson<LoggedRequest[] | { requests: LoggedRequest[] }>(`${base}/_sandbox/requests?key=${encodeURIComponent(key)}`);
  return Array.isArray(body) ? body : body.requests;
}

export async function ledgerOf(base: string, key: string): Promise<{ balance: number; entries: { endpoint: string; credits: number }[] }> {
  return getJson(`${base}/_sandbox/ledger?key=${encodeURIComponent(key)}`);
}

export interface FaultSpec {
  mode: '400' | '500' | '503' | '429' | 'malformed' | 'unreadable' | 'slow';
  count?: number;
  delayMs?: number;
  retryAfterSeconds?: number;
  paths?: string[];
}

export async function addFault(base: string, spec: FaultSpec): Promise<void> {
  const res = await fetch(`${base}/_sandbox/faults`, {
    method: 'POST',
    headers: { ...SANDBOX_ADMIN_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify(spec),
  });
  if (!res.ok) throw new Error(`faults: ${res.status} ${await res.text()}`);
}

export async function clearFaults(base: string): Promise<void> {
  const res = await fetch(`${base}/_sandbox/faults`, { method: 'DELETE', headers: { ...SANDBOX_ADMIN_HEADERS } });
  if (!res.ok) throw new Error(`faults reset: ${res.status} ${await res.text()}`);
}

/** A client for `key` against `base`; retry jitter and timeouts can be tuned per test. */
export function clientFor(base: string, key: string | undefined, extra: Partial<ClientOptions> = {}) {
  return createEnrichmentClient({ baseUrl: base, getApiKey: async () => key, ...extra });
}
