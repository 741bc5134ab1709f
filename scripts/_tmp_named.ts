import { readFileSync } from 'node:fs';
import { parseHTML } from 'linkedom';
import { NamedHeadingReader } from '../lib/detect/people/named';
for (const f of process.argv.slice(2)) {
  const { document } = parseHTML(readFileSync(f, 'utf8'));
  const r = new NamedHeadingReader((document as unknown as Document).body);
  while (!r.step());
  console.log(f.split('/').pop(), JSON.stringify([...(r as any).levels.entries()].map(([k, v]: any) => [k, v.headings, v.named.length, v.cards, v.named.slice(0, 3).map((n: any) => n.name + '|' + n.title)])));
}
