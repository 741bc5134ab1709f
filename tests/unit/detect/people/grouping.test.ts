import { describe, expect, it } from 'vitest';
import { companyLines, entitiesOf, peopleLines } from './helpers';
import { budget } from '../../../time-budget';

// The grouping of identifiers into people, on fragments written like the sites that motivated each
// row. Each row: what the page shows, and one line per person ("Name | Title | identifiers").

const card = (name: string, title: string, email: string, phone: string, slug: string): string => `
<article class="person"><h3>${name}</h3><p class="role">${title}</p>
<p><a href="mailto:${email}">${email}</a></p><p><a href="tel:${phone.replace(/ /g, '')}">${phone}</a></p>
<a href="https://www.linkedin.com/in/${slug}/">LinkedIn</a></article>`;

const JANE = card('Jane Doe', 'Partner', 'jane.doe@acme-law.com', '+1 415 555 0142', 'jane-doe');
const JOHN = card('John Roe', 'Associate', 'john.roe@acme-law.com', '+1 415 555 0143', 'john-roe');
const JANE_LINE = 'Jane Doe | Partner | jane.doe@acme-law.com +14155550142 in/jane-doe';
const JOHN_LINE = 'John Roe | Associate | john.roe@acme-law.com +14155550143 in/john-roe';

