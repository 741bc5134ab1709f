// Person and company names as lookup keys: compared loosely, so "Jane  Doe" and "jane doe" are one key.

/** Case folded, accents kept, whitespace collapsed, Unicode NFKC. */
export function normaliseName(text: string): string {
  return text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Lower-case words that start a family name ("Ludwig van Beethoven", "Ana de la Cruz", "Omar ibn Said"). One list for
 * every reader of names: the page's people (which also let Spanish "y" stand inside a name), the lookup box's
 * "van Dijk, Jan" and the CRM export's first/last split.
 */
export const SURNAME_PARTICLES: ReadonlySet<string> = new Set(
  'van von der den de del della dei di da das dos do du la le ter ten zu zum zur bin ibn al el'.split(' '),
);

/**
 * Forms of address, professions and degrees written before a name ("Dr. Jane Doe", "Prof. Dr. med. Hans Müller",
 * "Rechtsanwalt Dennis Tölle", "Dre Nadia Lessard"): shown with the name on a page, never sent as part of a first
 * name. One list for the page's people, the named-people lookup and the lookup box, so a name read on a page is
 * looked up as the same words the lookup box would send.
 */
export const NAME_HONORIFICS: ReadonlySet<string> = new Set(
  'dr dr. prof prof. med. mr mr. ms ms. mrs mrs. mx mx. miss sir dame dre mme mme. rechtsanwalt rechtsanwältin ra notar notarin'.split(' '),
);

/**
 * Words that never stand in a person's name: labels, calls to action, UI and photo words ("team member image"), job
 * titles, departments, newsletters and editorial boxes, organisations and places, in English, German, French and
 * Spanish. A heading, a box title or an image's `alt` made of capitalised words ("Über Uns", "Bootshütte
 * Reservierung", "Équipe Rédaction") reads like a name by its shape; one of these words in it says it is not one.
 * Lower case, accents kept (page text is compared after lower-casing only).
 */
const NOT_NAME: ReadonlySet<string> = new Set(
  (
    // English: labels, UI, photos, marketing.
    'about account all and api apis avatar blog board booking call careers center centre click company contact contacts ' +
    'copy department directory download editorial editors email e-mail enquiries faculty fax find follow for general get ' +
    'group headshot help home homepage online hotline portfolio cv resume résumé lebenslauf icon image images inc info join latest learn learning linkedin llc logo ltd mail ' +
    'media meet member members menu message mobile more news newsletter office our partners people phone photo photos ' +
    'picture portrait press privacy profile read reception research sales search see send services share staff ' +
    'subscribe support team tel the this tip tips to twitter us vcard view visit website with www your ' +
    'academy agency association foundation hospital institute laboratory lab society university college school ' +
    'intelligence machine software security cloud data facebook google microsoft ' +
    // Events: "GDG DevFest Ostrava", "Speakers PGDay Down Under".
    'speakers speaker conference summit meetup devfest gdg day days festival event events forum congress kongress ' +
    'konferenz tagung congrès congreso session talk keynote workshop students members alumni researchers ' +
    'author authors autor autorin autoren artikel beitrag by features sources article railway railways express trains ' +
    'übersicht o ' +
    // Legal forms: "Nordex SE Felix Losada" is a company and a name on one line, not a name.
    'se ag gmbh kg ug ev e.v sa sas sarl srl spa bv nv plc llp oy co ' +
    // Job-title words: "Chief Executive Officer" is capitalised like a name and must not pass for one.
    'analyst assistant associate ceo cfo chair chief coo counsel consultant coordinator cto designer developer ' +
    'director editor engineer executive fellow founder head intern lead lecturer manager officer partner president ' +
    'principal professor researcher scientist secretary senior specialist student vp referent referentin ' +
    // German.
    'über uns kontakt kontaktieren ansprechpartner ansprechpartnerin mitglied mitglieder mitarbeiter mitarbeiterin bild ' +
    'bilder foto fotos redaktion presse pressestelle pressekontakt impressum datenschutz anschrift zentrale hinweis ' +
    'hinweise rechtliche letzte aktuelles neuigkeiten öffnungszeiten anfahrt geschäftsstelle bund verband verein stiftung ' +
    'gesellschaft akademie klinikum krankenhaus praxis kanzlei büro amt stadt gemeinde unser unsere ihr ihre abonnieren ' +
    'jetzt mehr weitere alle termine bürgermeister bürgermeisterin geschäftsführer geschäftsführerin leiter leiterin ' +
    'vorsitzender vorsitzende sprecher sprecherin pressesprecher pressesprecherin ' +
    // French.
    'équipe membre membres accueil actualités infolettre rédaction bureau mentions légales nous notre nos votre vos ' +
    'contactez abonnez société association ' +
    // Spanish.
    'equipo miembro miembros imagen noticias boletín redacción prensa oficina nosotros nuestro nuestra sobre contacto ' +
    'contáctanos suscríbete empresa ' +
    // Addresses: "Hale & Co LLP · 1 Fleet Street · London" in a footer names a street, not a person.
    'street avenue road boulevard rue calle avenida plaza ' +
    // A form's or template's placeholder ("Your Name", "Jouw Naam", "Ihr Name").
    'name naam jouw uw'
  ).split(' '),
);

/** Endings of common nouns (German compounds above all): "Buchungshotline", "Aboservice", "Auslandsbüros". */
const NOT_NAME_ENDINGS = [
  'ierung',
  'ungen',
  'heit',
  'keit',
  'schaft',
  'stelle',
  'dienst',
  'büro',
  'büros',
  'zentrale',
  'klinikum',
  'krankenhaus',
  'praxis',
  'service',
  'hotline',
  'anschrift',
  'hinweise',
  'einträge',
  'gesellschaft',
  'verband',
  'verein',
  'institut',
  'labor',
  'kontakt',
  'abteilung',
  'newsletter',
  'days',
  'hersteller',
  'straße',
  'strasse',
  'platz',
  'allee',
  'gasse',
];

/** A word of this length ending in `-ung` is a noun ("Ernährung", "Verwaltung"); shorter ones are surnames too (Jung, Hartung). */
const MIN_UNG_NOUN = 9;

/** Compass words that start a place's name ("North Somerset", "South West Devon"), never a person's. */
const PLACE_STARTS: ReadonlySet<string> = new Set('north south east west'.split(' '));

/** Is a word (lower case, trailing `.`/`,` off) one no person's name holds? Each part of a hyphenated word counts. */
export function isNotNameWord(word: string): boolean {
  if (NOT_NAME.has(word)) return true;
  if (word.includes('-')) return word.split('-').some((part) => part !== '' && isNotNameWord(part));
  for (const ending of NOT_NAME_ENDINGS) if (word.length > ending.length + 2 && word.endsWith(ending)) return true;
  return word.length >= MIN_UNG_NOUN && word.endsWith('ung');
}

/** Does a name's first word (lower case) start a place instead ("North Somerset")? */
export const startsPlaceName = (firstWord: string): boolean => PLACE_STARTS.has(firstWord);
