import type { RiskClass, TrainingDeliveryMode, TrainingKind, TrainingScope } from './training-kinds.js';
import { cite, unverified, type Source } from './training-sources.js';
import {
  ANY_MODE,
  LIVE,
  PRESENCE,
  startOf,
  type CourseTerms,
  type StartsOn,
  type Terms,
  type TrainingRule,
  type UpdateTerms,
} from './training-terms.js';

export * from './training-terms.js';

/**
 * The rules table of the scadenzario, of the Normativa page and of the renewal links: for each kind of
 * mandatory training, the minimum hours and the delivery modes of the first course and of its update, the
 * update's period, the limit past which the title lapses, the transition rules of the 2025 agreement, and
 * the source of each of them. Where a rule changed, the kind keeps every set of terms with the day it
 * started to apply: a course is judged by the terms in force on its last day. The date the 2025 Accordo
 * Stato-Regioni took effect is a setting (config().accordo2025EffectiveDate), passed in by the caller:
 * this module is pure and reads no config. How a worker's courses are judged: training-compliance.ts.
 *
 * Dates are calendar dates 'YYYY-MM-DD' throughout (no time zone).
 */

/** The day the rules below were last checked against the acts they cite (shown on the Normativa page). */
export const RULES_CHECKED_ON = '2026-11-28';

/**
 * The day the 2025 agreement took effect, as the latest interregional FAQ reads it: the default of the
 * ACCORDO_2025_EFFECTIVE_DATE setting. An earlier reading put it on 24/05/2025; the Normativa page says so.
 */
export const ACCORDO_2025_ENTRY_INTO_FORCE = {
  date: '2025-05-19',
  earlierReading: '2025-05-24',
  sources: [cite('faq2026', 'quesito 11')],
} as const;

/**
 * What the transitional part of the 2025 agreement may also set and the product does not apply, pending a
 * check of the text: each course is judged by the terms in force on its last day. Shown on the Normativa page.
 */
export const TRANSITION_NOT_APPLIED: readonly { key: string; sources: readonly Source[] }[] = [
  { key: 'coursesStartedBefore', sources: [unverified('accordo2025', 'parte VII')] },
];

const A25 = (at: string): Source => cite('accordo2025', at);
const LIVE_2025 = [unverified('accordo2025', 'parte I (metodologie e modalità di erogazione)')];

/** Lavoratori: 4 h general + 4/8/12 h specific training by the sector's risk class. */
export const LAVORATORI_GENERAL_HOURS = 4;
export const LAVORATORI_SPECIFIC_HOURS: Readonly<Record<RiskClass, number>> = { basso: 4, medio: 8, alto: 12 };

const only = (from: StartsOn | null, initial: CourseTerms, update: UpdateTerms): Terms => ({ from, initial, update });

const course = (
  hours: CourseTerms['hours'],
  modes: readonly TrainingDeliveryMode[],
  hoursSources: Source[],
  modeSources: Source[],
): CourseTerms => ({ hours, modes, sources: { hours: hoursSources, modes: modeSources } });

const update = (
  hours: UpdateTerms['hours'],
  periodYears: number,
  modes: readonly TrainingDeliveryMode[],
  sources: UpdateTerms['sources'],
): UpdateTerms => ({ hours, periodYears, modes, sources });

const ART_73 = cite('dlgs81', 'art. 73 c. 5');
const EQUIPMENT_PRESENCE = [cite('faq2025', 'FAQ n. 31'), cite('faq2026', 'quesito 19')];

/** Equipment of art. 73 c. 5 (Accordo 2025, Part II §8.3): presence only, 4 h every 5 years, lapse at 10. */
const equipment = (kind: TrainingKind, hours: number): TrainingRule => ({
  kind,
  terms: [
    only(
      null,
      course(
        hours,
        PRESENCE,
        [ART_73, A25('parte II, § 8.3'), unverified('accordo2012', 'allegati')],
        EQUIPMENT_PRESENCE,
      ),
      update(4, 5, PRESENCE, {
        hours: [A25('parte III, § 6')],
        period: [A25('parte III, § 6')],
        modes: EQUIPMENT_PRESENCE,
      }),
    ),
  ],
  lapse: { afterYears: 10, sources: [A25('parte III'), cite('faq2026', 'quesito 8')] },
});

const LAVORATORI_HOURS = {
  basso: LAVORATORI_GENERAL_HOURS + LAVORATORI_SPECIFIC_HOURS.basso,
  medio: LAVORATORI_GENERAL_HOURS + LAVORATORI_SPECIFIC_HOURS.medio,
  alto: LAVORATORI_GENERAL_HOURS + LAVORATORI_SPECIFIC_HOURS.alto,
};