const ROWS: Array<[string, string, string[]]> = [
  ['law-firm cards: heading, role, mailto, tel, profile', `<section>${JANE}${JOHN}</section>`, [JANE_LINE, JOHN_LINE]],
  [
    'cards in divs with no classes at all',
    `<div><div><h4>Jane Doe</h4><div>Partner</div><div><a href="mailto:jane.doe@acme-law.com">Email</a></div></div>
     <div><h4>John Roe</h4><div>Associate</div><div><a href="mailto:john.roe@acme-law.com">Email</a></div></div></div>`,
    ['Jane Doe | Partner | jane.doe@acme-law.com', 'John Roe | Associate | john.roe@acme-law.com'],
  ],
  [
    'staff table rows',
    `<table><tr><th>Name</th><th>Role</th><th>Email</th><th>Phone</th></tr>
     <tr><td>Jane Doe</td><td>Lecturer</td><td>jane.doe@uni.ac.uk</td><td>+44 20 7946 0321</td></tr>
     <tr><td>John Roe</td><td>Reader</td><td>john.roe@uni.ac.uk</td><td>+44 20 7946 0322</td></tr></table>`,
    ['Jane Doe | Lecturer | jane.doe@uni.ac.uk +442079460321', 'John Roe | Reader | john.roe@uni.ac.uk +442079460322'],
  ],
  [
    'cards with an office and a mobile line (two phone lines of one card are that person’s, not two records)',
    `<section><div class="card"><h3>Jane Doe</h3><p>Partner</p><p>Tel: +1 415 555 0142</p><p>Mobile: +1 415 555 0190</p>
     <p><a href="mailto:jane.doe@acme-law.com">jane.doe@acme-law.com</a></p></div>
     <div class="card"><h3>John Roe</h3><p>Associate</p><p>Tel: +1 415 555 0143</p><p>Mobile: +1 415 555 0191</p>
     <p><a href="mailto:john.roe@acme-law.com">john.roe@acme-law.com</a></p></div></section>`,
    [
      'Jane Doe | Partner | jane.doe@acme-law.com +14155550142 +14155550190',
      'John Roe | Associate | john.roe@acme-law.com +14155550143 +14155550191',
    ],
  ],
  [
    'staff table with an office and a mobile column',
    `<table><tr><th>Name</th><th>Office</th><th>Mobile</th><th>Email</th></tr>
     <tr><td>Jane Doe</td><td>+44 20 7946 0321</td><td>+44 7911 123456</td><td>jane.doe@uni.ac.uk</td></tr>
     <tr><td>John Roe</td><td>+44 20 7946 0322</td><td>+44 7911 123457</td><td>john.roe@uni.ac.uk</td></tr></table>`,
    ['Jane Doe | - | jane.doe@uni.ac.uk +442079460321 +447911123456', 'John Roe | - | john.roe@uni.ac.uk +442079460322 +447911123457'],
  ],
  [
    'one member shown by a profile link only, in a table whose other rows show emails',
    `<table><tr><td>Jane Doe</td><td>Chair</td><td><a href="mailto:jane.doe@acme-law.com">jane.doe@acme-law.com</a></td></tr>
     <tr><td>Pieter de Vries</td><td>Treasurer</td><td><a href="https://www.linkedin.com/in/pieter-de-vries/">LinkedIn</a></td></tr>
     <tr><td>John Roe</td><td>Secretary</td><td><a href="mailto:john.roe@acme-law.com">john.roe@acme-law.com</a></td></tr></table>`,
    ['Jane Doe | Chair | jane.doe@acme-law.com', 'Pieter de Vries | Treasurer | in/pieter-de-vries', 'John Roe | Secretary | john.roe@acme-law.com'],
  ],
  [
    'a card shown by its phone only, in a grid of cards with emails',
    `<section><div class="card"><h3>Jane Doe</h3><p>Partner</p><p><a href="mailto:jane.doe@acme-law.com">Email</a></p></div>
     <div class="card"><h3>Ana Lima</h3><p>Counsel</p><p><a href="tel:+14155550177">+1 415 555 0177</a></p></div>
     <div class="card"><h3>John Roe</h3><p>Associate</p><p><a href="mailto:john.roe@acme-law.com">Email</a></p></div></section>`,
    ['Jane Doe | Partner | jane.doe@acme-law.com', 'Ana Lima | Counsel | +14155550177', 'John Roe | Associate | john.roe@acme-law.com'],
  ],
  [
    'a "call us" block beside people cards names nobody: its phone is no one’s',
    `<section><div class="card"><h3>Jane Doe</h3><p>Partner</p><p><a href="mailto:jane.doe@acme-law.com">Email</a></p></div>
     <div class="card"><h3>John Roe</h3><p>Associate</p><p><a href="mailto:john.roe@acme-law.com">Email</a></p></div>
     <div class="cta"><p>Questions about an engagement? <a href="tel:+14155550100">Call our main line</a></p></div></section>`,
    ['Jane Doe | Partner | jane.doe@acme-law.com', 'John Roe | Associate | john.roe@acme-law.com'],
  ],
  [
    'a footer list of office numbers stays nobody’s (no card around it names a person)',
    `<footer><ul><li>London +44 20 7946 0000</li><li>Berlin +49 30 901820</li><li>Paris +33 1 42 68 53 00</li></ul></footer>`,
    [],
  ],
  [
    'a table with a colspan department row between people',
    `<table><tr><td colspan="3"><strong>Physics</strong></td></tr>
     <tr><td>Jane Doe</td><td>Professor</td><td><a href="mailto:j.doe@uni.ac.uk">j.doe@uni.ac.uk</a></td></tr>
     <tr><td colspan="3"><strong>Chemistry</strong></td></tr>
     <tr><td>John Roe</td><td>Lecturer</td><td><a href="mailto:j.roe@uni.ac.uk">j.roe@uni.ac.uk</a></td></tr></table>`,
    ['Jane Doe | Professor | j.doe@uni.ac.uk', 'John Roe | Lecturer | j.roe@uni.ac.uk'],
  ],
  [
    'a row header cell holds the name',
    `<table><tr><th scope="row">Jane Doe</th><td>Dean</td><td>jane@uni.edu</td></tr>
     <tr><th scope="row">John Roe</th><td>Provost</td><td>john@uni.edu</td></tr></table>`,
    ['Jane Doe | Dean | jane@uni.edu', 'John Roe | Provost | john@uni.edu'],
  ],
  [
    'a grid table with one person per cell',
    `<table><tr><td><b>Jane Doe</b><br>Partner<br>jane@acme-law.com</td><td><b>John Roe</b><br>Counsel<br>john@acme-law.com</td></tr></table>`,
    ['Jane Doe | Partner | jane@acme-law.com', 'John Roe | Counsel | john@acme-law.com'],
  ],
  [
    'list items with the name in strong text and the title after a comma',
    `<ul><li><strong>Jane Doe</strong>, Partner — <a href="mailto:jane@acme-law.com">jane@acme-law.com</a></li>
     <li><strong>John Roe</strong>, Associate — <a href="mailto:john@acme-law.com">john@acme-law.com</a></li></ul>`,
    ['Jane Doe | Partner | jane@acme-law.com', 'John Roe | Associate | john@acme-law.com'],
  ],
  [
    'a definition list: the name in <dt>, title and contacts in <dd>s',
    `<dl><dt>Jane Doe</dt><dd>Partner</dd><dd><a href="mailto:jane@acme-law.com">Email</a></dd>
     <dt>John Roe</dt><dd>Associate</dd><dd><a href="mailto:john@acme-law.com">Email</a></dd></dl>`,
    ['Jane Doe | Partner | jane@acme-law.com', 'John Roe | Associate | john@acme-law.com'],
  ],
  [
    'nested cards: departments of person cards',
    `<section><h2>Litigation</h2>${JANE}${JOHN}</section>
     <section><h2>Tax</h2>${card('Ana de la Cruz', 'Counsel', 'ana@acme-law.com', '+1 415 555 0144', 'ana-cruz')}
     ${card('Lukas Müller', 'Partner', 'lukas@acme-law.com', '+1 415 555 0145', 'lukas-muller')}</section>`,
    [
      JANE_LINE,
      JOHN_LINE,
      'Ana de la Cruz | Counsel | ana@acme-law.com +14155550144 in/ana-cruz',
      'Lukas Müller | Partner | lukas@acme-law.com +14155550145 in/lukas-muller',
    ],
  ],
  [
    'two people in one paragraph, linked',
    `<p>Questions? Ask <a href="mailto:jane@acme.com">Jane Doe</a> or <a href="mailto:john@acme.com">John Roe</a>.</p>`,
    ['Jane Doe | - | jane@acme.com', 'John Roe | - | john@acme.com'],
  ],
  [
    'two people in one paragraph, plain text',
    `<main><h1>Press</h1><p>Media contacts: Jane Doe (jane.doe@acme.com, +1 415 555 0142) and John Roe (john.roe@acme.com).</p></main>`,
    ['Jane Doe | - | jane.doe@acme.com +14155550142', 'John Roe | - | john.roe@acme.com'],
  ],
  [
    'two people on one line, each with a mail and a call link',
    `<p>Jane Doe <a href="mailto:jane@acme.com">email</a> <a href="tel:+14155550142">call</a><br>
     John Roe <a href="mailto:john@acme.com">email</a> <a href="tel:+14155550143">call</a></p>`,
    ['Jane Doe | - | jane@acme.com +14155550142', 'John Roe | - | john@acme.com +14155550143'],
  ],
  [
    'a shared office phone on every card belongs to nobody',
    `<div><div><h3>Jane Doe</h3><p>jane@acme.com</p><p>Office +1 415 555 0100</p></div>
     <div><h3>John Roe</h3><p>john@acme.com</p><p>Office +1 415 555 0100</p></div></div>`,
    ['Jane Doe | - | jane@acme.com', 'John Roe | - | john@acme.com'],
  ],
  [
    'a shared mailbox on every card belongs to nobody',
    `<ul><li><b>Jane Doe</b> <a href="mailto:jane@acme.com">jane@acme.com</a> <a href="mailto:bookings@acme.com">Book</a></li>
     <li><b>John Roe</b> <a href="mailto:john@acme.com">john@acme.com</a> <a href="mailto:bookings@acme.com">Book</a></li></ul>`,
    ['Jane Doe | - | jane@acme.com', 'John Roe | - | john@acme.com'],
  ],
  [
    'a person without any link (text only)',
    `<div class="staff"><p><b>Jane Doe</b> – Registrar – jane.doe@college.edu</p><p><b>John Roe</b> – Bursar – john.roe@college.edu</p></div>`,
    ['Jane Doe | Registrar | jane.doe@college.edu', 'John Roe | Bursar | john.roe@college.edu'],
  ],
  [
    'obfuscated addresses and international numbers in text',
    `<section><article><h3>Sofia Rossi</h3><p>sofia [at] acme [dot] it</p><p>Tel: +39 06 1234 5678</p></article>
     <article><h3>Marco Bianchi</h3><p>marco [at] acme [dot] it</p><p>Tel: +39 06 1234 5679</p></article></section>`,
    ['Sofia Rossi | - | sofia@acme.it +390612345678', 'Marco Bianchi | - | marco@acme.it +390612345679'],
  ],
  [
    'the name in an image alt and a LinkedIn icon only (startup team page)',
    `<div class="team"><figure><img src="jane.jpg" alt="Jane Doe"><figcaption>CEO</figcaption><a href="https://www.linkedin.com/in/jane-doe" aria-label="LinkedIn"><svg></svg></a></figure>
     <figure><img src="john.jpg" alt="John Roe"><figcaption>CTO</figcaption><a href="https://www.linkedin.com/in/john-roe" aria-label="LinkedIn"><svg></svg></a></figure></div>`,
    ['Jane Doe | CEO | in/jane-doe', 'John Roe | CTO | in/john-roe'],
  ],
  [
    'the name is the link to the bio page',
    `<ul><li><a href="/people/jane-doe">Jane Doe</a><span>Partner</span><a href="mailto:jdoe@acme-law.com">Email</a></li>
     <li><a href="/people/john-roe">John Roe</a><span>Associate</span><a href="mailto:jroe@acme-law.com">Email</a></li></ul>`,
    ['Jane Doe | Partner | jdoe@acme-law.com', 'John Roe | Associate | jroe@acme-law.com'],
  ],
  [
    'a profile without a name shown: the slug is never the displayed name',
    `<ul><li><a href="https://www.linkedin.com/in/jane-doe">View profile</a></li><li><a href="https://www.linkedin.com/in/john-roe">View profile</a></li></ul>`,
    ['- | - | in/jane-doe', '- | - | in/john-roe'],
  ],
  [
    'an email without a name shown is nobody in particular',
    `<ul><li><a href="mailto:jd@acme.com">jd@acme.com</a></li><li><a href="mailto:jr@acme.com">jr@acme.com</a></li></ul>`,
    [],
  ],
  [
    'honorifics and particles stay in the name',
    `<div><div><h3>Dr. Ana de la Cruz</h3><p>ana@clinic.es</p></div><div><h3>Prof. Jan van Dijk</h3><p>jan@clinic.es</p></div></div>`,
    ['Dr. Ana de la Cruz | - | ana@clinic.es', 'Prof. Jan van Dijk | - | jan@clinic.es'],
  ],
  [
    'names written in capitals',
    `<div><div><h3>JANE DOE</h3><p>PARTNER</p><p>jane@acme-law.com</p></div><div><h3>JOHN ROE</h3><p>ASSOCIATE</p><p>john@acme-law.com</p></div></div>`,
    ['JANE DOE | PARTNER | jane@acme-law.com', 'JOHN ROE | ASSOCIATE | john@acme-law.com'],
  ],
  [
    'a job title capitalised like a name is not taken as the name',
    `<div><div><p>Chief Executive Officer</p><h3>Jane Doe</h3><p>jane@acme.com</p></div><div><p>Chief Technology Officer</p><h3>John Roe</h3><p>john@acme.com</p></div></div>`,
    ['Jane Doe | - | jane@acme.com', 'John Roe | - | john@acme.com'],
  ],
  [
    'the identifiers break a tie between two name-like cells (company first)',
    `<table><tr><td>Northwind Traders</td><td>Alan Lamport</td><td>alan.lamport@northwind.fr</td></tr>
     <tr><td>Wide World Importers</td><td>Edsger Wilson</td><td>edsger.wilson@wwi.com</td></tr></table>`,
    ['Alan Lamport | - | alan.lamport@northwind.fr', 'Edsger Wilson | - | edsger.wilson@wwi.com'],
  ],
  [
    'a person shown twice (featured and in the grid) is one person',
    `<aside><div><h3>Jane Doe</h3><a href="https://www.linkedin.com/in/jane-doe">in</a></div><div><h3>John Roe</h3><a href="https://www.linkedin.com/in/john-roe">in</a></div></aside>
     <section><div><h3>Jane Doe</h3><a href="mailto:jane@acme.com">Email</a><a href="https://www.linkedin.com/in/jane-doe">in</a></div>
     <div><h3>Amy Poe</h3><a href="mailto:amy@acme.com">Email</a></div></section>`,
    ['Jane Doe | - | jane@acme.com in/jane-doe', 'John Roe | - | in/john-roe', 'Amy Poe | - | amy@acme.com'],
  ],
  [
    'work and personal addresses on one card',
    `<div><div><h3>Amara Okafor</h3><p>Work: amara@acme.com · personal: amara.codes@gmail.com</p></div><div><h3>John Roe</h3><p>john@acme.com</p></div></div>`,
    ['Amara Okafor | - | amara@acme.com amara.codes@gmail.com', 'John Roe | - | john@acme.com'],
  ],
  [
    'a vCard link, mailto and tel per card (relative vCard links add nothing)',
    `<ul class="attorneys"><li><h4>Jane Doe</h4><p>Partner</p><a href="/vcard/jane-doe.vcf">vCard</a> <a href="mailto:jane@acme-law.com">Email</a> <a href="tel:+14155550142">T +1 415 555 0142</a></li>
     <li><h4>John Roe</h4><p>Partner</p><a href="/vcard/john-roe.vcf">vCard</a> <a href="mailto:john@acme-law.com">Email</a> <a href="tel:+14155550143">T +1 415 555 0143</a></li></ul>`,
    ['Jane Doe | Partner | jane@acme-law.com +14155550142', 'John Roe | Partner | john@acme-law.com +14155550143'],
  ],
  [
    'speaker list: name, "Title, Company", profile',
    `<ol><li><h4>Priya Natarajan</h4><span>Principal Engineer, Quillstack</span> <a href="https://www.linkedin.com/in/priya-natarajan">LinkedIn</a></li>
     <li><h4>Chen Wei</h4><span>Staff Engineer, Northwind</span> <a href="https://www.linkedin.com/in/chen-wei">LinkedIn</a></li></ol>`,
    ['Priya Natarajan | Principal Engineer, Quillstack | in/priya-natarajan', 'Chen Wei | Staff Engineer, Northwind | in/chen-wei'],
  ],
  [
    'share buttons on every card are not profiles',
    `<div><div><h3>Jane Doe</h3><a href="mailto:jane@acme.com">Email</a><a href="https://www.linkedin.com/sharing/share-offsite/?url=x">Share</a></div>
     <div><h3>John Roe</h3><a href="mailto:john@acme.com">Email</a><a href="https://www.linkedin.com/sharing/share-offsite/?url=y">Share</a></div></div>`,
    ['Jane Doe | - | jane@acme.com', 'John Roe | - | john@acme.com'],
  ],
  [
    'a "Contact us" block is nobody',
    `<main><h1>Acme</h1><div class="contact"><h2>Contact us</h2><p><a href="mailto:info@acme.com">info@acme.com</a></p><p>+1 415 555 0100</p></div></main>`,
    [],
  ],
  [
    'repeated office blocks with role mailboxes are nobody',
    `<section><h2>London Office</h2><p>london@acme.com</p><p>+44 20 7946 0000</p></section>
     <section><h2>Sales Team</h2><p>sales@acme.com</p><p>+44 20 7946 0001</p></section>`,
    [],
  ],
  [
    'a footer list of mailboxes is nobody',
    `<footer><ul><li><a href="mailto:sales@acme.com">Sales</a></li><li><a href="mailto:support@acme.com">Support</a></li><li><a href="mailto:press@acme.com">Press</a></li></ul></footer>`,
    [],
  ],
  [
    'a footer phone beside a people grid stays loose',
    `<section>${JANE}${JOHN}</section><footer><p>© Acme LLP · +1 415 555 0199</p></footer>`,
    [JANE_LINE, JOHN_LINE],
  ],
  [
    'a single author box is not a list of people',
    `<article><p>Long text.</p><div class="author"><h4>Priya Natarajan</h4><a href="mailto:priya@quill.io">priya@quill.io</a></div></article>`,
    [],
  ],
  [
    'cards without identifiers contribute nothing',
    `<div><div><h3>Jane Doe</h3><p>Partner</p></div><div><h3>John Roe</h3><p>Associate</p><p>john@acme.com</p></div><div><h3>Amy Poe</h3><p>amy@acme.com</p></div></div>`,
    ['John Roe | Associate | john@acme.com', 'Amy Poe | - | amy@acme.com'],
  ],
  [
    'a card with no email shows its phone and profile',
    `<section>${JANE}<article class="person"><h3>John Roe</h3><p class="role">Paralegal</p><p>No email listed</p><p><a href="tel:+14155550143">+1 415 555 0143</a></p><a href="https://www.linkedin.com/in/john-roe/">LinkedIn</a></article></section>`,
    [JANE_LINE, 'John Roe | Paralegal | +14155550143 in/john-roe'],
  ],
  [
    'country subdomains and tracking parameters of profiles',
    `<ul><li><b>Jane Doe</b> <a href="https://uk.linkedin.com/in/Jane-Doe?trk=x">in</a></li><li><b>John Roe</b> <a href="http://de.linkedin.com/in/john-roe/">in</a></li></ul>`,
    ['Jane Doe | - | in/jane-doe', 'John Roe | - | in/john-roe'],
  ],
  [
    'hidden regions (script, template, editable) never add a person',
    `<div><div><h3>Jane Doe</h3><p>jane@acme.com</p><script>"john@acme.com"</script></div><div><h3>Amy Poe</h3><p>amy@acme.com</p></div>
     <div contenteditable="true"><h3>Zed Ghost</h3><p>zed@acme.com</p></div></div>`,
    ['Jane Doe | - | jane@acme.com', 'Amy Poe | - | amy@acme.com'],
  ],
  [
    'a name with a comma-separated credential',
    `<ul><li>Jane Doe, CPA — <a href="mailto:jane@acme.com">jane@acme.com</a></li><li>John Roe, Esq. — <a href="mailto:john@acme.com">john@acme.com</a></li></ul>`,
    ['Jane Doe | CPA | jane@acme.com', 'John Roe | Esq. | john@acme.com'],
  ],
  [
    'hostile markup in a name is text, never HTML',
    `<div><div><h3>Jane &lt;img src=x onerror=alert(1)&gt; Doe</h3><p>jane@acme.com</p></div><div><h3>John Roe</h3><p>john@acme.com</p></div></div>`,
    ['John Roe | - | john@acme.com'],
  ],
  [
    'our own UI inside a card is not the page’s text (a heading of ours would outrank the card’s name)',
    `<div><div><h2 data-in-page-enrich>Ada Lovelace</h2><p>Jane Doe</p><p>jane@acme.com</p></div><div><p>John Roe</p><p>john@acme.com</p></div></div>`,
    ['Jane Doe | - | jane@acme.com', 'John Roe | - | john@acme.com'],
  ],
];

