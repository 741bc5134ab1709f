/**
 * The bench's pages (docs/performance.md), generated deterministically so every run scans the same bytes:
 * - dense staff directory (people cards and contact tables, the worst case for links per byte);
 * - long article / forum page (prose, internal links, comments full of decoys);
 * - adversarial: one huge (≥ 8 MB) text node plus 1 KB paragraphs of the adversarial corpus, and a
 *   normal page of the SAME shape (the same huge node and paragraphs, address-dense prose instead);
 * - 50 MB stress page (the article generator at 50 MB) and a 100,000-element DOM (a member directory).
 */
const MB = 1024 * 1024;

/** Small deterministic PRNG (mulberry32): the same pages on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS =
  'the of and to in is for on with as our team we build software data product people company customers sales growth platform research market design engineering support service solution global partners announced quarter revenue hiring remote office launch feature release roadmap pricing security privacy integration workflow analytics'.split(
    ' ',
  );
const FIRST = 'jane john maria li ahmed sofia lucas emma noah olivia liam mia arjun chen fatima pierre'.split(' ');
const LAST = 'doe smith garcia wang khan rossi muller brown lee silva nguyen kim patel dubois novak jones'.split(' ');
const capital = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);
const COMPANIES = 'acme-robotics globex initech umbrella-labs hooli stark-industries wayne-enterprises vandelay'.split(' ');

/**
 * A long page of a company's news-and-people site: mostly articles with prose and internal links,
 * link lists, comments full of decoys (`@mentions`, `+1`, `C++`), code samples with `react@19.0.0`
 * and `logo@2x.png`, and now and then a team grid, a contact table or a contact footer.
 */
export function realisticPage(targetBytes: number, seed: number): string {
  return generatePage(targetBytes, seed, [
    ['article', 0.5],
    ['links', 0.15],
    ['comments', 0.12],
    ['code', 0.05],
    ['cards', 0.08],
    ['table', 0.05],
    ['contact', 0.05],
  ]);
}

/** A staff directory: mostly people cards and contact tables (the dense end of real pages). */
export function directoryPage(targetBytes: number, seed: number): string {
  return generatePage(targetBytes, seed, [
    ['cards', 0.45],
    ['table', 0.35],
    ['links', 0.1],
    ['article', 0.1],
  ]);
}

type BlockKind = 'article' | 'links' | 'comments' | 'code' | 'cards' | 'table' | 'contact';

