// The encoding a user's file is read in: UTF-8 (BOM or not), UTF-16 by its BOM, else Windows-1252 (old Excel "CSV").
import { describe, expect, it } from 'vitest';
import { sniffEncoding } from '@/lib/import/encoding';

const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

describe('sniffEncoding', () => {
  it.each<[string, Uint8Array, string]>([
    ['plain ASCII', new TextEncoder().encode('Email\r\nana@acme.com\r\n'), 'utf-8'],
    ['UTF-8 with accents', new TextEncoder().encode('Vorname;Nachname\r\nJürgen;Müller\r\n'), 'utf-8'],
    ['UTF-8 with a BOM', Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('Name\r\nZoë\r\n')]), 'utf-8'],
    ['Windows-1252 (old Excel on Windows)', latin1('Vorname;Nachname\r\nJürgen;Müller\r\nSociété;Prénom\r\n'), 'windows-1252'],
    ['UTF-16LE with its BOM (Excel "Unicode text")', Uint8Array.from([0xff, 0xfe, 0x4e, 0x00, 0x61, 0x00]), 'utf-16le'],
    ['UTF-16BE with its BOM', Uint8Array.from([0xfe, 0xff, 0x00, 0x4e, 0x00, 0x61]), 'utf-16be'],
  ])('%s → %s', async (_why, bytes, encoding) => {
    expect(await sniffEncoding(new Blob([bytes.slice().buffer as ArrayBuffer]))).toBe(encoding);
  });

  it('a UTF-8 character cut by the end of the 64 KiB sample is no evidence against UTF-8', async () => {
    const line = 'Jürgen Müller;juergen@beispiel-gmbh.de\r\n';
    let text = '';
    while (new TextEncoder().encode(text).length < 70_000) text += line;
    const bytes = new TextEncoder().encode(text);
    // Find a cut inside "ü" (2 bytes) at the sample's end: the sample holds only its first byte.
    const at = bytes.indexOf(0xc3, 65_536 - 40);
    const shifted = new Uint8Array(bytes.length + (65_535 - at));
    shifted.fill(0x20, 0, 65_535 - at);
    shifted.set(bytes, 65_535 - at);
    expect(shifted[65_535]).toBe(0xc3);
    expect(await sniffEncoding(new Blob([shifted.buffer as ArrayBuffer]))).toBe('utf-8');
  });

  it('a Windows-1252 file whose first accent comes after the first 64 KiB is read as Windows-1252', async () => {
    // ASCII rows first, as a list sorted by e-mail puts "Müller" late; a sample of the head saw valid UTF-8.
    let text = 'Name;Email\r\n';
    for (let i = 0; text.length < 80_000; i++) text += `Person ${i};p${i}@example.com\r\n`;
    text += 'Jürgen Müller;juergen@beispiel-gmbh.de\r\n';
    expect(await sniffEncoding(new Blob([latin1(text).slice().buffer as ArrayBuffer]))).toBe('windows-1252');
  });

  it('a UTF-8 file with accents and one stray byte late stays UTF-8 (its accents would all turn to "Ã¼")', async () => {
    const good = new TextEncoder().encode('Name;Email\r\nJürgen Müller;j@beispiel.de\r\n'.repeat(2_000));
    const bytes = new Uint8Array(good.length + 3);
    bytes.set(good);
    bytes.set([0xfc, 0x0d, 0x0a], good.length);
    expect(await sniffEncoding(new Blob([bytes.buffer as ArrayBuffer]))).toBe('utf-8');
  });
});