describe('people grouped from the page', () => {
  it.each(ROWS)('%s', (_why, html, expected) => {
    expect(peopleLines(entitiesOf(html))).toEqual(expected);
  });

  it('every identifier of a person is also in the flat lists', () => {
    for (const [, html] of ROWS) {
      const e = entitiesOf(html);
      for (const p of e.people) {
        for (const v of p.emails) expect(e.emails).toContain(v);
        for (const v of p.phones) expect(e.phones).toContain(v);
        for (const v of p.profiles) expect(e.profiles).toContain(v);
      }
    }
  });

  it.each<[string, string, string]>([
    ['a profile URL first', `<section>${JANE}${JOHN}</section>`, 'https://www.linkedin.com/in/jane-doe'],
    [
      'else the email',
      `<div><div><h3>Jane Doe</h3><p>jane@acme.com +1 415 555 0142</p></div><div><h3>John Roe</h3><p>john@acme.com</p></div></div>`,
      'jane@acme.com',
    ],
    [
      'else the phone',
      `<div><div><h3>Jane Doe</h3><p>+1 415 555 0142</p></div><div><h3>John Roe</h3><p>+1 415 555 0143</p></div></div>`,
      '+14155550142',
    ],
  ])("a person's id is %s", (_why, html, id) => {
    expect(entitiesOf(html).people[0]?.id).toBe(id);
  });
});

