// The popup's help line under the verify box, and the verdict words for `verified: false`.
import { describe, expect, it } from 'vitest';
import { verifyHelp } from '@/components/popup/verify-help';
import { verdictOf, verdictWords } from '@/components/ui/VerificationChip';
import type { CostEstimate } from '@/lib/messaging/protocol';

const cached: CostEstimate = { credits: 0, cached: true, cachedAt: Date.now(), label: 'Cached just now · free', blockedByBudget: false };
const live: CostEstimate = { credits: 1, cached: false, label: '1 credit', blockedByBudget: false };

describe('verifyHelp', () => {
  it('right after a paid check (its verdict on screen), speaks of checking again, not of this answer as cached', () => {
    const help = verifyHelp(null, cached, true);
    expect(help).toBe('Checking this address again gives this answer from the cache, free.');
    expect(help).not.toMatch(/was checked before/);
  });

  it('for another address checked earlier, says it was checked before and is free', () => {
    expect(verifyHelp(null, cached, false)).toMatch(/^Cached .* this address was checked before, so the answer comes from the cache\.$/);
  });

  it('before any check, says how; a syntax error comes first', () => {
    expect(verifyHelp(null, live, false)).toMatch(/^Press Enter to verify/);
    expect(verifyHelp('Add the name before the “@”.', cached, true)).toBe('Add the name before the “@”.');
  });
});

describe('verified: false', () => {
  it('is "Not verified": the service could not verify the mailbox, which is not "undeliverable"', () => {
    const words = verdictWords[verdictOf({ verified: false, catch_all: false })];
    expect(words.label).toBe('Not verified');
    expect(words.explanation).toMatch(/^The service could not verify this mailbox/);
  });
});
