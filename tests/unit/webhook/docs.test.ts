import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { webhookJsonSchema } from '@/lib/webhook';

describe('docs/webhook.md', () => {
  it('holds the JSON Schema generated from the zod schema', () => {
    const doc = readFileSync('docs/webhook.md', 'utf8');
    const block = doc.slice(doc.indexOf('## JSON Schema'));
    const json = block.slice(block.indexOf('```json') + 7, block.lastIndexOf('```'));
    expect(JSON.parse(json)).toEqual(webhookJsonSchema());
  });
});
