/** Exports of contacts and lists: CSV, TSV (clipboard for spreadsheets), JSON and vCard. Pure: strings in, strings out. */
export { CONTACT_COLUMNS, CONTACT_LABELS, contactsTable, flattenContact, fullNameOf, profileUrlOf, type ContactColumn } from './contact-rows';
export { csvLines, isFormulaRisk, neutraliseFormula, toCsv, toJson, toTsv, type Cell, type CsvOptions, type TableRow, type Tabular } from './tabular';
export { CRM_COLUMNS, CRM_PRESETS, crmRow, crmTable, LEAD_COMPANY_UNKNOWN, leadCompany, phoneKind, presetColumns, type CrmColumn, type CrmPreset } from './crm';
export { isoDate } from './dates';
export { nameParts, splitFullName, type NameParts } from './names';
export { escapeText, fileNameFor, foldLine, paramToken, toVCard, toVCards, type VCardOptions, type VCardVersion } from './vcard';
