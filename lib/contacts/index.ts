/** The contact book: what the user paid for, kept until they delete it; saved lists; lookup events. */
export { createContactBook, MAX_EVENTS, UNDO_MS, type BookQuery, type ContactBook, type ListSummary, type Purchase } from './book';
export { compareEntries, entryOf, personLine } from './entry';
export { bookIndexSource, openBookIndex, savedContactsFrom, savedKeys, savedPersonQuery, type BookIndex } from './saved';
export { bookKindOf, recordBulkJob, recordIdFor, recordPaidAnswer, serviceIdOf, type BulkJobSummary, type PaidAnswer } from './record';
export * from './schema';
export { createMemoryContactBookStore, type ContactBookStore, type QuarantinedRecord } from './store';
