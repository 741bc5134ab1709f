import { describe, expect, it } from 'vitest';
import { emailsFromMailto, isFileName, normaliseEmail } from '@/lib/detect';
import { entitiesOfHtml, entitiesOfText } from './helpers';

describe('emails in visible text', () => {
  it.each<[string, string, string[]]>([
    ['a plain address, lower-cased', 'Write to Jane.Doe@Acme.COM today', ['jane.doe@acme.com']],
    ['at the end of a sentence', 'Contact: sales@acme.co.uk.', ['sales@acme.co.uk']],
    ['in parentheses and quotes', 'reach ("ops@acme.io") or <hr@acme.io>', ['hr@acme.io', 'ops@acme.io']],
    ['plus and dots in the local part', 'jane.doe+news@acme.com', ['jane.doe+news@acme.com']],
    ['several in a list', 'a@acme.com, b@acme.com; c@acme.com', ['a@acme.com', 'b@acme.com', 'c@acme.com']],
    ['obfuscated with [at] and [dot]', 'sofia [at] northwind-labs [dot] com', ['sofia@northwind-labs.com']],
    ['obfuscated with (at), no spaces', 'name(at)domain.com', ['name@domain.com']],
    ['obfuscated with (at) and (dot)', 'jane (at) acme (dot) co (dot) uk', ['jane@acme.co.uk']],
    ['obfuscated in capitals', 'JANE [AT] ACME [DOT] COM', ['jane@acme.com']],
    ['obfuscated with curly braces', 'jane{at}acme{dot}com', ['jane@acme.com']],
    // A dot written out in the local part is read whole, never as the shorter, wrong `doe@…`.
    ['obfuscated dot in the local part', 'jane [dot] doe [at] acme [dot] com', ['jane.doe@acme.com']],
    ['obfuscated dots, no spaces', 'jane(dot)m(dot)doe(at)acme(dot)co(dot)uk', ['jane.m.doe@acme.co.uk']],
    ['obfuscated dot in capitals', 'JANE [DOT] DOE [AT] ACME [DOT] COM', ['jane.doe@acme.com']],
    ['obfuscated dot before a plain at', 'jane [dot] doe@acme.com', ['jane.doe@acme.com']],
    ['leading dots are not part of the address', '....jane@acme.com', ['jane@acme.com']],
    ['an IDNA (punycode) TLD', 'info@example.xn--p1ai', ['info@example.xn--p1ai']],
    ['a free-mail address (still an email)', 'amara.codes@gmail.com', ['amara.codes@gmail.com']],
  ])('%s', (_why, text, expected) => {
    expect(entitiesOfText(text).emails).toEqual(expected);
  });
});

describe('decoys that are not emails', () => {
  it.each<[string, string]>([
    ['image scale name', 'logo@2x.png'],
    ['image scale name with a fraction', 'hero@1.5x.webp'],
    ['image scale, 3x, jpeg', 'photo@3x.jpeg'],
    ['a file name on a TLD that is also an extension', 'intro@final.mov'],
    ['package version', 'react@19.0.0'],
    ['scoped package version', 'npm i @types/node@20.11.5'],
    ['package tag', 'vue@next'],
    ['host without a public suffix: localhost', 'ssh root@localhost'],
    ['host without a public suffix: internal', 'admin@internal'],
    ['host with an unknown suffix', 'ops@build.corp'],
    ['a handle', 'Follow @northwindlabs'],
    ['a handle after a slash', 'https://medium.com/@jane'],
    ['credentials inside a URL', 'https://user:secret@db.acme.com/x'],
    ['an address inside a URL query', 'https://mailer.acme.com/u?e=jane@acme.com'],
    ['an address inside a URL path', 'https://acme.com/contact/jane@acme.com/'],
    ['an SSH remote', 'git clone git@github.com:acme/repo.git'],
    ['chained at-signs', 'a@b.com@c.com'],
    ['a documentation placeholder', 'user@example.com'],
    ['an empty local part', '@acme.com'],
    ['a local part with a double dot', 'jane..doe@acme.com'],
    ['a local part ending with a dot', 'jane.@acme.com'],
    ['a domain label starting with a hyphen', 'jane@-acme.com'],
    ['a numeric TLD', 'jane@acme.123'],
    ['a one-letter TLD', 'jane@acme.c'],
    ['a local part longer than 64 characters', `${'a'.repeat(65)}@acme.com`],
    ['a regular expression', '/[a-z]+@[a-z]+\\.[a-z]{2,}/'],
    ['a decorator', '@Component({ selector: "app" })'],
    ['"at" without brackets', 'meet jane at acme dot com'],
    ['a bracket that closes something else', 'the (cat) sat on acme.com'],
  ])('%s: %s', (_why, text) => {
    expect(entitiesOfText(text).emails).toEqual([]);
  });
});

