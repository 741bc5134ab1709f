import { describe, expect, it } from 'vitest';
import { costActionForMeaning, describeMeaning } from '@/components/shared/lookup';
import { CostActionSchema, type SelectionMeaning } from '@/lib/messaging/protocol';

// What the lookup box says it understood, and the priced action behind its button.
describe('describeMeaning and the action it is priced as', () => {
  it.each<[string, SelectionMeaning, string, unknown]>([
    ['a typed email', { kind: 'email', email: 'jane.doe@acme.com' }, 'Email: jane.doe@acme.com', { action: 'contact/enrich', lookup: { email: 'jane.doe@acme.com' } }],
    ['a phone, shown in its international format', { kind: 'phone', phone: '+19174531946' }, 'Phone: +1 917 453 1946', { action: 'contact/enrich', lookup: { phone: '+19174531946' } }],
    [
      'a profile URL shows its address without the scheme',
      { kind: 'profile', url: 'https://www.linkedin.com/in/ada-lovelace' },
      'Profile: linkedin.com/in/ada-lovelace',
      { action: 'contact/enrich', lookup: { social_profile: 'https://www.linkedin.com/in/ada-lovelace' } },
    ],
    ['a domain', { kind: 'company', url: 'acme.com' }, 'Company: acme.com', { action: 'company/enrich', url: 'acme.com' }],
    [
      'a company page says it is one',
      { kind: 'company', url: 'https://www.linkedin.com/company/acme' },
      'Company page: linkedin.com/company/acme',
      { action: 'company/enrich', url: 'https://www.linkedin.com/company/acme' },
    ],
    [
      '"Jane Doe at acme.com"',
      { kind: 'person', first_name: 'Jane', last_name: 'Doe', company_domain: 'acme.com' },
      'Person: Jane Doe at acme.com',
      { action: 'contact/enrich', lookup: { first_name: 'Jane', last_name: 'Doe', company_domain: 'acme.com' } },
    ],
    [
      '"Doe, Jane – Acme Corp"',
      { kind: 'person', first_name: 'Jane', last_name: 'Doe', company_name: 'Acme Corp' },
      'Person: Jane Doe at Acme Corp',
      { action: 'contact/enrich', lookup: { first_name: 'Jane', last_name: 'Doe', company_name: 'Acme Corp' } },
    ],
  ])('%s', (_why, meaning, words, action) => {
    expect(describeMeaning(meaning)).toBe(words);
    const priced = costActionForMeaning(meaning, {});
    expect(priced).toEqual(action);
    expect(CostActionSchema.safeParse(priced).success).toBe(true);
  });

  it('carries the user\'s default options into the price (they change it)', () => {
    expect(costActionForMeaning({ kind: 'email', email: 'a@b.co' }, { realtime: true })).toEqual({
      action: 'contact/enrich',
      lookup: { email: 'a@b.co' },
      options: { realtime: true },
    });
  });
});
