import { type EnrichedContact, EnrichedContactSchema } from '@/lib/api/schemas';

/** A spec-shaped contact (missing fields filled in by the lenient schema, as real responses are). */
export function contact(fields: Record<string, unknown> = {}): EnrichedContact {
  return EnrichedContactSchema.parse({
    _id: 'c_123',
    first_name: 'Ada',
    last_name: 'Lovelace',
    full_name: 'Ada Lovelace',
    headline: 'Analyst of engines',
    current_work_email: 'ada@engines.example',
    current_work_email_status: 'verified',
    personal_emails: ['ada@home.example'],
    phone_numbers: [{ E164: '+14155550142', type: 'mobile', national_number: '(415) 555-0142', NXX_use_type: 'cell' }],
    social_profiles: [{ network: 'pnet', url: 'https://www.linkedin.com/in/ada' }],
    location: { name: 'London, England', locality: 'London', region: 'England', country: 'United Kingdom' },
    employment: { name: 'Analytical Engines Ltd', website: 'https://engines.example', job: { title: 'Analyst', seniority: ['senior'] } },
    skills: ['Mathematics', 'Poetry'],
    ...fields,
  });
}