const COMPANY_ROWS: Array<[string, string, string[]]> = [
  [
    'a partner list of links to company sites: shown by their domains, not the links\' text',
    `<ul><li><a href="https://www.contoso.com/?ref=x">Contoso</a></li><li><a href="https://shop.fabrikam.co.uk/">Fabrikam</a></li></ul>`,
    ['contoso.com | contoso.com', 'fabrikam.co.uk | fabrikam.co.uk'],
  ],
  [
    'logos: a badge\'s alt is no company name either',
    `<div class="logos"><a href="https://contoso.com"><img src="c.svg" alt="Contoso"></a><a href="https://www.litware.de"><img src="l.svg" alt="Litware GmbH"></a></div>`,
    ['contoso.com | contoso.com', 'litware.de | litware.de'],
  ],
  [
    'company pages on a network keep the text that spells their slug (no domain to show)',
    `<ul><li><a href="https://www.linkedin.com/company/contoso/">Contoso</a></li><li><a href="https://www.linkedin.com/company/fabrikam">Fabrikam</a></li></ul>`,
    ['Contoso | company/contoso', 'Fabrikam | company/fabrikam'],
  ],
  [
    'portfolio cards: heading, blurb and a website link',
    `<div><div><h3>Northwind Traders</h3><p>Logistics for small shops.</p><a href="https://northwindtraders.fr">Website</a></div>
     <div><h3>Wide World Importers</h3><p>Imports.</p><a href="https://wideworldimporters.com">Website</a></div></div>`,
    ['northwindtraders.fr | northwindtraders.fr', 'wideworldimporters.com | wideworldimporters.com'],
  ],
  [
    'links in prose name no company',
    `<article><p>Read the <a href="https://nodejs.org/api/url.html">URL API</a> docs for details on parsing.</p><p>See <a href="https://developer.mozilla.org/">MDN's notes</a> too.</p></article>`,
    [],
  ],
  [
    'a menu of links is not a list of companies',
    `<nav><a href="https://blog.acme.com">Blog</a><a href="https://jobs.lever.co/acme">Careers</a><a href="https://status.acme.com">Status</a></nav>`,
    [],
  ],
  [
    "the page's own site is the page, not a company it shows",
    `<ul><li><a href="https://blog.acme-law.com/">Acme Law Blog</a></li><li><a href="https://contoso.com">Contoso</a></li><li><a href="https://fabrikam.com">Fabrikam</a></li></ul>`,
    ['contoso.com | contoso.com', 'fabrikam.com | fabrikam.com'],
  ],
];

