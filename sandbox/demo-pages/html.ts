/*
 * A tiny escaping template: every interpolated value is HTML-escaped unless it is already SafeHtml made by
 * `html` itself. Seeded data can hold markup (`--hostile`), so pages never concatenate raw strings.
 */

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  let out = '';
  for (const ch of text) out += ESCAPES[ch] ?? ch;
  return out;
}

type Value = SafeHtml | string | number | boolean | null | undefined | Value[];

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Value[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** An href for data-derived URLs: only http(s), mailto and tel survive; anything else becomes `#`. */
export function safeHref(url: string): string {
  const trimmed = url.trim();
  return /^(https?:\/\/|mailto:|tel:)/i.test(trimmed) ? trimmed : '#';
}

/** Full page with the shared head and navigation. */
export function page(title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0; color: #1d2330; background: #f6f7f9; }
  header { background: #1d2330; color: #fff; padding: 12px 24px; }
  header a { color: #cfe0ff; margin-right: 16px; }
  main { max-width: 1100px; margin: 24px auto; padding: 0 24px; }
  .card { background: #fff; border: 1px solid #e1e4ea; border-radius: 8px; padding: 16px; margin-bottom: 12px; overflow-wrap: anywhere; }
  .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(240px, 1fr)); gap: 12px; }
  table { border-collapse: collapse; width: 100%; background: #fff; }
  th, td { border-bottom: 1px solid #e1e4ea; padding: 6px 8px; text-align: left; font-size: 14px; }
  pre { background: #1d2330; color: #e8edf5; padding: 12px; border-radius: 6px; overflow-x: auto; }
  .muted { color: #5b6475; }
</style>
</head>
<body>
<header><strong>Demo pages</strong> ·
  <a href="/demo/">Index</a><a href="/demo/team">Team</a><a href="/demo/directory">Directory</a><a href="/demo/search">Search</a><a href="/demo/blog">Blog</a>
</header>
<main>
${body}
</main>
</body>
</html>
`.value;
}
