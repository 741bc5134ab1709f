import { describe, expect, it } from 'vitest';
import { scanHtml } from '@/scripts/scan';

// Imprints and footer widgets name their people after a role label ("Obmann: OSR Markus Fuchs", "Geschäftsführer:
// Max Mustermann") with the person's own address below. The name is taken when that address names the same person;
// a deputy named beside the office's mailbox and an editorial masthead are not contacts.
const lines = (blocks: string, url = 'https://www.berufsschule-beispiel.at/kontakt', lang = 'de-AT'): string[] =>
  scanHtml(`<!doctype html><html lang="${lang}"><head><title>Kontakt</title></head><body><main><p>Willkommen.</p></main><footer><section>${blocks}</section></footer></body></html>`, url).people.map(
    (p) => [p.name, p.title ?? '-', ...p.emails, ...p.phones].join(' | '),
  );

const widget = (heading: string, body: string): string => `<article class="widget"><h3>${heading}</h3><div class="textwidget">${body}</div></article>`;
const SCHOOL = widget(
  'Fahrzeugtechnik',
  'Direktor: OSR Dipl.-Päd. Markus Fuchs<br>\nStellvertretung: BDS Ing. Ernst Bauer, BEd<br>\n<br>\nTel: +43 1 599 16 - 957 35<br>\nMail: <a href="mailto:office.921015@schule.wien.gv.at">office.921015@schule.wien.gv.at</a>',
);
const ASSOCIATION = widget(
  'Berufsbildungs-Trainingszentrum',
  'Verein der Freunde für berufsbegleitende Aus- und Weiterbildung<br>\nObmann: OSR Markus Fuchs<br>\n<br>\nTel: +43 664 868 7407<br>\nMail: <a href="mailto:markus.fuchs@schule.wien.gv.at">markus.fuchs@schule.wien.gv.at</a>',
);

describe('a name after a role label', () => {
  it('is the person when their own address names them; the role is the title', () => {
    expect(lines(SCHOOL + ASSOCIATION)).toEqual(['OSR Markus Fuchs | Obmann | markus.fuchs@schule.wien.gv.at | +436648687407']);
  });

  it("a deputy named beside the office's mailbox gets no card, nor the office's line", () => {
    expect(lines(SCHOOL + ASSOCIATION).join('\n')).not.toContain('Ernst Bauer');
  });

  it('an imprint in English and German reads the same way', () => {
    const imprint =
      widget('Impressum', 'Geschäftsführer: Max Mustermann<br>\nE-Mail: <a href="mailto:max.mustermann@beispiel-gmbh.de">max.mustermann@beispiel-gmbh.de</a>') +
      widget('Contact', 'Managing Director: Jane Doe, MBA<br>\nEmail: <a href="mailto:jane.doe@example-ltd.co.uk">jane.doe@example-ltd.co.uk</a>');
    expect(lines(imprint, 'https://www.beispiel-gmbh.de/impressum', 'de')).toEqual([
      'Max Mustermann | Geschäftsführer | max.mustermann@beispiel-gmbh.de',
      'Jane Doe | Managing Director | jane.doe@example-ltd.co.uk',
    ]);
  });

  it("a newspaper's masthead (Editor, Reporter, its manager) lists staff, not contacts", () => {
    const masthead =
      '<div class="footer-head"><div>Editor: Katy Grimes, <a href="mailto:katy@globe-news.com">katy@globe-news.com</a></div>' +
      '<div>Reporter: Evan Symon, <a href="mailto:evan@globe-news.com">evan@globe-news.com</a></div>' +
      '<div>General Manager &amp; Advertising: Kevin Sanders, <a href="mailto:kevin@globe-news.com">kevin@globe-news.com</a></div></div>';
    expect(lines(masthead, 'https://globe-news.com/articles/x/', 'en-US')).toEqual([]);
  });

  it('a label line that is no name stays none ("Tel: …", "Mail: …")', () => {
    const only = widget('Sekretariat', 'Tel: +43 1 599 16 - 957 30<br>\nMail: <a href="mailto:sekretariat@schule.wien.gv.at">sekretariat@schule.wien.gv.at</a>');
    expect(lines(only + ASSOCIATION)).toEqual(['OSR Markus Fuchs | Obmann | markus.fuchs@schule.wien.gv.at | +436648687407']);
  });
});