const PREPOSTI_PRESENCE = [cite('dlgs81', 'art. 37 c. 7-ter'), cite('dl146')];
const PREPOSTI_2011 = [unverified('accordo2011', 'punto 5')];
const RLS_MODES = [unverified('dlgs81', 'art. 37 c. 11 (modalità rinviate alla contrattazione collettiva)')];
const ANTINCENDIO = [cite('dlgs81', 'art. 46'), cite('dm2021', 'art. 5 e allegato III')];
const ANTINCENDIO_MODES = [unverified('dm2021', 'allegato III (esercitazioni pratiche)')];

const antincendio = (kind: TrainingKind, initial: number, updateHours: number): TrainingRule => ({
  kind,
  terms: [
    only(
      null,
      course(initial, PRESENCE, ANTINCENDIO, ANTINCENDIO_MODES),
      update(updateHours, 5, PRESENCE, { hours: ANTINCENDIO, period: ANTINCENDIO, modes: ANTINCENDIO_MODES }),
    ),
  ],
});

/**
 * Primo soccorso: D.M. 388/2003 sets the first course and repeats the training every 3 years "at least for
 * the practical part", without hours: the update asks for the practical module (C) of the first course.
 */
const primoSoccorso = (kind: TrainingKind, initial: number, annex: string, practical: number): TrainingRule => ({
  kind,
  terms: [
    only(
      null,
      course(
        initial,
        PRESENCE,
        [cite('dlgs81', 'art. 45'), cite('dm388', `art. 3 e ${annex}`)],
        [unverified('dm388', `${annex}, modulo C (pratico)`)],
      ),
      update(practical, 3, PRESENCE, {
        hours: [unverified('dm388', `${annex}, modulo C (il D.M. non fissa le ore dell'aggiornamento)`)],
        period: [cite('dm388', 'art. 3 c. 5')],
        modes: [unverified('dm388', `${annex}, modulo C (pratico)`)],
      }),
    ),
  ],
});

