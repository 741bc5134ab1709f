// Files as real tools export them (tests/fixtures/import), through the path the import view takes: parse, skip a
// preamble, header or data, guess the columns, plan each row. Each case failed before (an audit of 2026-11-26):
// LinkedIn's notes became the header and its "URL" column a website; Google's "E-mail 1 - Type" column (holding
// "* Work") was taken for the address; cells like "Name <address>", "mailto:", a leading "'" or an extension were
// unreadable.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectColumns, firstRowIsData, parseDelimited, planRow, preambleRows, type Mapping } from '@/lib/import';

const fixture = (name: string) => readFileSync(`${process.cwd()}/tests/fixtures/import/${name}`, 'utf8');

/** The import view's reading of a file: the header row, the mapping, and each data row's planned entry. */
async function readAsTheImportDoes(text: string, defaultCountry?: 'DE' | 'US') {
  const rows: string[][] = [];
  await parseDelimited(text, { onRows: async (chunk) => void rows.push(...chunk) });
  const preamble = preambleRows(rows);
  const table = rows.slice(preamble);
  const header = !firstRowIsData(table[0] ?? []);
  const headers = header ? (table[0] as string[]) : table[0]!.map((_, i) => `Column ${i + 1}`);
  const body = header ? table.slice(1) : table;
  const mapping: Mapping = detectColumns(headers, body).map((g) => g.kind);
  // Each kind's first column (an identifier may have several: every one is read, in order).
  const columns: Record<string, string | undefined> = {};
  mapping.forEach((kind, i) => {
    if (kind !== 'ignore') columns[kind] ??= headers[i];
  });
  const entries = body.map((row) => {
    const plan = planRow(row, mapping, defaultCountry ? { defaultCountry } : {});
    return plan.entry ? `${plan.entry.field_type}:${plan.entry.value}${plan.entry.label ? ` (${plan.entry.label})` : ''}` : `skipped: ${plan.reason}`;
  });
  return { preamble, columns, entries };
}

describe('real exports', () => {
  it('LinkedIn Connections.csv: the notes are skipped, "URL" is the profile, every connection is read with its name', async () => {
    const read = await readAsTheImportDoes(fixture('linkedin-connections.csv'));
    expect(read.preamble).toBeGreaterThan(0);
    expect(read.columns).toMatchObject({ first_name: 'First Name', last_name: 'Last Name', profile_url: 'URL', email: 'Email Address', company: 'Company' });
    expect(read.entries).toEqual([
      'social_profile:https://www.linkedin.com/in/ada-lovelace-1815 (Ada Lovelace)',
      'email:grace.hopper@navy-example.org (Grace Hopper)',
      'social_profile:https://www.linkedin.com/in/alan-turing-1912 (Alan Turing)',
    ]);
  });

  it('Google Contacts: the "- Value" columns, not the "- Type" ones; several addresses in one cell give the first', async () => {
    const read = await readAsTheImportDoes(fixture('google-contacts.csv'));
    expect(read.columns).toMatchObject({ email: 'E-mail 1 - Value', phone: 'Phone 1 - Value', full_name: 'Name' });
    expect(read.entries).toEqual(['email:jane.doe@acmecorp-example.com (Jane Doe)', 'phone:+49301234567 (Max Mustermann)']);
  });

  it('German Outlook/Excel (BOM, semicolons): "Name <address>", mailto:, a national number, "\'+49 … ext. 12"', async () => {
    const read = await readAsTheImportDoes(fixture('outlook-de.csv'), 'DE');
    expect(read.columns).toMatchObject({ first_name: 'Vorname', last_name: 'Nachname', email: 'E-Mail-Adresse', phone: 'Telefon', company: 'Firma' });
    expect(read.entries).toEqual(['email:juergen.mueller@beispiel-gmbh.de (Jürgen Müller)', 'email:anna.schmidt@firma-ag.de (Anna Schmidt)']);
    // The phone column alone, as a file of numbers only would be read.
    const phoneOnly: Mapping = ['ignore', 'ignore', 'ignore', 'phone', 'ignore'];
    expect(planRow(['Jürgen', 'Müller', '', '030 12345678', ''], phoneOnly, { defaultCountry: 'DE' }).entry).toMatchObject({ value: '+493012345678' });
    expect(planRow(['Anna', 'Schmidt', '', "'+49 171 1234567 ext. 12", ''], phoneOnly).entry).toMatchObject({ value: '+491711234567' });
  });

  it('a one-column file of addresses with no header has no preamble, whatever its first line', async () => {
    const read = await readAsTheImportDoes('ana@acmecorp-example.com\nmo@beta-example.io\n');
    expect(read.preamble).toBe(0);
    expect(read.entries).toEqual(['email:ana@acmecorp-example.com', 'email:mo@beta-example.io']);
  });

  it('Outlook: several phone columns, a row read by the first that holds a number (here only the mobile)', async () => {
    const csv = 'First Name,Last Name,E-mail Address,Business Phone,Home Phone,Mobile Phone\r\nJane,Doe,,,,+1 415 555 0132\r\n';
    const read = await readAsTheImportDoes(csv);
    expect(read.entries).toEqual(['phone:+14155550132 (Jane Doe)']);
  });

  it('a scraper’s export: a tool’s link column first, the person’s profile in a later column', async () => {
    const csv =
      'profileUrl,fullName,defaultProfileUrl\r\n' +
      'https://www.linkedin.com/sales/lead/ACwAAA1b2C3,Ada Lovelace,https://www.linkedin.com/in/ada-lovelace-1815\r\n';
    const read = await readAsTheImportDoes(csv);
    expect(read.entries).toEqual(['social_profile:https://www.linkedin.com/in/ada-lovelace-1815 (Ada Lovelace)']);
  });
});
