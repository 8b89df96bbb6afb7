import { t } from '../config/i18n.js';
import type { CourseEdition } from '../services/course-editions.service.js';
import { seatsLeft } from '../lib/edition-seats.js';
import {
  deliveryLabel,
  firstDayLabel,
  hoursLabel,
  seatsLine,
  sessionLines,
  venueLabel,
} from './edition-labels.page.js';

/** The booking wizard's first step for a course with editions: a choice of edition instead of a date and time. */
export interface WizardEditionChoice {
  id: string;
  label: string;
  sessions: string[];
  detail: string;
  seats: string;
  checked: boolean;
  full: boolean;
}

export interface WizardEditionsView {
  legend: string;
  hint: string;
  choices: WizardEditionChoice[];
  /** The chosen edition's days, for the summary step. */
  chosen: { label: string; sessions: string[]; detail: string } | null;
}

export function wizardEditions(
  editions: CourseEdition[],
  chosenId: string | undefined,
  byEdition = editions.length > 0,
): WizardEditionsView | null {
  if (!byEdition) return null;
  const choices = editions.map((e) => ({
    id: e.id,
    label: firstDayLabel(e),
    sessions: sessionLines(e),
    detail: [deliveryLabel(e), venueLabel(e), hoursLabel(e.hours)].filter(Boolean).join(' · '),
    seats: seatsLeft(e) > 0 ? seatsLine(e) : t('editions:seats.full'),
    checked: e.id === chosenId,
    full: seatsLeft(e) === 0,
  }));
  const chosen = choices.find((c) => c.checked);
  return {
    legend: t('editions:wizard.choose'),
    hint: t(choices.length > 0 ? 'editions:wizard.chooseHint' : 'editions:wizard.noneOpen'),
    choices,
    chosen: chosen ? { label: chosen.label, sessions: chosen.sessions, detail: chosen.detail } : null,
  };
}
