import { t, tree } from '../config/i18n.js';
import * as format from '../lib/format.js';
import { TRAINING_KINDS } from '../lib/training-kinds.js';
import { TRAINING_RULES, type RuleTerms } from '../lib/training-rules.js';

/** views/regulations/show.ejs: the Normativa page, written from the rules table the scadenzario uses. */

export interface RegulationRow {
  kind: string;
  initial: string;
  update: string;
  mode: string;
  source: string;
}

export interface RegulationsView {
  title: string;
  description: string;
  canonicalPath: string;
  intro: string[];
  rows: RegulationRow[];
  changeIntro: string;
  changes: string[];
  roles: string[];
  compute: string[];
  disclaimer: string;
}

const list = (key: string): string[] => tree<string[]>(key);

function initialText(terms: RuleTerms): string {
  if (typeof terms.initialHours === 'number') return t('scadenzario:regulations.hours', { hours: terms.initialHours });
  return t('scadenzario:regulations.byRisk', terms.initialHours);
}

function updateText(terms: RuleTerms): string {
  if (typeof terms.updateHours !== 'number') return t('scadenzario:regulations.rlsUpdate');
  return t('scadenzario:regulations.updateEvery', { hours: terms.updateHours, count: terms.periodYears });
}

function changeTerms(terms: RuleTerms): string {
  return t('scadenzario:regulations.changeTerms', {
    initial: typeof terms.initialHours === 'number' ? terms.initialHours : terms.initialHours.basso,
    update: updateText(terms),
    inPerson: terms.inPerson ? t('scadenzario:regulations.changeInPerson') : '',
  });
}

export function regulationsPage(effectiveDate: string): RegulationsView {
  const date = format.date(effectiveDate);
  const rows = TRAINING_KINDS.map((kind) => {
    const rule = TRAINING_RULES[kind];
    return {
      kind: t(`training:kinds.${kind}`),
      initial: initialText(rule),
      update: updateText(rule),
      mode: t(rule.inPerson ? 'scadenzario:regulations.inPerson' : 'scadenzario:regulations.anyMode'),
      source: rule.source,
    };
  });
  const changes = TRAINING_KINDS.flatMap((kind) => {
    const rule = TRAINING_RULES[kind];
    if (!rule.before) return [];
    return [
      t('scadenzario:regulations.changeRow', {
        kind: t(`training:kinds.${kind}`),
        before: changeTerms(rule.before),
        after: changeTerms(rule),
        date,
      }),
    ];
  });
  return {
    title: t('scadenzario:regulations.title'),
    description: t('scadenzario:regulations.description'),
    canonicalPath: '/regulations',
    intro: list('scadenzario:regulations.intro'),
    rows,
    changeIntro: t('scadenzario:regulations.changeIntro', { date }),
    changes: [...changes, t('scadenzario:regulations.changeDatore')],
    roles: list('scadenzario:regulations.roles'),
    compute: list('scadenzario:regulations.compute'),
    disclaimer: t('scadenzario:regulations.disclaimer'),
  };
}
