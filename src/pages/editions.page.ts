import { t } from '../config/i18n.js';
import { romeLocal } from '../lib/booking-time.js';
import * as format from '../lib/format.js';
import { fromCents } from '../lib/money.js';
import type { FieldProblems } from '../lib/problem.js';
import type { CourseEdition, EditionProblem } from '../services/course-editions.service.js';
import { seatsLeft } from '../lib/edition-seats.js';
import type { OwnListing } from '../services/listings.service.js';
import {
  DELIVERY_MODES,
  SESSION_ROWS,
  blankEditionForm,
  type EditionFormValues,
} from '../validators/edition.validator.js';
import type { FormErrors } from '../validators/validate.js';
import { deliveryLabel, hoursLabel, seatsBadge, sessionLines, statusLabel, venueLabel } from './edition-labels.page.js';
import { priceLabel, pricedUnitLabel } from './listing-card.page.js';
import { formErrors, type ProblemTexts } from './problems.js';

/** The provider's editions of a course (views/editions/index.ejs) and the edition form (_form, edit). */

interface Option {
  value: string;
  label: string;
}

export interface EditionFormView {
  action: string;
  submitLabel: string;
  values: EditionFormValues;
  errors: FormErrors;
  hasErrors: boolean;
  deliveryModes: Option[];
  /** The service's own price, the default when the edition has none. */
  priceHint: string;
  /** The provider's trainers to choose the Docente from; empty: no choice shown (none, or a trainer editing). */
  trainers: Option[];
}

interface EditionRowView {
  id: string;
  sessions: string[];
  hours: string;
  mode: string;
  venue: string | null;
  seats: string;
  badge: string | null;
  minimum: number;
  deadline: string;
  price: string;
  status: string;
  statusLabel: string;
  editHref: string;
  publicHref: string;
  /** The confirmation and cancellation forms (another resource's routes). */
  confirmAction: string | null;
  cancelAction: string | null;
}

interface CourseView {
  id: string;
  title: string;
  kind: string;
  href: string;
  editHref: string;
  editionsHref: string;
}

export interface EditionsView {
  title: string;
  noindex: true;
  service: CourseView;
  editions: EditionRowView[];
  form: EditionFormView;
}

export interface EditionEditView {
  title: string;
  noindex: true;
  service: CourseView;
  edition: EditionRowView;
  form: EditionFormView;
}

function courseView(s: OwnListing): CourseView {
  return {
    id: s.id,
    title: s.title,
    kind: s.trainingKind
      ? `${t(`training:kinds.${s.trainingKind}`)} · ${t(`training:scopes.${s.trainingScope ?? 'iniziale'}`)}`
      : '',
    href: `/services/${s.id}`,
    editHref: `/services/${s.id}/edit`,
    editionsHref: `/services/${s.id}/editions`,
  };
}

function rowView(e: CourseEdition, s: OwnListing): EditionRowView {
  const open = e.status !== 'cancelled';
  return {
    id: e.id,
    sessions: sessionLines(e),
    hours: hoursLabel(e.hours),
    mode: deliveryLabel(e),
    venue: venueLabel(e),
    seats: t('editions:list.seatsTaken', { taken: e.seatsTaken, left: seatsLeft(e), seats: e.seats }),
    badge: open ? seatsBadge(seatsLeft(e)) : null,
    minimum: e.minParticipants,
    deadline: format.dateTimeShort(e.bookingDeadline),
    price: `${priceLabel(e.priceCents ?? s.basePriceCents)} ${pricedUnitLabel(s.pricingUnit)}`,
    status: e.status,
    statusLabel: statusLabel(e),
    editHref: `/editions/${e.id}/edit`,
    publicHref: `/editions/${e.id}`,
    confirmAction: e.status === 'scheduled' ? `/editions/${e.id}/confirmation` : null,
    cancelAction: open ? `/editions/${e.id}/cancellation` : null,
  };
}

