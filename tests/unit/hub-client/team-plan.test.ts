/**
 * The one plan with a teammate's purchase in it (pure): free and worded "Bought by your team (…)" when neither the
 * cache nor the contact book answers; never for a refresh or a realtime lookup (they ask, and pay, for fresh data);
 * the cache and the book keep answering first; the charge of a plan that relied on the team is 0.
 */
import { describe, expect, it } from 'vitest';
import { chargeOf, chargeOfAnswer, planLookup, type CacheState, type LookupRequest } from '@/lib/engine/plan';
import type { TeamBookHit } from '@/lib/engine/team-book';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const team: TeamBookHit = { entryId: 'e1', purchase: { boughtBy: 'Ada', boughtAt: Date.parse('2026-11-20T09:00:00Z') } };
const withTeam: CacheState = { hit: null, last: null, now: NOW, team };
const settings = { lookupDefaults: {} };
const byProfile: LookupRequest = { op: 'contact/enrich', lookup: { social_profile: 'https://www.linkedin.com/in/ada' } };

describe('a plan a teammate\'s purchase answers', () => {
  it('costs nothing, says who bought the person and when, and charges 0 whatever the answer', () => {
    const plan = planLookup(byProfile, settings, withTeam);
    expect(plan).toMatchObject({ maxCredits: 0, team, cachedAt: null, savedAt: null });
    expect(plan.label).toMatch(/^Bought by your team \(Ada, Nov 20, 2026\) · free$/);
    expect(chargeOf(plan, { found: true })).toBe(0);
    expect(chargeOfAnswer(plan, { found: true, value: {} })).toBe(0);
    // Without the team's purchase the same lookup costs 1 credit if found.
    expect(planLookup(byProfile, settings, { ...withTeam, team: null }).maxCredits).toBe(1);
  });

  it('is not used for a refresh or a realtime lookup, and the cache and the contact book answer first', () => {
    expect(planLookup({ ...byProfile, refresh: true }, settings, withTeam)).toMatchObject({ team: null, maxCredits: 1 });
    expect(planLookup({ ...byProfile, options: { realtime: true } } as LookupRequest, settings, withTeam)).toMatchObject({ team: null, maxCredits: 2 });
    expect(planLookup(byProfile, settings, { ...withTeam, hit: { key: 'k', fetchedAt: NOW - 1000, found: true } })).toMatchObject({ team: null, cachedAt: NOW - 1000 });
    const saved = { contact: { full_name: 'Ada' }, boughtAt: NOW - 5000 } as NonNullable<CacheState['saved']>;
    expect(planLookup(byProfile, settings, { ...withTeam, saved })).toMatchObject({ team: null, savedAt: NOW - 5000 });
  });
});
