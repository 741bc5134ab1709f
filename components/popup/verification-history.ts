/**
 * Recent verifications come from the background's history (the cache): entries of the email-verification
 * endpoint, their verdict read from the cached answer (`history/open` is free).
 */
import { EmailVerificationResultSchema } from '@/lib/api/schemas';
import type { HistoryEntry } from '@/lib/model/lookup';

export interface RecentVerification {
  key: string;
  email: string;
  fetchedAt: number;
  result: { verified: boolean; catch_all: boolean | null } | null;
}

/** History entries of email verification, newest first. */
export function verificationEntries(entries: readonly HistoryEntry[], limit: number): HistoryEntry[] {
  return entries
    .filter((e) => e.endpoint === 'email/verify' || e.endpoint === 'emailVerification' || e.endpoint === 'email-verification')
    .sort((a, b) => b.fetchedAt - a.fetchedAt)
    .slice(0, limit);
}

/** The verdict inside a cached answer, whether stored bare or wrapped as `{ result }`. */
export function readVerification(cached: unknown): RecentVerification['result'] {
  for (const candidate of [cached, (cached as { result?: unknown } | null)?.result]) {
    const parsed = EmailVerificationResultSchema.safeParse(candidate);
    if (parsed.success) return { verified: parsed.data.verified, catch_all: parsed.data.catch_all ?? null };
  }
  return null;
}
