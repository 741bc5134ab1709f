import { describe, expect, it } from 'vitest';
import { sameDocumentHref, sameVisit } from '@/lib/detect/visit';

describe('sameVisit', () => {
  it.each([
    // audit e12: a hash router's routes are views of their own
    ['https://app.example/#/team-a', 'https://app.example/#/team-b', false],
    ['https://app.example/#!/team-a', 'https://app.example/#!/team-b', false],
    ['https://app.example/', 'https://app.example/#/team-b', false],
    // a plain fragment (a table of contents link) is the same view
    ['https://app.example/docs', 'https://app.example/docs#install', true],
    ['https://app.example/#/team-a', 'https://app.example/#/team-a', true],
    // pushState to another path or query
    ['https://app.example/a', 'https://app.example/b', false],
    ['https://app.example/a?page=1', 'https://app.example/a?page=2', false],
  ])('%s → %s: %s', (a, b, same) => {
    expect(sameVisit(new URL(a), new URL(b))).toBe(same);
  });
});

describe('sameDocumentHref', () => {
  it.each([
    ['https://app.example/a', 'https://app.example/a#x', true],
    ['https://app.example/#/team-a', 'https://app.example/#/team-b', true],
    ['https://app.example/a', 'https://app.example/b', false],
    ['https://app.example/a', 'not a url', false],
  ])('%s, %s: %s', (a, b, same) => {
    expect(sameDocumentHref(a, b)).toBe(same);
  });
});