/** The table itself, one row per kind of TRAINING_KINDS. */
export const TRAINING_RULES: Readonly<Record<TrainingKind, TrainingRule>> = {
  lavoratori: {
    kind: 'lavoratori',
    terms: [
      only(
        null,
        {
          ...course(
            LAVORATORI_HOURS,
            LIVE,
            [cite('dlgs81', 'art. 37 c. 1-2'), A25('parte II'), unverified('accordo2011', 'punto 4')],
            [unverified('accordo2025', 'parte I (e-learning ammesso per la formazione generale)')],
          ),
          generalModule: { hours: LAVORATORI_GENERAL_HOURS, modes: ANY_MODE },
        },
        update(6, 5, ANY_MODE, {
          hours: [A25('parte III'), unverified('accordo2011', 'punto 9')],
          period: [A25('parte III'), unverified('accordo2011', 'punto 9')],
          modes: [unverified('accordo2025', 'parte I (e-learning ammesso per l’aggiornamento)')],
        }),
      ),
    ],
  },
  preposti: {
    kind: 'preposti',
    terms: [
      only(
        null,
        course(8, ANY_MODE, PREPOSTI_2011, PREPOSTI_2011),
        update(6, 5, ANY_MODE, { hours: PREPOSTI_2011, period: PREPOSTI_2011, modes: PREPOSTI_2011 }),
      ),
      // Since L. 215/2021 the preposto's training is "in presenza" and repeated at least every two years.
      only(
        { day: '2021-12-21' },
        course(8, LIVE, PREPOSTI_2011, PREPOSTI_PRESENCE),
        update(6, 2, LIVE, { hours: PREPOSTI_2011, period: PREPOSTI_PRESENCE, modes: PREPOSTI_PRESENCE }),
      ),
      only(
        'accordo2025',
        course(12, LIVE, [cite('dlgs81', 'art. 37 c. 7'), A25('parte II')], [...PREPOSTI_PRESENCE, ...LIVE_2025]),
        update(6, 2, LIVE, { hours: [A25('parte III')], period: PREPOSTI_PRESENCE, modes: PREPOSTI_PRESENCE }),
      ),
    ],
    transition: {
      type: 'window',
      windowYears: 2,
      windowDueYears: 2,
      earlierDueYears: 1,
      sources: [cite('faq2025', 'FAQ n. 17'), cite('faq2026', 'quesito 37')],
    },
  },
  dirigenti: {
    kind: 'dirigenti',
    terms: [
      only(
        null,
        course(16, ANY_MODE, [unverified('accordo2011', 'punto 6')], [unverified('accordo2011', 'allegato I')]),
        update(6, 5, ANY_MODE, {
          hours: [unverified('accordo2011', 'punto 9')],
          period: [unverified('accordo2011', 'punto 9')],
          modes: [unverified('accordo2011', 'allegato I')],
        }),
      ),
      only(
        'accordo2025',
        course(12, ANY_MODE, [cite('dlgs81', 'art. 37 c. 7'), A25('parte II')], LIVE_2025),
        update(6, 5, ANY_MODE, { hours: [A25('parte III')], period: [A25('parte III')], modes: LIVE_2025 }),
      ),
    ],
  },
  datore_di_lavoro: {
    kind: 'datore_di_lavoro',
    terms: [
      only(
        null,
        course(16, LIVE, [cite('dlgs81', 'art. 37 c. 7'), cite('dl146'), A25('parte II')], LIVE_2025),
        update(6, 5, LIVE, { hours: [A25('parte III')], period: [A25('parte III')], modes: LIVE_2025 }),
      ),
    ],
    transition: { type: 'deadline', years: 2, sources: [unverified('accordo2025', 'parte VII')] },
  },
  antincendio_1: antincendio('antincendio_1', 4, 2),
  antincendio_2: antincendio('antincendio_2', 8, 5),
  antincendio_3: antincendio('antincendio_3', 16, 8),
  primo_soccorso_a: primoSoccorso('primo_soccorso_a', 16, 'allegato 3', 6),
  primo_soccorso_bc: primoSoccorso('primo_soccorso_bc', 12, 'allegato 4', 4),
  rls: {
    kind: 'rls',
    terms: [
      only(
        null,
        course(32, LIVE, [cite('dlgs81', 'art. 37 c. 11')], RLS_MODES),
        update({ under15: 'none', from15to50: 4, over50: 8 }, 1, LIVE, {
          hours: [cite('dlgs81', 'art. 37 c. 11')],
          period: [cite('dlgs81', 'art. 37 c. 11')],
          modes: RLS_MODES,
        }),
      ),
      only(
        { day: '2025-12-31' },
        course(32, LIVE, [cite('dlgs81', 'art. 37 c. 11')], RLS_MODES),
        update({ under15: 'collective', from15to50: 4, over50: 8 }, 1, LIVE, {
          hours: [cite('dlgs81', 'art. 37 c. 11'), cite('dl159')],
          period: [cite('dlgs81', 'art. 37 c. 11'), cite('dl159')],
          modes: RLS_MODES,
        }),
      ),
    ],
    // When the first update of an RLS of a small company trained before 31/12/2025 falls due is not written
    // in the law: one year from the day the obligation began is the reading shown on the Normativa page.
    transition: {
      type: 'firstUpdate',
      from: '2025-12-31',
      firstDueOn: '2026-12-31',
      sources: [cite('dl159'), unverified('dlgs81', 'art. 37 c. 11 (prima scadenza)')],
    },
  },
  carrelli_elevatori: equipment('carrelli_elevatori', 12),
  ple: equipment('ple', 8),
  gru_autocarro: equipment('gru_autocarro', 12),
  macchine_movimento_terra: equipment('macchine_movimento_terra', 10),
  trattori: equipment('trattori', 8),
};

/** The terms in force on a date (a course is judged by those in force on its last day). */
export function termsOn(kind: TrainingKind, date: string, effectiveDate: string): Terms {
  const terms = TRAINING_RULES[kind].terms;
  let current = terms[0]!;
  for (const t of terms) {
    const start = startOf(t.from, effectiveDate);
    if (start === null || start <= date) current = t;
  }
  return current;
}

/** The terms in force today: what a course taken now must meet. */
export const currentTerms = (kind: TrainingKind, today: string, effectiveDate: string): Terms =>
  termsOn(kind, today, effectiveDate);

/** Whether a course of this kind and level (either, when null) taken today may be a live videoconference. */
export function allowsOnlineSync(kind: TrainingKind, level: TrainingScope | null, today: string, effective: string) {
  const { initial, update } = currentTerms(kind, today, effective);
  const modes =
    level === 'iniziale'
      ? initial.modes
      : level === 'aggiornamento'
        ? update.modes
        : [...initial.modes, ...update.modes];
  return modes.includes('online_sync');
}

export const initialHoursFor = (terms: CourseTerms, riskClass: RiskClass): number =>
  typeof terms.hours === 'number' ? terms.hours : terms.hours[riskClass];
