import { describe, expect, it } from 'vitest';
import { teamPurchaseOf } from '@/lib/hub-client/purchase';
import { provenanceLabel } from '@/components/ui/format';

const headers = (h: Record<string, string>) => new Headers(h);

describe('teamPurchaseOf', () => {
  it("reads the hub's book hit: who (URI-encoded) and when", () => {
    const at = '2026-11-27T09:30:00.000Z';
    expect(teamPurchaseOf(headers({ 'x-hub-book': 'hit', 'x-hub-bought-by': encodeURIComponent('Zoë Müller'), 'x-hub-bought-at': at }))).toEqual({ boughtBy: 'Zoë Müller', boughtAt: Date.parse(at) });
  });

  it('is null for an answer that is no book hit, or whose headers do not read', () => {
    expect(teamPurchaseOf(headers({}))).toBeNull();
    expect(teamPurchaseOf(headers({ 'x-hub-book': 'not-saved' }))).toBeNull();
    expect(teamPurchaseOf(headers({ 'x-hub-book': 'hit', 'x-hub-bought-by': '%E0%A4%A', 'x-hub-bought-at': '2026-11-27T09:30:00Z' }))).toBeNull();
    expect(teamPurchaseOf(headers({ 'x-hub-book': 'hit', 'x-hub-bought-by': 'Ada', 'x-hub-bought-at': 'yesterday' }))).toBeNull();
    expect(teamPurchaseOf(headers({ 'x-hub-book': 'hit', 'x-hub-bought-by': 'x'.repeat(101), 'x-hub-bought-at': '2026-11-27T09:30:00Z' }))).toBeNull();
  });

  it('is said instead of a price', () => {
    const label = provenanceLabel({ source: 'live', fetchedAt: Date.now(), creditsCharged: 0, boughtByTeam: { boughtBy: 'Ada', boughtAt: Date.parse('2026-05-03T12:00:00Z') } });
    expect(label).toBe('Bought by your team (Ada, May 3, 2026) · free');
  });
});
