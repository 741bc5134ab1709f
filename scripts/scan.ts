// `npm run scan -- FILE.html [--url PAGE_URL]`: the page detection engine on a saved page.
// `npm run scan -- --realworld [--detail]`: the people detector on the real-page corpus, per page class (scripts/realworld.ts).
// Prints one JSON object: {"emails":[…],"phones":[…],"profiles":[…],"companyProfiles":[…],"domains":[…],
// "people":[{name,title,emails,phones,profiles}],"companies":[{name,domains,companyPages}]}.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseHTML } from 'linkedom';
import { finalisePageScan, scanDocumentSync, scanListing, type PageEntities, type ScanListing } from '../lib/detect';
import { corpusPresent, formatDetail, formatIdentifierTable, formatTable, REALWORLD_PAGES, scanCorpus, scoreIdentifiers, scorePage } from './realworld';

const USAGE =
  'Usage: npm run scan -- FILE.html [--url PAGE_URL]\n' +
  "  --url  the address the page was saved from (resolves relative links; the page's own domain and profile count)\n" +
  '       npm run scan -- --realworld [--detail]\n' +
  '  --realworld  score people on the real pages in ../shared/corpus/realworld against tests/fixtures/realworld\n' +
  "  --detail     also list each page's wrong cards, missed people, wrong names and misplaced shared identifiers,\n" +
  '               and the numbers and domains reported that the annotations do not have';

/** Scans an HTML string as if it were loaded from `pageUrl`. */
export function scanHtml(html: string, pageUrl: string): PageEntities {
  const { document } = parseHTML(html);
  // A browser with scripting on keeps <template> content out of the tree and <noscript> content
  // as raw text; linkedom parses both into elements. Drop them so the CLI sees what a browser does.
  for (const el of Array.from(document.querySelectorAll('template,noscript'))) el.remove();
  // linkedom implements the parts of the DOM the scanner uses; its types are its own.
  return finalisePageScan(scanDocumentSync(document as unknown as Document, pageUrl));
}

export function scanHtmlFile(file: string, pageUrl?: string): ScanListing {
  const html = readFileSync(file, 'utf8');
  return scanListing(scanHtml(html, pageUrl ?? pathToFileURL(resolve(file)).href));
}

interface Args {
  file: string;
  url?: string;
}

interface CorpusArgs {
  realworld: true;
  detail: boolean;
}

function parseArgs(argv: string[]): Args | CorpusArgs | string {
  if (argv.includes('--realworld')) {
    const other = argv.find((a) => a !== '--realworld' && a !== '--detail');
    return other === undefined ? { realworld: true, detail: argv.includes('--detail') } : `--realworld takes no file or option but --detail (got ${other}).`;
  }
  let file: string | undefined;
  let url: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--url') {
      url = argv[++i];
      if (url === undefined) return '--url needs a value, e.g. --url https://www.acme.com/team';
    } else if (arg.startsWith('--url=')) {
      url = arg.slice('--url='.length);
    } else if (arg === '--help' || arg === '-h') {
      return '';
    } else if (arg.startsWith('-')) {
      return `Unknown option ${arg}.`;
    } else if (file === undefined) {
      file = arg;
    } else {
      return `Only one file at a time (got ${file} and ${arg}).`;
    }
  }
  if (file === undefined) return 'Which page? Give the path of a saved .html file.';
  if (url !== undefined) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return `--url must be an absolute address such as https://www.acme.com/team (got "${url}").`;
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `--url must be an http(s) address (got "${url}").`;
  }
  return { file, url };
}

function main(argv: string[]): number {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    process.stderr.write(args === '' ? `${USAGE}\n` : `${args}\n${USAGE}\n`);
    return args === '' ? 0 : 2;
  }
  if ('realworld' in args) return printCorpus(args.detail);
  let result: ScanListing;
  try {
    result = scanHtmlFile(args.file, args.url);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : String(err);
    process.stderr.write(`Cannot read ${args.file}: ${reason}.\n`);
    return 1;
  }
  process.stdout.write(`${JSON.stringify(result)}\n`);
  return 0;
}

function printCorpus(detail: boolean): number {
  if (!corpusPresent()) {
    process.stderr.write(`The real-page corpus is not at ${REALWORLD_PAGES}: check out the shared folder beside the repository.\n`);
    return 1;
  }
  const scanned = scanCorpus();
  const scores = scanned.map(({ expected, found }) => scorePage(expected, found));
  if (detail) for (const s of scores) process.stdout.write(`${formatDetail(s)}\n`);
  process.stdout.write(`${formatTable(scores)}\n\n${formatIdentifierTable(scoreIdentifiers(scanned), detail)}\n`);
  return 0;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}
