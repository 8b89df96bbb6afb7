import { t, tree } from '../config/i18n.js';
import type { Erasure, RetentionFact, RetentionTopic } from '../services/account-erasure.service.js';

/**
 * "Conservazione dei dati": what erasing the account does to each kind of data, written from the one
 * declaration the erasure follows (models/data-exports/entities.ts). The privacy page shows it as a table,
 * the "Elimina account" page as its three lists.
 */
export interface RetentionRow {
  topic: RetentionTopic;
  label: string;
  fate: Erasure['fate'];
  fateLabel: string;
  why: string;
}

function why({ erasure, years }: RetentionFact): string {
  if (erasure.fate === 'kept') return t(`legal:retention.bases.${erasure.basis}`, { years: years ?? 0 });
  return erasure.fate === 'anonymised' ? t('legal:retention.anonymisedWhy') : t('legal:retention.bases.none');
}

export function retentionRows(facts: readonly RetentionFact[]): RetentionRow[] {
  return facts.map((fact) => ({
    topic: fact.topic,
    label: t(`legal:retention.topics.${fact.topic}`),
    fate: fact.erasure.fate,
    fateLabel: t(`legal:retention.fates.${fact.erasure.fate}`),
    why: why(fact),
  }));
}

/** The privacy page's section, as a legal text's table block. */
export function retentionSection(facts: readonly RetentionFact[]): {
  id: string;
  heading: string;
  body: (
    { paragraph: { text: string }[] } | { retention: { caption: string; head: string[]; rows: RetentionRow[] } }
  )[];
} {
  return {
    id: 'conservazione-dati',
    heading: t('legal:retention.heading'),
    body: [
      { paragraph: [{ text: t('legal:retention.intro') }] },
      {
        retention: {
          caption: t('legal:retention.caption'),
          head: tree<string[]>('legal:retention.head'),
          rows: retentionRows(facts),
        },
      },
    ],
  };
}