describe('companies grouped from the page', () => {
  it.each(COMPANY_ROWS)('%s', (_why, html, expected) => {
    expect(companyLines(entitiesOf(html))).toEqual(expected);
  });
});

describe('names the parser splits into several text nodes', () => {
  it.each<[string, string, string]>([
    ['an apostrophe entity', 'Clay O&#39;Conner', "Clay O'Conner"],
    ['an ampersand in a title', 'Jane Doe', 'Jane Doe'],
  ])('%s', (_why, nameHtml, name) => {
    const html = `<div><div><h3>${nameHtml}</h3><p>Co-founder &amp; CEO</p><p>a1@acme.com</p></div><div><h3>Amy Poe</h3><p>a2@acme.com</p></div></div>`;
    expect(entitiesOf(html).people[0]).toMatchObject({ name, title: 'Co-founder & CEO' });
  });

  // Here the lines are text nodes between <br>s, not whole elements: a line read from a text node is final only once
  // the node after it is not a text node that continues it (the reader stops early for lines read whole).
  it.each<[string, string, string, string]>([
    ['the name and the title split at entities, one <br> between them', 'Clay O&#39;Conner<br>Co-founder &amp; CEO', "Clay O'Conner", 'Co-founder & CEO'],
    ['the title split at an entity, then a link', 'Amy Poe<br>Partner &amp; Head of Tax<a href="/vcard/1">vCard</a>', 'Amy Poe', 'Partner & Head of Tax'],
  ])('%s', (_why, cardHtml, name, title) => {
    const html = `<div><div><p>${cardHtml}</p><p>a1@acme.com</p></div><div><p>Bo Lin<br>Associate</p><p>a2@acme.com</p></div></div>`;
    expect(entitiesOf(html).people[0]).toMatchObject({ name, title });
  });

  // A line read from an element is not continued by the text after it, even when the parser split that text (a blank
  // node, then more): a browser's parser never splits it, and reads the same lines.
  it.each<[string, string, string[]]>([
    ['a heading, then "&" split off a space: the name stays the heading', '<h3>Bo&nbsp;Lin</h3>&#32;&amp;<p>Associate</p>', ['Bo Lin | - | a1@acme.com']],
    ['a bold first name, then the rest split at &nbsp;: no name glued together ("Anade la Cruz")', '<p><b>Ana</b>&nbsp;de la Cruz</p><p>Counsel</p>', []],
  ])('%s', (_why, cardHtml, expected) => {
    const html = `<div><div>${cardHtml}<p>a1@acme.com</p></div><div><h3>Amy Poe</h3><p>a2@acme.com</p></div></div>`;
    expect(peopleLines(entitiesOf(html)).filter((line) => !line.startsWith('Amy Poe'))).toEqual(expected);
  });
});

