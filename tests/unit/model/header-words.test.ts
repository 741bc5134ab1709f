import { describe, expect, it } from 'vitest';
import { personHeaderKind, type PersonHeaderKind } from '@/lib/model/header-words';

// What a column holds by its header, as staff tables and exported files write it.
describe('personHeaderKind: one vocabulary for the person columns of files and page tables', () => {
  it.each<[string, PersonHeaderKind | null]>([
    ['Name', 'full_name'],
    ['Full name', 'full_name'],
    ['Nom complet', 'full_name'],
    ['Nombre y apellidos', 'full_name'],
    ['Naam', 'full_name'],
    ['Vorname', 'first_name'],
    ['Nachname', 'last_name'],
    ['Job title', 'job_title'],
    ['JobTitle', 'job_title'],
    ['Title', 'job_title'],
    ['Position', 'job_title'],
    ['Role', 'job_title'],
    ['Funktion', 'job_title'],
    ['Poste', 'job_title'],
    ['Cargo', 'job_title'],
    ['Ruolo', 'job_title'],
    ['Befattning', 'job_title'],
    ['Stanowisko', 'job_title'],
    ['Title / Position', 'job_title'],
    ['Department', 'department'],
    ['Abteilung', 'department'],
    ['Département', 'department'],
    ['Departamento', 'department'],
    ['Practice area', 'department'],
    ['Department (Faculty)', 'department'],
    ['Dział', 'department'],
    ['氏名', 'full_name'],
    ['役職', 'job_title'],
    ['会社名', 'company'],
    ['所属', 'department'],
    ['职位', 'job_title'],
    ['이름', 'full_name'],
    ['직책', 'job_title'],
    ['Company', 'company'],
    ['Société', 'company'],
    ['Organisation', 'company'],
    // Identifier columns are the import's alone, and words with another meaning stay unread
    ['E-Mail', null],
    ['Telephone', null],
    ['Company size', null],
    ['Office', null],
    ['Room', null],
    ['', null],
  ])('%j → %s', (header, kind) => {
    expect(personHeaderKind(header)).toBe(kind);
  });
});
