/**
 * The HSE vocabulary of the search (docs/product.md §7): what buyers type, mapped to what services say. One
 * table, pure, read by the text match (models/search/matching.ts) the same way on both databases: a phrase of
 * a group, typed, matches a service holding any phrase of that group. Sources of the terms, by group: the
 * names the acts give a course or a role (D.Lgs. 81/2008 artt. 18, 31-32, 37, 38-41, 43-46, 71, 73; D.M.
 * 2/9/2021 "livelli 1-3"; D.M. 388/2003 "gruppi A, B, C"; Accordo Stato-Regioni 17/04/2025 "attrezzature";
 * Reg. CE 852/2004 "HACCP"), and the names the trade uses for them (course catalogues, job titles:
 * "carrellista", "muletto", "patentino", "FAD", "BLSD"). Add a group here, never in a query.
 *
 * Words are compared folded (lower case, no accents) and loosely stemmed: a final vowel is dropped from
 * words of 5+ letters, so singular and plural meet ("carrellista", "carrellisti"; "muletto", "muletti").
 */

export interface SynonymGroup {
  /** Equivalent phrases, the first being the catalogue's own words. */
  phrases: readonly string[];
}

export const SYNONYM_GROUPS: readonly SynonymGroup[] = [
  // Occupational medicine (artt. 38-41 D.Lgs. 81/2008).
  { phrases: ['medico competente', 'medico del lavoro', 'medicina del lavoro', 'mc'] },
  { phrases: ['sorveglianza sanitaria', 'visite mediche', 'visita medica', 'idoneità', 'visite periodiche'] },
  // Emergencies (artt. 43-46): fire fighting, first aid, defibrillator.
  { phrases: ['antincendio', 'prevenzione incendi', 'addetto incendio', 'addetti antincendio', 'squadra antincendio'] },
  { phrases: ['rischio basso', 'livello 1', 'livello uno', 'liv 1', 'primo livello'] },
  { phrases: ['rischio medio', 'livello 2', 'livello due', 'liv 2', 'secondo livello'] },
  { phrases: ['rischio alto', 'livello 3', 'livello tre', 'liv 3', 'terzo livello', 'rischio elevato'] },
  { phrases: ['primo soccorso', 'pronto soccorso', 'addetto primo soccorso', 'addetti primo soccorso', 'ps'] },
  { phrases: ['blsd', 'bls d', 'defibrillatore', 'dae', 'rianimazione', 'bls'] },
  // Roles of the safety organisation (artt. 2, 31-32, 47).
  { phrases: ['rspp', 'responsabile servizio prevenzione protezione', 'responsabile sicurezza'] },
  { phrases: ['aspp', 'addetto servizio prevenzione protezione'] },
  { phrases: ['rls', 'rappresentante dei lavoratori', 'rappresentante lavoratori sicurezza'] },
  { phrases: ['preposti', 'preposto', 'capo squadra', 'capi reparto', 'capireparto', 'caposquadra'] },
  { phrases: ['dirigenti', 'dirigente'] },
  { phrases: ['datore di lavoro', 'rspp datore di lavoro', 'rspp dl', 'dl rspp', 'datori di lavoro'] },
  // Workers' training (art. 37, Accordo 2025).
  { phrases: ['formazione lavoratori', 'formazione dipendenti', 'corso sicurezza lavoratori', 'corso 81/08'] },
  { phrases: ['formazione generale', 'parte generale', 'modulo generale'] },
  { phrases: ['formazione specifica', 'parte specifica', 'modulo specifico'] },
  { phrases: ['aggiornamento', 'refresh', 'rinnovo', 'aggiornamenti', 'aggiornare'] },
  // Equipment (art. 73 c. 5).
  {
    phrases: [
      'carrelli elevatori',
      'carrellisti',
      'carrellista',
      'muletto',
      'patentino muletto',
      'patentino carrello',
      'carrello elevatore',
      'muletti',
    ],
  },
  { phrases: ['ple', 'piattaforme elevabili', 'piattaforma aerea', 'cestello', 'piattaforme aeree', 'patentino ple'] },
  { phrases: ['lavori in quota', 'anticaduta', 'linee vita', 'dpi terza categoria', 'dpi iii categoria'] },
  { phrases: ['spazi confinati', 'ambienti confinati', 'ambienti sospetti di inquinamento'] },
  // Delivery.
  { phrases: ['e-learning', 'elearning', 'fad', 'formazione a distanza', 'online', 'on line', 'da remoto'] },
  { phrases: ['videoconferenza', 'aula virtuale', 'webinar', 'sincrona', 'in diretta'] },
  // Documents and assessments (artt. 17, 26, 28-29, 89-100; D.P.R. 462/01).
  { phrases: ['dvr', 'documento valutazione rischi', 'valutazione dei rischi', 'valutazione rischi'] },
  { phrases: ['duvri', 'rischi interferenziali', 'interferenze'] },
  { phrases: ['pos', 'piano operativo sicurezza'] },
  { phrases: ['csp', 'cse', 'coordinatore sicurezza', 'coordinamento sicurezza', 'coordinatore cantieri'] },
  { phrases: ['stress lavoro correlato', 'stress', 'burnout', 'benessere organizzativo'] },
  {
    phrases: [
      'movimentazione carichi',
      'movimentazione manuale carichi',
      'movimentazione manuale dei carichi',
      'mmc',
      'niosh',
      'ocra',
      'sovraccarico biomeccanico',
    ],
  },
  { phrases: ['videoterminale', 'videoterminali', 'vdt', 'smart working', 'lavoro agile'] },
  { phrases: ['messa a terra', 'impianto di terra', 'dpr 462', 'verifica impianti elettrici'] },
  { phrases: ['cpi', 'certificato prevenzione incendi', 'scia antincendio', 'pratica vvf', 'vigili del fuoco'] },
  { phrases: ['piano di emergenza', 'piano evacuazione', 'prova di evacuazione', 'evacuazione'] },
  { phrases: ['marcatura ce', 'direttiva macchine', 'fascicolo tecnico'] },
  // Management systems and environment.
  { phrases: ['iso 45001', 'ohsas 18001', 'sgsl', 'sistema gestione sicurezza'] },
  { phrases: ['iso 14001', 'sistema gestione ambientale', 'sga'] },
  { phrases: ['modello 231', 'mog 231', 'dlgs 231', 'modello organizzativo'] },
  { phrases: ['rifiuti', 'mud', 'fir', 'registro carico scarico', 'formulario rifiuti', 'rentri'] },
  { phrases: ['aua', 'autorizzazione unica ambientale', 'autorizzazione scarichi'] },
  { phrases: ['emissioni in atmosfera', 'emissioni', 'camini'] },
  { phrases: ['amianto', 'eternit', 'asbesto'] },
  // Major-accident hazards (D.Lgs. 105/2015, the "Seveso" directive): a word here, not the town.
  { phrases: ['seveso', 'direttiva seveso', 'incidente rilevante', 'rir'] },
  { phrases: ['rumore', 'fonometria', 'fonometrico', 'rischio rumore', 'impatto acustico'] },
  { phrases: ['haccp', 'igiene alimentare', 'sicurezza alimentare', 'alimentaristi', 'ex libretto sanitario'] },
];

