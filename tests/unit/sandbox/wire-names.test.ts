/**
 * The sandbox answers as the real service does: fields named after the professional network carry its real name
 * (`linkedin_url`, …) and never the spec's `pnet` spelling, unless started with `wireNames: 'spec'`.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { WIRE_NAMES } from '@/lib/api/wire-names';
import { startSandbox, type RunningSandbox } from '@/sandbox/server';
import { call, freshKey, qs, samples, type SamplesBody } from './helpers';

const realUrl = inject('sandboxUrl');
let specSandbox: RunningSandbox;
let s: SamplesBody;

beforeAll(async () => {
  specSandbox = await startSandbox({ port: 0, quiet: true, wireNames: 'spec' });
  s = await samples(realUrl);
});
afterAll(() => specSandbox?.close());

const realNames = [...new Set(Object.values(WIRE_NAMES).flatMap((names) => Object.values(names)))];
const specNames = [...new Set(Object.values(WIRE_NAMES).flatMap((names) => Object.keys(names)))];
/** The keys of a JSON text (values such as profile addresses say "linkedin" too and do not count). */
const keysOf = (text: string): Set<string> => new Set([...text.matchAll(/"([^"\\]+)"\s*:/g)].map((m) => m[1]!));

/** Every answer that carries a network-named field, as text. */
async function answers(base: string): Promise<string> {
  const json = { 'Content-Type': 'application/json' };
  const texts = await Promise.all([
    call(base, `/v1/enrich?${qs({ email: s.emails[0]! })}`, { key: freshKey() }),
    call(base, `/v1/company?${qs({ url: s.companies[0]!.website })}`, { key: freshKey() }),
    call(base, `/v1/similar-contacts?${qs({ email: s.emails[0]!, size: 3 })}`, { key: freshKey() }),
    call(base, '/v1/bulk-enrich', { key: freshKey(), method: 'POST', body: bulkForm() }),
    call(base, '/v1/prospector', { key: freshKey('enterprise'), method: 'POST', headers: json, body: JSON.stringify({ job_title: ['Engineer'], page_size: 3 }) }),
  ]);
  for (const t of texts) expect(t.status).toBe(200);
  return texts.map((t) => t.text).join('\n');
}

function bulkForm(): FormData {
  const form = new FormData();
  form.append('required_fields', '[]');
  form.append('query_list', JSON.stringify([{ field_type: 'email', value: s.emails[1]! }]));
  return form;
}

describe('network field names on the wire', () => {
  it('default: every answer uses the real names and no pnet spelling', async () => {
    const keys = keysOf(await answers(realUrl));
    for (const name of realNames) expect(keys).toContain(name);
    for (const name of specNames) expect(keys).not.toContain(name);
    expect([...keys].filter((k) => k.includes('pnet'))).toEqual([]);
  });

  it("wireNames: 'spec' answers in the spec's spelling", async () => {
    const keys = keysOf(await answers(specSandbox.url));
    for (const name of specNames) expect(keys).toContain(name);
    expect([...keys].filter((k) => k.includes('linkedin'))).toEqual([]);
  });

  it('the OpenAPI description served by the sandbox uses the real names', async () => {
    const text = (await call(realUrl, '/openapi.json')).text;
    for (const name of realNames.filter((n) => n !== 'linkedin')) expect(keysOf(text)).toContain(name);
    expect([...keysOf(text)].filter((k) => k.includes('pnet'))).toEqual([]);
  });
});
