/**
 * The legal acts the training rules cite, and how a citation is written. A citation names the act and the
 * place in it (article and comma, part and section, FAQ number), as a lawyer would write it; it is legal
 * reference data, like the legal reference an attestato prints, so it lives here and not in the locales.
 *
 * `verified`: the citation was checked against the act's text in the last review of the rules
 * (RULES_CHECKED_ON in training-rules.ts). An unverified one is the product's best reading: the Normativa
 * page marks it "da verificare", so nobody mistakes it for a checked reference.
 */

export const ACTS = {
  dlgs81: 'D.Lgs. 81/2008',
  dl146: 'D.L. 146/2021, convertito dalla L. 215/2021',
  dl159: 'D.L. 159/2025, convertito dalla L. 198/2025',
  accordo2025: 'Accordo Stato-Regioni 17/04/2025 (Rep. Atti 59/CSR)',
  faq2025: 'FAQ interregionali del 31/07/2025 sull’Accordo Stato-Regioni 17/04/2025',
  faq2026: 'FAQ interregionali del 27/03/2026 sull’Accordo Stato-Regioni 17/04/2025',
  accordo2011: 'Accordo Stato-Regioni 21/12/2011 (Rep. Atti 221/CSR)',
  accordo2012: 'Accordo Stato-Regioni 22/02/2012 (Rep. Atti 53/CSR)',
  dm2021: 'D.M. 2 settembre 2021',
  dm388: 'D.M. 15 luglio 2003, n. 388',
  dpr177: 'D.P.R. 177/2011',
} as const;

export type ActId = keyof typeof ACTS;

export interface Source {
  act: ActId;
  /** Where in the act: 'art. 37 c. 7-ter', 'parte II, § 8.3', 'FAQ n. 17', 'quesito 37'. */
  at?: string;
  verified: boolean;
}

/** A checked citation. */
export const cite = (act: ActId, at?: string): Source => ({ act, ...(at ? { at } : {}), verified: true });

/** A citation the last review could not check against the act's text (the Normativa page says so). */
export const unverified = (act: ActId, at?: string): Source => ({ act, ...(at ? { at } : {}), verified: false });

/** 'D.Lgs. 81/2008, art. 37 c. 7-ter' */
export const citation = (s: Source): string => (s.at ? `${ACTS[s.act]}, ${s.at}` : ACTS[s.act]);
