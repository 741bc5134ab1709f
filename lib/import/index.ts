/** Bulk from a file or a paste: parse in chunks, detect columns, plan bulk entries, keep the user's rows. */
export { COLUMN_KINDS, detectColumns, firstRowIsData, kindOfHeader, preambleRows, kindOfValues, normaliseHeader, type ColumnGuess, type ColumnKind } from './columns';
export { createRowPlanner, planRow, type Mapping, type PlanSummary, type RowPlan } from './entries';
export { ImportTooLargeError, MAX_CELL_CHARS, MAX_COLUMNS, MAX_IMPORT_BYTES, PARSE_CHUNK_ROWS, parseDelimited, type ParseProgress, type ParseResult } from './parse';
export { importExportHeader, importExportRow } from './export';
export { createImportStore, ImportMetaSchema, ImportRowSchema, type ImportMeta, type ImportRow, type ImportStore } from './store';
export { writeImportExport } from './write-export';
export { APPEND_BYTE_BUDGET, APPEND_MAX_ENTRIES, appendBatches } from './stage';
export { createThroughput, type ThroughputEstimate } from './throughput';
