import { describe, expect, it } from 'vitest';
import { isRoleMailbox } from '../../../../lib/detect/people/names';

// A shared mailbox is nobody's: the grouper gives it to no person (`group.ts` describe).
describe('isRoleMailbox', () => {
  it.each<[string, boolean]>([
    ['info@acme.com', true],
    ['Info@Acme.com', true],
    ['PRESS@acme.com', true],
    ['press+eu@acme.com', true],
    ['newsletter@acme.com', true],
    ['no-reply@acme.com', true],
    ['sales', true],
    ['newsletters@acme.com', false],
    ['information@acme.com', false],
    ['jane.doe@acme.com', false],
    ['jane+info@acme.com', false],
    ['in+fo@acme.com', false],
    ['infos@acme.com', false],
    ['@acme.com', false],
  ])('%s → %s', (email, role) => {
    expect(isRoleMailbox(email)).toBe(role);
  });
});
