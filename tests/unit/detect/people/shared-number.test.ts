import { describe, expect, it } from 'vitest';
import { scanHtml } from '@/scripts/scan';

// A number two contacts show is the organisation's (a switchboard printed under each press contact), however the page
// writes it each time; and a search result's number is the line of the site it found, not a person's.
const lines = (html: string, url: string, lang = 'de') =>
  scanHtml(`<!doctype html><html lang="${lang}"><head><title>Pressedienst</title></head><body>${html}</body></html>`, url).people.map((p) =>
    [p.name, ...p.emails, ...p.phones].join(' '),
  );

describe('a number printed for two contacts', () => {
  // As a press release prints its contacts: one block of text lines, the same switchboard under each name, the
  // second time with an en dash (U+2013) where the first has a hyphen.
  const release = (first: string, second: string): string =>
    '<div><p>Achtung Redaktionen - Für Fragen stehen Ihnen gerne zur Verfügung:<br>\n<br>\n' +
    `Pressekontakt:<br>\nNordwind SE<br>\nFelix Laurin<br>\nTel: ${first}<br>\nE-Mail: flaurin@nordwind-online.com<br>\n<br>\n` +
    `Kontakt Investoren:<br>\nNordwind SE<br>\nFelix Zanetti<br>\nTel: ${second}<br>\nE-Mail: fzanetti@nordwind-online.com<br>\n</p></div>`;

  it('is on neither card when written with a hyphen once and an en dash once', () => {
    expect(lines(release('+49 (0)40-30030-1000', '+49 (0)40-30030\u20131000'), 'https://www.iwr.de/presse/1')).toEqual([
      'Felix Laurin flaurin@nordwind-online.com',
      'Felix Zanetti fzanetti@nordwind-online.com',
    ]);
  });

  it('is on neither card when written in two formats', () => {
    expect(lines(release('+49 (0)40-30030-1000', '040 30030 1000'), 'https://www.iwr.de/presse/1')).toEqual([
      'Felix Laurin flaurin@nordwind-online.com',
      'Felix Zanetti fzanetti@nordwind-online.com',
    ]);
  });

  it("each contact's own line stays under their name, an en dash in it or not (the control)", () => {
    expect(lines(release('+49 (0)40-30030-1141', '+49 (0)40-30030\u20131142'), 'https://www.iwr.de/presse/1')).toEqual([
      'Felix Laurin flaurin@nordwind-online.com +4940300301141',
      'Felix Zanetti fzanetti@nordwind-online.com +4940300301142',
    ]);
  });

  it('the same person shown twice keeps their number (a featured card and the list)', () => {
    const card = (cls: string) => `<div class="${cls}"><h3>Jana Roth</h3><p>Pressesprecherin</p><p>Tel. 040 30030 1150</p></div>`;
    const other = '<div class="item"><h3>Tom Berg</h3><p>Pressesprecher</p><p>Tel. +49 40 30030-1151</p></div>';
    const html = `<aside>${card('featured')}</aside><main><div class="list">${card('item')}${other}</div></main>`;
    expect(lines(html, 'https://www.nordwind-online.com/presse')).toEqual(['Jana Roth +4940300301150', 'Tom Berg +4940300301151']);
  });
});

describe('a search results page', () => {
  const result = (title: string, site: string, phone: string): string =>
    `<li class="serp-item"><h2><a href="https://${site}/">${title}</a></h2><a href="https://${site}/">${site}</a><a href="tel:${phone}">Позвонить</a><p>Отличные цены</p></li>`;
  const html = `<form><input name="text" value="куплю автобус"></form><ul>${result('Mercedes Sprinter', 'luidorbus.ru', '+74956680848')}${result('Автобусы ПАЗ', 'mroteh.ru', '+74959743747')}</ul>`;

  it("makes no person of a result's title and call button", () => {
    expect(lines(html, 'https://yandex.ru/search/touch/?text=%D0%BA%D1%83%D0%BF%D0%BB%D1%8E', 'ru')).toEqual([]);
  });

  it('the numbers stay on the page, loose', () => {
    const entities = scanHtml(`<!doctype html><html lang="ru"><head><title>куплю автобус</title></head><body>${html}</body></html>`, 'https://yandex.ru/search/touch/?text=x');
    expect(entities.phones).toEqual(expect.arrayContaining(['+74956680848', '+74959743747']));
  });

  it('the same cards on a shop page are people (the control)', () => {
    expect(lines(html.replace('<form><input name="text" value="куплю автобус"></form>', ''), 'https://www.luidorbus.ru/kontakty', 'ru')).toContain(
      'Mercedes Sprinter +74956680848',
    );
  });
});
