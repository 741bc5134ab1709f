/** Exports of contacts and lists: CSV, TSV (clipboard for spreadsheets), JSON and vCard. Pure: strings in, strings out. */
export { CONTACT_COLUMNS, CONTACT_LABELS, contactsTable, flattenContact, fullNameOf, profileUrlOf, type ContactColumn } from './contact-rows';
export { neutraliseFormula, toCsv, toJson, toTsv, type Cell, type TableRow, type Tabular } from './tabular';
export { escapeText, fileNameFor, foldLine, paramToken, toVCard, toVCards, type VCardOptions, type VCardVersion } from './vcard';