function generatePage(targetBytes: number, seed: number, mix: Array<[BlockKind, number]>): string {
  const rand = prng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
  const sentence = (n: number): string => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const digits = (n: number): string => Array.from({ length: n }, () => Math.floor(rand() * 10)).join('');
  const person = (): { first: string; last: string; company: string; name: string } => {
    const first = pick(FIRST);
    const last = pick(LAST);
    // Addresses and profile slugs are lower-case; the name a page displays is written as people write it.
    return { first, last, company: pick(COMPANIES), name: `${capital(first)} ${capital(last)}` };
  };
  const blocks: Record<BlockKind, (i: number) => string> = {
    article: () => {
      const paragraphs = Array.from({ length: 3 + Math.floor(rand() * 3) }, () => {
        const link = rand() < 0.7 ? `/articles/${digits(5)}` : `https://www.${pick(COMPANIES)}.com/blog/${digits(4)}`;
        const decoy = rand() < 0.2 ? ` (up +${digits(2)}% on C++ and ${digits(1)}+${digits(1)})` : '';
        return `<p>${sentence(25)} <a href="${link}">${sentence(2)}</a> ${sentence(20)}, <em>${sentence(2)}</em> (${sentence(3)}) ${sentence(12)}${decoy}.</p>`;
      });
      const { first, last, name } = person();
      return `<article><h2>${sentence(5)}</h2><p class="meta">By <a href="/authors/${first}-${last}">${name}</a> · ${digits(2)} min read</p>${paragraphs.join('')}</article>`;
    },
    links: (i) => {
      const items = Array.from({ length: 8 }, () => `<li><a href="/p/${digits(6)}">${sentence(3)}</a> <span class="count">${digits(2)} ${pick(WORDS)}</span></li>`);
      return `<aside><h3>${sentence(2)}</h3><ul>${items.join('')}</ul></aside><script>window.__m${i}={id:${digits(5)},v:"${digits(3)}+${digits(2)}",m:"x@y.z"};</script>`;
    },
    comments: () => {
      const items = Array.from({ length: 4 }, () => `<li class="comment"><b>@${pick(FIRST)}${digits(2)}</b> ${sentence(14)} +1, ${sentence(6)} C++ ${digits(2)}+ ${sentence(4)} <time>${digits(2)}h</time></li>`);
      return `<section class="comments"><h3>${digits(2)} comments</h3><ol>${items.join('')}</ol></section>`;
    },
    code: () =>
      `<pre><code>npm install react@19.0.${digits(1)} @types/node@20\n&lt;img src="logo@2x.png" srcset="hero@3x.webp 3x"&gt;\ngit clone git@github.com:acme/${pick(WORDS)}.git\ncurl -u admin@internal https://localhost:${digits(4)}/api</code></pre><p>${sentence(18)}</p>`,
    cards: () => {
      const cards = Array.from({ length: 4 }, () => {
        const { first, last, company, name } = person();
        return `<div class="card"><h3>${name}</h3><p class="title">Head of ${pick(WORDS)}</p><p><a href="mailto:${first}.${last}@${company}.com">${first}.${last}@${company}.com</a></p><p>Phone: +1 415 555 ${digits(4)}</p><a href="https://www.linkedin.com/in/${first}-${last}-${digits(4)}">LinkedIn</a> <a href="https://www.${company}.com/">${company}</a></div>`;
      });
      return `<section class="people"><h2>Our ${pick(WORDS)} team</h2>${cards.join('')}</section>`;
    },
    table: () => {
      const rows = Array.from({ length: 6 }, () => {
        const { first, last, company, name } = person();
        return `<tr><td>${name}</td><td>${company}</td><td>${first}@${company}.io</td><td>+44 20 7946 ${digits(4)}</td><td><a href="https://uk.linkedin.com/in/${first}${last}${digits(3)}/">profile</a></td></tr>`;
      });
      return `<table><thead><tr><th>Name</th><th>Company</th><th>Email</th><th>Phone</th><th></th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
    },
    contact: () => {
      const company = pick(COMPANIES);
      return `<section class="contact"><h3>Contact</h3><address>${sentence(3)}<br>Write to info [at] ${company} [dot] com or call +44 20 7946 ${digits(4)}.</address><p><a href="https://www.linkedin.com/company/${company}/">LinkedIn</a> <a href="https://twitter.com/${company}">Twitter</a></p></section>`;
    },
  };
  const total = mix.reduce((sum, [, w]) => sum + w, 0);
  const choose = (): BlockKind => {
    let r = rand() * total;
    for (const [kind, weight] of mix) {
      r -= weight;
      if (r < 0) return kind;
    }
    return (mix[0] as [BlockKind, number])[0];
  };
  const parts: string[] = [
    '<!doctype html><html><head><meta charset="utf-8"><title>Acme Robotics — News and people</title>',
    '<style>body{font:14px/1.4 sans-serif;margin:0 auto;max-width:960px}.card{border:1px solid #ddd;padding:8px}</style>',
    '</head><body><header><nav>',
  ];
  for (let i = 0; i < 12; i++) parts.push(`<a href="/section/${i}">${sentence(1)}</a> `);
  parts.push('<a href="https://twitter.com/acme">Twitter</a> <a href="https://www.linkedin.com/company/acme-robotics/">LinkedIn</a></nav></header><main>');
  let size = parts.join('').length;
  for (let i = 0; size < targetBytes; i++) {
    const html = blocks[choose()](i);
    parts.push(html);
    size += html.length;
  }
  parts.push('</main><footer><a href="/privacy">Privacy</a> <a href="https://www.facebook.com/acme">Facebook</a> © Acme Robotics</footer></body></html>');
  return parts.join('');
}

/** 100,000 elements: a member directory of 20,000 rows × 5 cells, each row with a person and a contact. */
export function hundredThousandNodePage(rows = 19_990): string {
  const out: string[] = [];
  for (let i = 0; i < rows; i++) {
    out.push(
      `<tr><td>Member ${i}</td><td>Engineer</td><td><a href="mailto:member${i}@acme-robotics.com">member${i}@acme-robotics.com</a></td><td>+1 212 555 ${String(1000 + (i % 9000)).padStart(4, '0')}</td><td><a href="https://www.linkedin.com/in/member-${i}">profile</a></td></tr>`,
    );
  }
  return `<!doctype html><html><head><title>Directory (100k nodes)</title></head><body><table>${out.join('')}</table></body></html>`;
}

/** The adversarial corpus: 4 KB pieces that make careless scanners backtrack or over-collect. */
const ADVERSARIAL_PIECES: ReadonlyArray<() => string> = [
  () => 'a.'.repeat(2048),
  () => 'a'.repeat(4096),
  () => `x@${'a'.repeat(4093)}!`,
  () => 'a@'.repeat(2048),
  () => '9'.repeat(4096),
  () => `+${'1'.repeat(4095)}`,
  () => '[at](at)'.repeat(512),
  () => '1+'.repeat(2048),
  // Many valid addresses back to back, each a real find: the dense end of the huge-node case.
  () => Array.from({ length: 128 }, (_, i) => `u${i}@x${i % 7}.com `).join('').padEnd(4096, ' '),
];

/** Address-dense ordinary prose (an email and a phone every ~230 characters), in 4 KB pieces. */
function prosePiece(rand: () => number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
  let out = '';
  while (out.length < 4096) {
    const first = pick(FIRST);
    const last = pick(LAST);
    const company = pick(COMPANIES);
    const words = Array.from({ length: 18 }, () => pick(WORDS)).join(' ');
    out += `${words}. Write to ${first}.${last}@${company}.com or call +44 20 7946 ${String(Math.floor(rand() * 10000)).padStart(4, '0')}. `;
  }
  return out.slice(0, 4096);
}

/**
 * One `<pre>` holding a single text node of `hugeMb` MB, then `paragraphMb` MB of 1 KB paragraphs: the shape the
 * adversarial and the normal page share, so their ratio is about the text and nothing else.
 */
function hugeNodeShape(title: string, piece: (i: number) => string, hugeMb: number, paragraphMb: number): string {
  const huge: string[] = [];
  for (let size = 0, i = 0; size < hugeMb * MB; i++) {
    const p = piece(i);
    huge.push(p);
    size += p.length;
  }
  const escape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const paragraphs: string[] = [];
  for (let size = 0, i = 0; size < paragraphMb * MB; i++) {
    const p = piece(i + 7).slice(0, 1024);
    paragraphs.push(`<p>${escape(p)}</p>`);
    size += p.length;
  }
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><pre>${escape(huge.join(''))}</pre>${paragraphs.join('')}</body></html>`;
}

export function adversarialPage(hugeMb: number, paragraphMb: number): string {
  return hugeNodeShape('Adversarial', (i) => (ADVERSARIAL_PIECES[i % ADVERSARIAL_PIECES.length] as () => string)(), hugeMb, paragraphMb);
}

export function normalHugeNodePage(hugeMb: number, paragraphMb: number): string {
  const rand = prng(17);
  return hugeNodeShape('Normal, same shape', () => prosePiece(rand), hugeMb, paragraphMb);
}
