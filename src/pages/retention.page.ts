import { t, tree } from '../config/i18n.js';
import {
  RETENTION_BASES,
  RETENTION_TOPICS,
  USER_ENTITIES,
  type Erasure,
  type RetentionTopic,
} from '../models/data-exports/entities.js';

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

/** Each topic's fate: the same for all its entities (a test holds the declaration to that). */
export function topicErasure(topic: RetentionTopic): Erasure {
  return USER_ENTITIES.find((entity) => entity.erasure.topic === topic)!.erasure;
}

function why(erasure: Erasure): string {
  if (erasure.fate === 'kept')
    return t(`legal:retention.bases.${erasure.basis}`, { years: RETENTION_BASES[erasure.basis].years ?? 0 });
  return erasure.fate === 'anonymised' ? t('legal:retention.anonymisedWhy') : t('legal:retention.bases.none');
}

export function retentionRows(): RetentionRow[] {
  return RETENTION_TOPICS.map((topic) => {
    const erasure = topicErasure(topic);
    return {
      topic,
      label: t(`legal:retention.topics.${topic}`),
      fate: erasure.fate,
      fateLabel: t(`legal:retention.fates.${erasure.fate}`),
      why: why(erasure),
    };
  });
}

/** The privacy page's section, as a legal text's table block. */
export function retentionSection(): {
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
          rows: retentionRows(),
        },
      },
    ],
  };
}