describe('a page with more identifiers than the grouper takes', () => {
  // A full pass reads every link of the page before any text. 10,500 rows of two links each give 21,000 identifiers
  // from links alone, more than the grouper takes (20,000): links may give at most half, so the phones written as
  // text in the same rows still reach the people the grouper lists.
  it('the people it lists keep the phones written beside their links', () => {
    const rows = Array.from({ length: 10_500 }, (_, i) => {
      const n = String(i % 10_000).padStart(4, '0');
      return `<tr><td>+44 20 ${7000 + Math.floor(i / 10_000)} ${n}</td><td><a href="https://www.linkedin.com/in/member-${i}">Profile</a> <a href="mailto:member.${i}@acme-law.com">Email</a></td></tr>`;
    });
    const { people } = entitiesOf(`<table>${rows.join('')}</table>`);
    expect(people.length).toBeGreaterThan(1000);
    expect(people[0]).toMatchObject({ phones: ['+442070000000'], profiles: ['https://www.linkedin.com/in/member-0'] });
    expect(people.filter((p) => p.phones.length === 1)).toHaveLength(people.length);
  }, budget(120_000));

  it('a page of links only still gives up to the whole limit to its links', () => {
    // 4,000 rows of three links: 12,000 identifiers, all from links, more than the half links may take at first.
    const rows = Array.from(
      { length: 4000 },
      (_, i) =>
        `<tr><td><a href="https://www.linkedin.com/in/member-${i}">Profile</a></td><td><a href="mailto:member.${i}@acme-law.com">Email</a></td>` +
        `<td><a href="tel:+1415555${String(i).padStart(4, '0')}">Call</a></td></tr>`,
    );
    const { people } = entitiesOf(`<table>${rows.join('')}</table>`);
    expect(people).toHaveLength(4000);
    expect(people[3999]).toMatchObject({ emails: ['member.3999@acme-law.com'], profiles: ['https://www.linkedin.com/in/member-3999'] });
    expect(people[3999]?.phones).toHaveLength(1);
  }, budget(120_000));

  it('links handed again after the text keep out of editable regions', () => {
    const row = (i: number): string =>
      `<tr><td><a href="https://www.linkedin.com/in/member-${i}">Profile</a></td><td><a href="mailto:member.${i}@acme-law.com">Email</a></td>` +
      `<td><a href="tel:+1415555${String(i).padStart(4, '0')}">Call</a></td></tr>`;
    // A draft that quotes two members' rows, after 12,000 identifiers of links: read when links are handed again.
    const draft = `<div contenteditable="true"><table>${row(0)}${row(1)}</table></div>`;
    const { people } = entitiesOf(`<table>${Array.from({ length: 4000 }, (_, i) => row(i)).join('')}</table>${draft}`);
    expect(people).toHaveLength(4000);
    expect(people[0]).toMatchObject({ profiles: ['https://www.linkedin.com/in/member-0'], emails: ['member.0@acme-law.com'] });
  }, budget(120_000));
});

