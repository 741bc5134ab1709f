// The user's required fields as a bulk job sends them: bulk takes a narrower list (spec), so a field it cannot take is
// either implied by one it does take (nothing lost) or named to the user as dropped (its misses are still charged).
import { describe, expect, it } from 'vitest';
import { bulkRequired, type RequiredField } from '@/lib/api/required';

describe('bulkRequired', () => {
  it.each<[string, RequiredField[], string[], string[]]>([
    ['nothing required', [], [], []],
    ['fields bulk takes go as they are', ['work_email', 'phone'], ['work_email', 'phone'], []],
    ['"valid or probable work email" alone is dropped', ['any_work_email'], [], ['any_work_email']],
    ['…but a verified work email implies it', ['work_email', 'any_work_email'], ['work_email'], []],
    ['…and a phone does not', ['phone', 'any_work_email'], ['phone'], ['any_work_email']],
    ['"email or phone" alone is dropped', ['email_or_phone'], [], ['email_or_phone']],
    ['…but any email implies it', ['email_or_phone', 'personal_email'], ['personal_email'], []],
    ['…and so does a phone', ['email_or_phone', 'phone'], ['phone'], []],
    ['…but a social profile does not', ['email_or_phone', 'social_profile'], ['social_profile'], ['email_or_phone']],
  ])('%s', (_why, required, fields, dropped) => {
    expect(bulkRequired(required)).toEqual({ fields, dropped });
  });
});