describe('emails split across inline elements', () => {
  it.each<[string, string, string[]]>([
    ['at-sign in its own span', '<p>li<span>@</span>acme.com</p>', ['li@acme.com']],
    ['local part in bold', '<p>E-Mail: <b>l.mueller</b>@acme.de</p>', ['l.mueller@acme.de']],
    ['domain in a link', '<p>jane@<a href="/x">acme.com</a></p>', ['jane@acme.com']],
    ['a <wbr> inside the domain', '<p>amara@north<wbr>wind.com</p>', ['amara@northwind.com']],
    ['nested inline elements', '<p><em>ja<i>ne</i></em>@<span><b>acme</b>.com</span></p>', ['jane@acme.com']],
    ['a comment between the halves', '<p>jane<!-- x -->@acme.com</p>', ['jane@acme.com']],
    ['obfuscation across spans', '<p>jane <span>[at]</span> acme <span>[dot]</span> com</p>', ['jane@acme.com']],
  ])('%s', (_why, html, expected) => {
    expect(entitiesOfHtml(html).emails).toEqual(expected);
  });

  it.each<[string, string, string[]]>([
    ['a <br> separates lines', '<p>Jane Doe<br>jane@acme.com</p>', ['jane@acme.com']],
    ['block elements do not join', '<div><h3>Jane</h3><p>jane@acme.com</p></div>', ['jane@acme.com']],
    ['table cells do not join', '<table><tr><td>Bob</td><td>@acme.com</td></tr></table>', []],
    ['list items do not join', '<ul><li>jane@</li><li>acme.com</li></ul>', []],
    ['text after a block does not join it', '<div><p>Name: Jane</p>jane@acme.com</div>', ['jane@acme.com']],
  ])('%s', (_why, html, expected) => {
    expect(entitiesOfHtml(html).emails).toEqual(expected);
  });
});

describe('mailto links', () => {
  it.each<[string, string, string[]]>([
    ['query dropped, lower-cased', 'mailto:Jane.Doe@Acme.com?subject=Hello%20there', ['jane.doe@acme.com']],
    ['upper-case scheme', 'MAILTO:ops@acme.io', ['ops@acme.io']],
    ['percent-encoded', 'mailto:jane%2Bsales@acme.com', ['jane+sales@acme.com']],
    ['several recipients', 'mailto:a@acme.com,b@acme.com?cc=c@acme.com', ['a@acme.com', 'b@acme.com']],
    ['a display name', 'mailto:Jane%20Doe%20%3Cjane@acme.com%3E', ['jane@acme.com']],
    ['no address', 'mailto:?subject=hi', []],
    ['not an address', 'mailto:logo@2x.png', []],
  ])('%s', (_why, href, expected) => {
    expect(emailsFromMailto(href)).toEqual(expected);
  });

  it('reads the href, not the link text', () => {
    expect(entitiesOfHtml('<a href="mailto:boss@acme.com?subject=x">Email the boss</a>').emails).toEqual(['boss@acme.com']);
  });
});

describe('normaliseEmail', () => {
  it.each<[string, string | null]>([
    [' Jane@Acme.COM ', 'jane@acme.com'],
    ['jane@acme', null],
    ['jane@@acme.com', null],
    ['@acme.com', null],
    ['jane@acme.com.', null],
    ['logo@2x.png', null],
    ['a@b.co', 'a@b.co'],
    // Internationalised domains in the ASCII form mail servers and the service know (typed in the lookup box or a file).
    ['jane@müller.de', 'jane@xn--mller-kva.de'],
    ['Jürgen@Bücher.DE', null],
    ['info@café.example.fr', 'info@xn--caf-dma.example.fr'],
    ['jane@müller.de/kontakt', null],
    ['jane@müller.de:25', null],
    ['jane@müller', null],
  ])('%s → %s', (input, expected) => {
    expect(normaliseEmail(input)).toBe(expected);
  });

  it.each<[string, boolean]>([
    ['2x.png', true],
    ['1.5x.webp', true],
    ['acme.js', true],
    ['acme.com', false],
    ['2x.acme.com', false],
  ])('isFileName(%s) = %s', (domain, expected) => {
    expect(isFileName(domain)).toBe(expected);
  });
});
