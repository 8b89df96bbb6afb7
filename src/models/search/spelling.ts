import { db, type Trx } from '../../db/knex.js';

/**
 * Typo correction for a search that found nothing: each word of 4+ letters is replaced by the most
 * similar word of the services' vocabulary (trigram similarity, GIN index on search_terms), if any.
 * Returns the corrected text, or null when nothing changed.
 */
export async function correctSpelling(text: string, trx?: Trx): Promise<string | null> {
  const words = (
    text
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).slice(0, 10);
  if (!words.some((w) => w.length >= 4)) return null;
  const result = await db(trx).raw<{ rows: { folded: string; term: string | null }[] }>(
    `SELECT f_unaccent(w.word) AS folded,
            CASE WHEN length(w.word) < 4 THEN NULL ELSE (
              SELECT t.term FROM search_terms t
              WHERE t.term % f_unaccent(w.word)
              ORDER BY similarity(t.term, f_unaccent(w.word)) DESC, t.term
              LIMIT 1) END AS term
     FROM unnest(?::text[]) WITH ORDINALITY AS w(word, n)
     ORDER BY w.n`,
    [words],
  );
  const changed = result.rows.some((r) => r.term !== null && r.term !== r.folded);
  return changed ? result.rows.map((r) => r.term ?? r.folded).join(' ') : null;
}