/**
 * Words that say what anyone searching here wants and no service needs to contain: dropped from the words a
 * service must hold, unless nothing else is left ("corso" alone still looks for courses).
 */
export const NOISE_WORDS: ReadonlySet<string> = new Set(
  [
    'corso',
    'corsi',
    'cerco',
    'cercasi',
    'cerca',
    'servizio',
    'servizi',
    'prezzo',
    'prezzi',
    'costo',
    'costi',
    'economico',
    'economici',
    'miglior',
    'migliore',
    'migliori',
    'offerta',
    'offerte',
    'obbligatorio',
    'obbligatoria',
    'obbligatori',
    'sicurezza',
    'lavoro',
    'azienda',
    'aziende',
    'aziendale',
    'urgente',
    'vicino',
    'zona',
    'ditta',
    'quanto',
    'fare',
  ].map(fold),
);

/** Italian articles and prepositions: they say nothing alone (the database drops them as stop words too). */
const STOP_WORDS: ReadonlySet<string> = new Set(
  'a al alla alle ai agli da dal dalla dei degli del della delle di e ed gli i il in la le lo per con su sul tra fra un una uno'.split(
    ' ',
  ),
);

/** Lower case, accents removed, "l'aquila" → "l aquila": how typed words and table words are compared. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[’`]/g, "'");
}

/** The words of a text, folded; letters and digits only ("81/08" → "81", "08"). */
export function wordsOf(text: string): string[] {
  return fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Singular and plural meet: a final vowel is dropped from words of 5+ letters. */
export function stem(word: string): string {
  return word.length >= 5 ? word.replace(/[aeiou]$/, '') : word;
}

interface IndexedPhrase {
  stems: string[];
  group: number;
}

/** Every phrase of the table, longest first (the longest phrase typed wins: "patentino muletto" over "muletto"). */
const PHRASES: IndexedPhrase[] = SYNONYM_GROUPS.flatMap((g, group) =>
  g.phrases.map((p) => ({ stems: wordsOf(p).map(stem), group })),
).sort((a, b) => b.stems.length - a.stems.length);

/** One piece of a query: a typed word kept as it is, or a phrase of the table standing for its whole group. */
export type QueryTerm = { word: string } | { group: number; typed: string[] };

/**
 * The words of a query with the table's phrases found in them, in the order typed, generic words left out
 * (unless nothing else is left). At most `max` words read.
 */
export function termsOf(text: string, max = 10): QueryTerm[] {
  const terms = allTermsOf(text, max);
  const meaningful = terms.filter((t) => !('word' in t) || !(NOISE_WORDS.has(t.word) || STOP_WORDS.has(t.word)));
  return meaningful.length > 0 ? meaningful : terms;
}

/** Every word of a query, the table's phrases found in them. */
function allTermsOf(text: string, max: number): QueryTerm[] {
  const words = wordsOf(text).slice(0, max);
  const stems = words.map(stem);
  const terms: QueryTerm[] = [];
  for (let i = 0; i < words.length;) {
    const found = PHRASES.find(
      (p) => p.stems.length <= stems.length - i && p.stems.every((s, j) => stems[i + j] === s),
    );
    if (found) {
      terms.push({ group: found.group, typed: words.slice(i, i + found.stems.length) });
      i += found.stems.length;
    } else {
      terms.push({ word: words[i]! });
      i += 1;
    }
  }
  return terms;
}

/** A phrase as a to_tsquery() conjunction of its words (letters and digits only, nothing of the syntax). */
const conjunction = (words: readonly string[]): string => (words.length === 1 ? words[0]! : `(${words.join(' & ')})`);

/**
 * The words of a search as a to_tsquery() expression: letters and digits only (nothing of the tsquery syntax
 * gets through), every term required; a phrase of the table as the alternatives of its group; the last plain
 * word also as a prefix ("antinc" finds "antincendio"). The it_unaccent configuration stems and folds them like
 * the indexed text; stop words drop out.
 */
export function toSearchTsquery(text: string): string {
  const terms = termsOf(text);
  return terms
    .map((term, i) =>
      'word' in term && i === terms.length - 1 && term.word.length >= 3 ? `${term.word}:*` : termExpression(term),
    )
    .join(' & ');
}

/** A term as to_tsquery() reads it: the word, or the alternatives of its group. */
function termExpression(term: QueryTerm): string {
  if ('word' in term) return term.word;
  const alternatives = SYNONYM_GROUPS[term.group]!.phrases.map((p) => conjunction(wordsOf(p)));
  return `(${[...new Set(alternatives)].join(' | ')})`;
}

/** The same terms any one of which will do (two terms at least): the relaxed search of a query that found nothing. */
export function toAnyWordTsquery(text: string): string {
  const terms = termsOf(text);
  if (terms.length < 2) return '';
  return terms.map(termExpression).join(' | ');
}

/**
 * How a match is ranked: any of the typed terms, generic words included, so that a service holding more of
 * them comes first ("corso antincendio" puts the courses before the fire-safety paperwork).
 */
export function toRankingTsquery(text: string): string {
  // The typed phrase and the catalogue's own words only: ts_rank divides by every alternative of the query.
  const terms = allTermsOf(text, 10).filter((t) => !('word' in t) || !STOP_WORDS.has(t.word));
  return terms
    .map((t) => {
      if ('word' in t) return t.word;
      const typed = conjunction(t.typed);
      const own = conjunction(wordsOf(SYNONYM_GROUPS[t.group]!.phrases[0]!));
      return typed === own ? own : `(${typed} | ${own})`;
    })
    .join(' | ');
}