// A table's header says what each cell holds, in the languages staff tables are written in: the cell after the name
// is a title only under a title header. Each line: "Name | Title | Company | identifiers".
describe('table headers say which cell is the title and which the company', () => {
  const lines = (html: string): string[] =>
    entitiesOf(html).people.map((p) => [p.name ?? '-', p.title ?? '-', p.company ?? '-', [...p.emails, ...p.phones].join(' ')].join(' | '));
  it.each<[string, string, string[]]>([
    [
      'a member directory, "Name | Company | Email": the company is no title',
      `<table><thead><tr><th>Name</th><th>Company</th><th>Email</th></tr></thead><tbody>
       <tr><td>Jane Doe</td><td>Northwind Traders</td><td>jane.doe@northwindtraders.com</td></tr>
       <tr><td>John Roe</td><td>Contoso</td><td>john.roe@contoso.com</td></tr></tbody></table>`,
      ['Jane Doe | - | Northwind Traders | jane.doe@northwindtraders.com', 'John Roe | - | Contoso | john.roe@contoso.com'],
    ],
    [
      'a university table, "Name | Department | Position | Email": the title is under Position, not the next cell',
      `<table><thead><tr><th>Name</th><th>Department</th><th>Position</th><th>Email</th></tr></thead><tbody>
       <tr><td>Jane Doe</td><td>Physics</td><td>Senior Lecturer</td><td>j.doe@uni.ac.uk</td></tr>
       <tr><td>John Roe</td><td>Chemistry</td><td>Professor</td><td>j.roe@uni.ac.uk</td></tr></tbody></table>`,
      ['Jane Doe | Senior Lecturer | - | j.doe@uni.ac.uk', 'John Roe | Professor | - | j.roe@uni.ac.uk'],
    ],
    [
      'German, "Vorname | Nachname | Funktion | E-Mail": the name is the two cells',
      `<table><thead><tr><th>Vorname</th><th>Nachname</th><th>Funktion</th><th>E-Mail</th></tr></thead><tbody>
       <tr><td>Jürgen</td><td>Schäfer</td><td>Geschäftsführer</td><td>j.schaefer@mueller-bau.de</td></tr>
       <tr><td>Anna</td><td>Becker</td><td>Prokuristin</td><td>a.becker@mueller-bau.de</td></tr></tbody></table>`,
      ['Jürgen Schäfer | Geschäftsführer | - | j.schaefer@mueller-bau.de', 'Anna Becker | Prokuristin | - | a.becker@mueller-bau.de'],
    ],
    [
      'French, "Nom complet | Société | Poste | Courriel", the header in a first row of th cells',
      `<table><tr><th>Nom complet</th><th>Société</th><th>Poste</th><th>Courriel</th></tr>
       <tr><td>Claire Martin</td><td>Fabrikam</td><td>Directrice commerciale</td><td>claire.martin@fabrikam.fr</td></tr>
       <tr><td>Luc Bernard</td><td>Litware</td><td>Ingénieur</td><td>luc.bernard@litware.fr</td></tr></table>`,
      ['Claire Martin | Directrice commerciale | Fabrikam | claire.martin@fabrikam.fr', 'Luc Bernard | Ingénieur | Litware | luc.bernard@litware.fr'],
    ],
    [
      'Spanish, "Nombre | Empresa | Cargo | Teléfono"',
      `<table><thead><tr><th>Nombre y apellidos</th><th>Empresa</th><th>Cargo</th><th>Teléfono</th></tr></thead><tbody>
       <tr><td>Lucía Fernández</td><td>Tailspin</td><td>Directora de ventas</td><td>+34 912 345 678</td></tr>
       <tr><td>Javier Ruiz</td><td>Adventure Works</td><td>Consultor</td><td>+34 913 456 789</td></tr></tbody></table>`,
      ['Lucía Fernández | Directora de ventas | Tailspin | +34912345678', 'Javier Ruiz | Consultor | Adventure Works | +34913456789'],
    ],
    [
      'Japanese, "氏名 | 所属 | 役職 | メール": the department is no title',
      `<table><thead><tr><th>氏名</th><th>所属</th><th>役職</th><th>メール</th></tr></thead><tbody>
       <tr><td>Kenji Sato</td><td>営業部</td><td>部長</td><td>k.sato@tanaka-shoji.co.jp</td></tr>
       <tr><td>Yumi Ito</td><td>開発部</td><td>主任</td><td>y.ito@tanaka-shoji.co.jp</td></tr></tbody></table>`,
      ['Kenji Sato | 部長 | - | k.sato@tanaka-shoji.co.jp', 'Yumi Ito | 主任 | - | y.ito@tanaka-shoji.co.jp'],
    ],
    [
      'a name the header vouches for, written without capitals (Japanese, and a lower-case member list)',
      `<table><thead><tr><th>氏名</th><th>役職</th><th>メール</th></tr></thead><tbody>
       <tr><td>佐藤 健二</td><td>部長</td><td>k.sato@tanaka-shoji.co.jp</td></tr>
       <tr><td>伊藤 由美</td><td>主任</td><td>y.ito@tanaka-shoji.co.jp</td></tr>
       <tr><td>—</td><td>受付</td><td>uketsuke@tanaka-shoji.co.jp</td></tr></tbody></table>
       <table><thead><tr><th>Name</th><th>Email</th></tr></thead><tbody>
       <tr><td>noah wang</td><td>noah.wang@initech.io</td></tr><tr><td>mia kim</td><td>mia.kim@initech.io</td></tr></tbody></table>`,
      ['佐藤 健二 | 部長 | - | k.sato@tanaka-shoji.co.jp', '伊藤 由美 | 主任 | - | y.ito@tanaka-shoji.co.jp', 'noah wang | - | - | noah.wang@initech.io', 'mia kim | - | - | mia.kim@initech.io'],
    ],
    [
      'a header cell spanning two columns: the title column is counted after it',
      `<table><thead><tr><th>Name</th><th colspan="2">Contact</th><th>Job title</th></tr></thead><tbody>
       <tr><td>Jane Doe</td><td>jane.doe@acme-law.com</td><td>+1 415 555 0142</td><td>Partner</td></tr>
       <tr><td>John Roe</td><td>john.roe@acme-law.com</td><td>+1 415 555 0143</td><td>Associate</td></tr></tbody></table>`,
      ['Jane Doe | Partner | - | jane.doe@acme-law.com +14155550142', 'John Roe | Associate | - | john.roe@acme-law.com +14155550143'],
    ],
    [
      'a row whose cell spans two columns: the cells after it keep their columns',
      `<table><thead><tr><th>Name</th><th>Room</th><th>Telephone</th><th>Company</th><th>Email</th></tr></thead><tbody>
       <tr><td>Jane Doe</td><td>B 204</td><td>+1 415 555 0142</td><td>Contoso</td><td>jane.doe@contoso.com</td></tr>
       <tr><td>John Roe</td><td colspan="2">Remote (on leave until March)</td><td>Fabrikam</td><td>john.roe@fabrikam.com</td></tr></tbody></table>`,
      ['Jane Doe | - | Contoso | jane.doe@contoso.com +14155550142', 'John Roe | - | Fabrikam | john.roe@fabrikam.com'],
    ],
    [
      'a name cell with the title on its own second line, under "Name | Company"',
      `<table><thead><tr><th>Name</th><th>Company</th><th>Email</th></tr></thead><tbody>
       <tr><td><strong>Jane Doe</strong><br>Partner</td><td>Northwind Traders</td><td>jane.doe@northwindtraders.com</td></tr>
       <tr><td><strong>John Roe</strong><br>Associate</td><td>Contoso</td><td>john.roe@contoso.com</td></tr></tbody></table>`,
      ['Jane Doe | Partner | Northwind Traders | jane.doe@northwindtraders.com', 'John Roe | Associate | Contoso | john.roe@contoso.com'],
    ],
    [
      'an empty title cell is no title (the next cell is not taken instead)',
      `<table><thead><tr><th>Name</th><th>Title</th><th>Office</th><th>Email</th></tr></thead><tbody>
       <tr><td>Jane Doe</td><td></td><td>London</td><td>jane.doe@acme-law.com</td></tr>
       <tr><td>John Roe</td><td>Associate</td><td>Leeds</td><td>john.roe@acme-law.com</td></tr></tbody></table>`,
      ['Jane Doe | - | - | jane.doe@acme-law.com', 'John Roe | Associate | - | john.roe@acme-law.com'],
    ],
    [
      'a header of words it does not know: the row is read as any record (the cell after the name is the title)',
      `<table><thead><tr><th>Lawyer</th><th>Focus</th><th>Email</th></tr></thead><tbody>
       <tr><td>Jane Doe</td><td>Litigation</td><td>jane.doe@acme-law.com</td></tr>
       <tr><td>John Roe</td><td>Tax</td><td>john.roe@acme-law.com</td></tr></tbody></table>`,
      ['Jane Doe | Litigation | - | jane.doe@acme-law.com', 'John Roe | Tax | - | john.roe@acme-law.com'],
    ],
    [
      'tables of one page: one header read once for both tables that show it, another header read for itself',
      `<table><thead><tr><th>Name</th><th>Company</th><th>Email</th></tr></thead><tbody>
       <tr><td>Jane Doe</td><td>Contoso</td><td>jane.doe@contoso.com</td></tr><tr><td>John Roe</td><td>Fabrikam</td><td>john.roe@fabrikam.com</td></tr></tbody></table>
       <table><thead><tr><th>Name</th><th>Title</th><th>Email</th></tr></thead><tbody>
       <tr><td>Ann Lee</td><td>Partner</td><td>ann.lee@acme-law.com</td></tr><tr><td>Bo Lin</td><td>Associate</td><td>bo.lin@acme-law.com</td></tr></tbody></table>
       <table><thead><tr><th>Name</th><th>Company</th><th>Email</th></tr></thead><tbody>
       <tr><td>Cy Tan</td><td>Northwind</td><td>cy.tan@northwind.com</td></tr><tr><td>Di Wu</td><td>Tailspin</td><td>di.wu@tailspin.com</td></tr></tbody></table>
       <table><thead><tr><th>Name</th><th colspan="2">Company</th><th>Title</th><th>Email</th></tr></thead><tbody>
       <tr><td>Ed Fox</td><td>Litware</td><td>Ltd</td><td>Counsel</td><td>ed.fox@litware.com</td></tr><tr><td>Flo Kim</td><td>Adatum</td><td>Inc</td><td>Paralegal</td><td>flo.kim@adatum.com</td></tr></tbody></table>`,
      [
        'Jane Doe | - | Contoso | jane.doe@contoso.com',
        'John Roe | - | Fabrikam | john.roe@fabrikam.com',
        'Ann Lee | Partner | - | ann.lee@acme-law.com',
        'Bo Lin | Associate | - | bo.lin@acme-law.com',
        'Cy Tan | - | Northwind | cy.tan@northwind.com',
        'Di Wu | - | Tailspin | di.wu@tailspin.com',
        'Ed Fox | Counsel | Litware | ed.fox@litware.com',
        'Flo Kim | Paralegal | Adatum | flo.kim@adatum.com',
      ],
    ],
    [
      'the name column holds a link to the person, the company column a link to its site',
      `<table><thead><tr><th>Name</th><th>Organisation</th><th>Email</th></tr></thead><tbody>
       <tr><td><a href="/people/jane-doe">Jane Doe</a></td><td><a href="https://www.contoso.com/">Contoso</a></td><td>jane.doe@contoso.com</td></tr>
       <tr><td><a href="/people/john-roe">John Roe</a></td><td><a href="https://www.fabrikam.com/">Fabrikam</a></td><td>john.roe@fabrikam.com</td></tr></tbody></table>`,
      ['Jane Doe | - | Contoso | jane.doe@contoso.com', 'John Roe | - | Fabrikam | john.roe@fabrikam.com'],
    ],
  ])('%s', (_why, html, expected) => {
    expect(lines(html)).toEqual(expected);
  });
});
