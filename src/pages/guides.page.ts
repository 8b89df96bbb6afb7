import { t } from '../config/i18n.js';
import { TRAINING_KINDS, type TrainingKind } from '../lib/training-kinds.js';
import { DEFAULT_PARAMS, toQueryString } from '../lib/search.shared.js';
import { guideSlug } from '../lib/guide-paths.js';
import { ruleRow, type RegulationRow } from './regulations.page.js';

/**
 * views/guides/index.ejs and show.ejs: a guide per kind of mandatory training, written from the rules table
 * the scadenzario uses (ruleRow: hours, modes, update, validity, sources), with the way to the matching
 * courses near the reader (a plain GET form of the search, by kind and level).
 */

const G = 'training:guides';

export interface GuideCard {
  kind: string;
  href: string;
  courses: string;
}

export interface GuidesIndexView {
  title: string;
  description: string;
  canonicalPath: string;
  lead: string;
  guides: GuideCard[];
}

export interface GuideView {
  title: string;
  description: string;
  canonicalPath: string;
  kind: TrainingKind;
  kindLabel: string;
  who: string;
  rule: RegulationRow;
  courses: string;
  hasCourses: boolean;
  searchAll: string;
  jsonLd: Record<string, unknown>[];
}

const coursesLabel = (count: number): string => (count > 0 ? t(`${G}.courses`, { count }) : t(`${G}.noCourses`));

export function guidesIndexPage(counts: Record<TrainingKind, number>): GuidesIndexView {
  return {
    title: t(`${G}.indexTitle`),
    description: t(`${G}.indexDescription`),
    canonicalPath: '/guides',
    lead: t(`${G}.indexLead`),
    guides: TRAINING_KINDS.map((kind) => ({
      kind: t(`training:kinds.${kind}`),
      href: `/guides/${guideSlug(kind)}`,
      courses: coursesLabel(counts[kind]),
    })),
  };
}

export function guidePage(
  kind: TrainingKind,
  courses: number,
  dates: { today: string; effectiveDate: string },
  baseUrl: string,
): GuideView {
  const kindLabel = t(`training:kinds.${kind}`);
  const canonicalPath = `/guides/${guideSlug(kind)}`;
  const title = t(`${G}.title`, { kind: kindLabel });
  const description = t(`${G}.description`, { kind: kindLabel });
  return {
    title,
    description,
    canonicalPath,
    kind,
    kindLabel,
    who: t(`${G}.whoByKind.${kind}`),
    rule: ruleRow(kind, dates.today, dates.effectiveDate),
    courses: coursesLabel(courses),
    hasCourses: courses > 0,
    searchAll: `/search?${toQueryString({ ...DEFAULT_PARAMS, trainingKind: kind })}`,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: title,
        description,
        inLanguage: 'it-IT',
        url: `${baseUrl}${canonicalPath}`,
      },
    ],
  };
}
