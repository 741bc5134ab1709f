/**
 * What a column holds, from its header: the words a user's file (lib/import/columns.ts) and a page's table
 * (lib/detect/people/table-columns.ts) name a person's columns with are one vocabulary. English, German, French and
 * Spanish spellings, the commonest Italian, Dutch, Swedish and Polish ones, and Japanese, Chinese and Korean ones; any
 * case, accents and punctuation ignored. No dependencies and no identifier words (those are the import's alone):
 * the content script bundles it.
 */

export type PersonHeaderKind = 'first_name' | 'last_name' | 'full_name' | 'company' | 'job_title' | 'department';

/** Header words (normalised: lower case, no accents, punctuation as spaces) → kind. */
const PERSON_WORDS: Record<PersonHeaderKind, string[]> = {
  first_name: ['first name', 'firstname', 'first', 'given name', 'forename', 'vorname', 'prenom', 'nombre', 'nombre de pila', 'voornaam', 'fornamn', 'imie'],
  last_name: ['last name', 'lastname', 'last', 'surname', 'family name', 'nachname', 'familienname', 'nom', 'nom de famille', 'apellido', 'apellidos', 'cognome', 'achternaam', 'efternamn', 'nazwisko'],
  full_name: [
    'name', 'full name', 'fullname', 'contact name', 'person name', 'contact', 'vollstandiger name', 'nom complet', 'nombre completo', 'nombre y apellidos',
    'nome e cognome', 'nome completo', 'naam', 'volledige naam', 'namn', 'imie i nazwisko',
    '氏名', '名前', 'お名前', '姓名', '名字', '이름', '성명',
  ],
  company: [
    'company', 'company name', 'organization', 'organisation', 'organization name', 'account', 'account name', 'employer', 'current company',
    'firma', 'firmenname', 'unternehmen', 'arbeitgeber',
    'entreprise', 'societe', 'nom de l entreprise', 'nom de la societe', 'organisation name',
    'empresa', 'nombre de la empresa', 'compania', 'organizacion',
    'azienda', 'societa', 'organizzazione', 'bedrijf', 'organisatie', 'foretag',
    '会社名', '会社', '企業名', '公司', '公司名称', '회사', '회사명',
  ],
  job_title: [
    'title', 'job title', 'position', 'role', 'job role', 'job', 'function', 'designation', 'occupation', 'current title', 'current position',
    'titel', 'jobtitel', 'funktion', 'stelle', 'berufsbezeichnung',
    'poste', 'fonction', 'titre', 'intitule du poste',
    'cargo', 'puesto', 'posicion', 'funcion',
    'ruolo', 'qualifica', 'posizione', 'incarico', 'functie', 'rol', 'befattning', 'roll', 'stanowisko', 'funkcja',
    '役職', '肩書き', '肩書', '職位', '职位', '职务', '職務', '직책', '직위', '직함',
  ],
  department: [
    'department', 'dept', 'division', 'team', 'group', 'unit', 'faculty', 'practice', 'practice area',
    'abteilung', 'bereich', 'fachbereich', 'departement', 'service', 'pole', 'departamento', 'area',
    'dipartimento', 'reparto', 'afdeling', 'avdelning', 'dział', 'wydział',
    '部署', '所属', '所属部署', '部門', '部门', '부서', '소속',
  ],
};

/** "E-Mail Address " → "e mail address"; "Prénom" → "prenom"; "Company_Name" → "company name". */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/([a-z])([0-9])/g, '$1 $2')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * A reader of headers by exact words: the header as written, then split at camel case ("FirstName",
 * "emailAddress"). Null when no word list holds it. The word map is built on the first header read, not when the
 * module loads: the content script bundles this, and most pages have no table header to read.
 */
export function headerWords<K extends string>(words: Record<K, readonly string[]>): (header: string) => K | null {
  let byWord: Map<string, K> | null = null;
  return (header) => {
    const h = normaliseHeader(header);
    if (!h) return null;
    if (byWord === null) {
      byWord = new Map();
      // Normalised as headers are: a word written in a script with combining marks (Japanese ド, Korean 이름) matches.
      for (const [kind, list] of Object.entries(words) as Array<[K, readonly string[]]>) for (const w of list) byWord.set(normaliseHeader(w), kind);
    }
    return byWord.get(h) ?? byWord.get(normaliseHeader(header.replace(/([a-z])([A-Z])/g, '$1 $2'))) ?? null;
  };
}

const personWords = headerWords(PERSON_WORDS);

/** Which of a person's columns a header names, or null. */
export function personHeaderKind(header: string): PersonHeaderKind | null {
  const exact = personWords(header);
  if (exact !== null) return exact;
  // "Title / Position", "Department (Faculty)": words that decide inside a longer header.
  const h = normaliseHeader(header);
  if (/\b(department|abteilung|departement|departamento|dipartimento|afdeling|avdelning)\b/.test(h)) return 'department';
  if (/\b(job title|title|position|role|titel|funktion|poste|fonction|cargo|puesto|ruolo|functie|befattning|stanowisko)\b/.test(h)) return 'job_title';
  return null;
}
