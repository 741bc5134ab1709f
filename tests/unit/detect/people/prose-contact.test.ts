import { describe, expect, it } from 'vitest';
import { scanHtml } from '@/scripts/scan';

// A town's news item or a press release names its contact in running text, with one address of theirs: "Weitere
// Informationen erteilt Anne Althaus … unter Tel. 02382 59743 (althausa@stadt.ahlen.de)". The name the address spells
// is that person; a paragraph whose address spells no name before it stays loose.
const people = (paragraph: string, url = 'https://www.ahlen.de/aktuelles/reparaturcafe'): string[] =>
  scanHtml(`<!doctype html><html lang="de"><head><title>Reparaturcafé</title></head><body><main><p>Das Reparaturcafé öffnet am 27. März.</p>${paragraph}</main></body></html>`, url).people.map((p) =>
    [p.name, ...p.emails].join(' | '),
  );

describe('a contact named in running text', () => {
  it('is the name before the address that the address spells', () => {
    const p = '<p>Weitere Informationen erteilt Anne Althaus in der Leitstelle „Älter werden in Ahlen“ unter Tel. 02382 59743 (<a href="mailto:althausa@stadt.ahlen.de">althausa@stadt.ahlen.de</a>).</p>';
    expect(people(p)).toEqual(['Anne Althaus | althausa@stadt.ahlen.de']);
  });

  it('stops at the last word the address spells (the institution after the name is not part of it)', () => {
    const p = '<p>Contact: Professor Yong Jiang Fujian Agriculture and Forestry University (<a href="mailto:jiangyong@fafu.edu.cn">jiangyong@fafu.edu.cn</a>)</p>';
    expect(people(p, 'https://idw-online.de/de/news1')).toEqual(['Yong Jiang | jiangyong@fafu.edu.cn']);
  });

  it('an address that spells no name before it stays loose', () => {
    const p = '<p>Fragen beantwortet Anne Althaus gern, schreiben Sie an <a href="mailto:leitstelle@stadt.ahlen.de">leitstelle@stadt.ahlen.de</a>.</p>';
    expect(people(p)).toEqual([]);
  });

  it('a role mailbox in running text is nobody\'s, whatever name stands before it', () => {
    const p = '<p>Anne Althaus und das Team erreichen Sie unter <a href="mailto:info@stadt.ahlen.de">info@stadt.ahlen.de</a>.</p>';
    expect(people(p)).toEqual([]);
  });
});
