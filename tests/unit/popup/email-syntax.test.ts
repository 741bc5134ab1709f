import { describe, expect, it } from 'vitest';
import { checkEmailSyntax } from '@/components/popup/email-syntax';
import { readVerification, verificationEntries } from '@/components/popup/verification-history';
import type { HistoryEntry } from '@/lib/messaging/protocol';

describe('checkEmailSyntax (nothing is sent unless this passes)', () => {
  it.each([
    ['a plain work address', 'jane.doe@acme.com', 'jane.doe@acme.com'],
    ['surrounding spaces from a paste', '  jane@acme.co.uk ', 'jane@acme.co.uk'],
    ['plus addressing', 'jane+sales@acme.io', 'jane+sales@acme.io'],
    // Pasted as mail programs and pages write them: the address inside is checked (each was sent as written and
    // answered "undeliverable" for a credit).
    ['a mailto: link', 'mailto:jane@acme.com', 'jane@acme.com'],
    ['a name and its address', 'Jane Doe <jane@acme.com>', 'jane@acme.com'],
    ['a trailing semicolon from a list', 'jane@acme.com;', 'jane@acme.com'],
    ['capitals', 'Jane.Doe@ACME.com', 'jane.doe@acme.com'],
    ['an internationalised domain, in the form mail servers know', 'jane@müller.de', 'jane@xn--mller-kva.de'],
  ])('accepts %s', (_case, input, email) => {
    expect(checkEmailSyntax(input)).toEqual({ ok: true, email });
  });

  it.each([
    ['half typed: "bob@"', 'bob@', /domain after the “@”/],
    ['no @', 'bob', /needs an “@”/],
    ['no name', '@acme.com', /name before the “@”/],
    ['two @', 'bob@@acme.com', /only one “@”/],
    ['no top-level domain', 'bob@acme', /missing its ending/],
    ['a space inside', 'bob smith@acme.com', /spaces|does not look/],
    ['trailing dot', 'bob@acme.', /does not look|missing/],
    ['a domain starting with a hyphen', 'jane@-acme.com', /does not look/],
    ['two addresses', 'jane@acme.com, bob@acme.com', /more than one address/],
  ])('rejects %s, saying what is missing', (_case, input, message) => {
    const result = checkEmailSyntax(input);
    expect(result.ok).toBe(false);
    if (result.ok === false) expect(result.message).toMatch(message);
  });

  it('treats an empty box as empty, not as an error', () => {
    expect(checkEmailSyntax('   ')).toEqual({ ok: 'empty' });
  });
});

describe('recent verifications from history', () => {
  const entry = (key: string, endpoint: string, fetchedAt: number): HistoryEntry => ({
    key,
    endpoint,
    label: key,
    found: true,
    fetchedAt,
    expiresAt: fetchedAt + 1,
  });

  it('keeps verification entries only, newest first, up to the limit', () => {
    const entries = [
      entry('a', 'email/verify', 1),
      entry('b', 'contact/enrich', 5),
      entry('c', 'email/verify', 3),
      entry('d', 'email/verify', 2),
    ];
    expect(verificationEntries(entries, 2).map((e) => e.key)).toEqual(['c', 'd']);
  });

  it.each([
    ['stored bare', { verified: true, catch_all: false }, { verified: true, catch_all: false }],
    ['stored as { result }', { result: { verified: false, catch_all: true } }, { verified: false, catch_all: true }],
    ['catch_all missing (the API may send null)', { verified: false }, { verified: false, catch_all: null }],
    ['not a verification', { name: 'x' }, null],
    ['nothing', null, null],
  ])('reads the verdict %s', (_case, cached, expected) => {
    expect(readVerification(cached)).toEqual(expected);
  });
});