/** Session rows: those typed, then empty ones up to the fixed set the form offers without JavaScript. */
function withEmptySessions(values: EditionFormValues): EditionFormValues {
  const missing = Math.max(0, SESSION_ROWS - values.sessions.length);
  return {
    ...values,
    sessions: [...values.sessions, ...Array.from({ length: missing }, () => ({ date: '', start: '', end: '' }))],
  };
}

const V = 'editions:validation';

/** What the service refuses beyond the form's rules, in Italian. */
const EDITION_PROBLEMS: ProblemTexts<EditionProblem> = {
  delivery_mode_not_allowed: (p) =>
    t(`${V}.deliveryModeNotAllowed`, {
      kind: t(`training:kinds.${p.kind}`),
      mode: t(`training:deliveryModes.${p.mode}`),
    }),
  venue_city_unknown: `${V}.venueCityUnknown`,
  cancelled: `${V}.cancelled`,
  seats_below_taken: `${V}.seatsBelowTaken`,
  sessions_locked: `${V}.sessionsLocked`,
  trainer_unknown: `${V}.trainerUnknown`,
};

/** A refused submission: what was typed, and the form rules' messages or the service's problems. */
export interface EditionFormState {
  values?: EditionFormValues;
  errors?: FormErrors;
  problems?: FieldProblems<EditionProblem>;
  /** The provider's trainers the form offers as Docente (none for a trainer editing their own edition). */
  trainers?: readonly { id: string; name: string }[];
}

function formView(
  action: string,
  submitKey: string,
  s: OwnListing,
  values: EditionFormValues,
  form: EditionFormState,
): EditionFormView {
  const errors = formErrors(form.problems, EDITION_PROBLEMS, form.errors);
  return {
    action,
    submitLabel: t(submitKey),
    values: withEmptySessions(values),
    errors,
    hasErrors: Object.keys(errors).length > 0,
    deliveryModes: DELIVERY_MODES.map((m) => ({ value: m, label: t(`training:deliveryModes.${m}`) })),
    priceHint: t('editions:form.priceHint', {
      price: `${priceLabel(s.basePriceCents)} ${pricedUnitLabel(s.pricingUnit)}`,
    }),
    trainers: (form.trainers ?? []).map((m) => ({ value: m.id, label: m.name })),
  };
}

export function editionsPage(
  listing: OwnListing,
  editions: CourseEdition[],
  form: EditionFormState = {},
): EditionsView {
  return {
    title: t('editions:list.title', { title: listing.title }),
    noindex: true,
    service: courseView(listing),
    editions: editions.map((e) => rowView(e, listing)),
    form: formView(
      `/services/${listing.id}/editions`,
      'editions:form.create',
      listing,
      form.values ?? blankEditionForm(),
      form,
    ),
  };
}

/** A saved edition as its form shows it. */
export function editionFormValues(e: CourseEdition): EditionFormValues {
  return {
    sessions: e.sessions.map((s) => ({ ...s })),
    delivery_mode: e.deliveryMode,
    venue_address: e.venueAddress ?? '',
    venue_city: e.venueCity ? `${e.venueCity}${e.venueProvince ? ` (${e.venueProvince})` : ''}` : '',
    seats: String(e.seats),
    min_participants: String(e.minParticipants),
    booking_deadline: romeLocal(e.bookingDeadline).date,
    price: e.priceCents === null ? '' : fromCents(e.priceCents).replace('.', ','),
    trainer_member_id: e.trainerMemberId ?? '',
  };
}

export function editionEditPage(
  listing: OwnListing,
  edition: CourseEdition,
  form: EditionFormState = {},
): EditionEditView {
  return {
    title: t('editions:edit.title'),
    noindex: true,
    service: courseView(listing),
    edition: rowView(edition, listing),
    form: formView(
      `/editions/${edition.id}/edit`,
      'editions:form.save',
      listing,
      form.values ?? editionFormValues(edition),
      form,
    ),
  };
}
