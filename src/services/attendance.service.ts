import { logger, errorFields } from '../config/logger.js';
import { transaction, type Trx } from '../db/knex.js';
import { renderAttestatoPdf, type AttestatoFacts } from '../documents/attestato-pdf.js';
import { unnamedProvider } from '../documents/words.js';
import { attendanceShare, scheduledSessions, type ScheduledSession } from '../lib/attendance-hours.js';
import type { BookingPlace } from '../lib/booking-place.js';
import { isTrainingKind, LEGAL_REFERENCES } from '../lib/training-kinds.js';
import { findCourse, type CourseOfBooking } from '../models/bookings/course.js';
import * as bookingParticipants from '../models/bookings/participants.js';
import type { RegisterParticipant } from '../models/bookings/participants.js';
import { findPrintedProvider, type PrintedProvider } from '../models/providers/read.js';
import { findWorkerId, isWorkerOf } from '../models/workers/register.js';
import { insertWorkerTraining } from '../models/workers/trainings.js';
import * as attestati from '../models/attestati/read.js';
import { insert as insertAttestato } from '../models/attestati/write.js';
import type { Attestato } from '../models/attestati/row.js';
import * as bookings from '../models/bookings/read.js';
import type { Booking } from '../models/bookings/booking.js';
import { validateAttendance, type AttendanceForm, type AttendanceMark } from '../validators/attendance.validator.js';
import type { FormErrors } from '../validators/validate.js';
import { announceAttestati, newAttestatoCode } from './attestati.service.js';
import { roleOf, type Actor } from './booking-rules.service.js';
import { lockForActor } from './booking-lifecycle.service.js';
import { recordStep } from './booking-events.service.js';
import { storage } from './storage.service.js';

/**
 * The attendance register of a completed course booking (a service with a training kind): the provider
 * marks each participant present or absent and issues an attestato for each present one that has none.
 * One transaction holds the booking's row lock, so a double submit issues once (and the attestati table
 * keeps one per participant whatever happens). Only the booking's provider sees or writes the register.
 */

/** The course's facts an attestato prints, derived from its edition when it has one, else the booking. */
export interface CourseFacts {
  trainingKind: string;
  trainingScope: 'iniziale' | 'aggiornamento';
  legalReference: string;
  hours: number;
  deliveryMode: 'in_person' | 'online_sync';
  courseStart: string;
  courseEnd: string;
  editionId: string | null;
  /** The place to prefill: the edition's venue, or the booking's place. */
  place: CoursePlace;
  /** The course's sessions (the edition's, or the booking's days), each with its start and end. */
  sessions: { date: string; start: string; end: string }[];
  /** The sessions whose hours the register records for each participant (one, without session times). */
  scheduled: ScheduledSession[];
}

/**
 * Where the course took place, as the register's form prefills it (the page writes it out): online, an
 * address already written (the edition's venue, the provider's own), or the booking's place.
 */
export type CoursePlace =
  { kind: 'online' } | { kind: 'address'; text: string } | { kind: 'booking'; place: BookingPlace };

export interface RegisterLine extends RegisterParticipant {
  attestato: Attestato | null;
}

export interface Register {
  booking: Booking;
  course: CourseFacts;
  lines: RegisterLine[];
  /** Who signed the attestati issued so far (prefills the next ones), else the provider's contact. */
  signatoryName: string;
  signatoryRole: string;
}

export type NotReady = 'not_training' | 'not_completed';

export type RegisterAccess =
  | { ok: true; register: Register }
  | { ok: false; kind: 'not_found' }
  | { ok: false; kind: 'not_ready'; reason: NotReady };

function factsOf(booking: Booking, course: CourseOfBooking, provider: PrintedProvider | null): CourseFacts | null {
  if (!course.trainingKind || !isTrainingKind(course.trainingKind) || !course.trainingScope) return null;
  const e = course.edition;
  const days = booking.days.map((d) => d.date).sort();
  const venue: CoursePlace | null = !e
    ? null
    : e.deliveryMode === 'online_sync'
      ? { kind: 'online' }
      : address([
          e.venueAddress,
          e.venueCity ? `${e.venueCity}${e.venueProvince ? ` (${e.venueProvince})` : ''}` : null,
        ]);
  const sessions = e?.sessions.length
    ? e.sessions
    : booking.days.length > 0
      ? booking.days
      : booking.endTime
        ? [{ date: booking.requestedDate, start: booking.requestedTime, end: booking.endTime }]
        : [];
  const hours = e?.hours ?? course.listingHours ?? booking.durationHours;
  const courseStart = e?.startsOn ?? days[0] ?? booking.requestedDate;
  return {
    trainingKind: course.trainingKind,
    trainingScope: course.trainingScope,
    legalReference: LEGAL_REFERENCES[course.trainingKind],
    hours,
    deliveryMode: e?.deliveryMode ?? (booking.locationType === 'remote' ? 'online_sync' : 'in_person'),
    courseStart,
    courseEnd: e?.endsOn ?? days[days.length - 1] ?? booking.requestedDate,
    editionId: e?.id ?? null,
    place: venue ?? bookingPlace(booking, provider),
    sessions,
    scheduled: scheduledSessions(sessions, { firstDay: courseStart, hours }),
  };
}

/** Parts of an address joined, or null when none is given. */
function address(parts: (string | null)[]): CoursePlace | null {
  const text = parts.filter(Boolean).join(', ');
  return text ? { kind: 'address', text } : null;
}

/** The booking's address; at the provider's without one, the provider's own address. */
function bookingPlace(booking: Booking, provider: PrintedProvider | null): CoursePlace {
  const hasAddress = Boolean(booking.location.address || booking.location.city);
  const own = booking.locationType === 'provider_site' && !hasAddress ? providerAddress(provider) : null;
  return own
    ? { kind: 'address', text: own }
    : { kind: 'booking', place: { locationType: booking.locationType, location: booking.location } };
}

async function registerOf(booking: Booking, trx?: Trx): Promise<RegisterAccess> {
  const [course, provider] = await Promise.all([
    findCourse(booking.id, trx),
    findPrintedProvider(booking.providerId, trx),
  ]);
  const facts = course ? factsOf(booking, course, provider) : null;
  if (!facts) return { ok: false, kind: 'not_ready', reason: 'not_training' };
  if (booking.status !== 'completed') return { ok: false, kind: 'not_ready', reason: 'not_completed' };
  const [participants, issued] = await Promise.all([
    bookingParticipants.listForBooking(booking.id, trx),
    attestati.listForBooking(booking.id, trx),
  ]);
  const byParticipant = new Map(issued.map((a) => [a.participantId, a]));
  const last = [...issued].sort((a, b) => b.issuedAt.getTime() - a.issuedAt.getTime())[0];
  return {
    ok: true,
    register: {
      booking,
      course: facts,
      lines: participants.map((p) => ({ ...p, attestato: byParticipant.get(p.id) ?? null })),
      signatoryName: last?.signatoryName ?? provider?.contactName ?? '',
      signatoryRole: last?.signatoryRole ?? provider?.contactRole ?? '',
    },
  };
}

/** The register of a booking for its provider; anyone else finds nothing. */
export async function openRegister(bookingId: string, viewer: Actor): Promise<RegisterAccess> {
  const booking = await bookings.findForViewer(bookingId, viewer);
  if (!booking || roleOf(booking, viewer) !== 'provider') return { ok: false, kind: 'not_found' };
  return registerOf(booking);
}

export type SaveResult =
  | { ok: true; issued: Attestato[]; refused: number }
  | { ok: false; kind: 'not_found' }
  | { ok: false; kind: 'not_ready'; reason: NotReady }
  | { ok: false; kind: 'invalid'; register: Register; errors: FormErrors; values: Record<string, unknown> };

function providerAddress(p: PrintedProvider | null): string | null {
  if (!p) return null;
  const city = [p.postalCode, p.city].filter(Boolean).join(' ');
  const line = [p.street, city ? `${city}${p.province ? ` (${p.province})` : ''}` : null].filter(Boolean).join(', ');
  return line || null;
}

/** Saves the register and issues the attestati it calls for. */
export async function saveAttendance(
  bookingId: string,
  viewer: Actor,
  body: unknown,
  now: Date = new Date(),
): Promise<SaveResult> {
  const written: string[] = [];
  try {
    return await transaction(async (trx): Promise<SaveResult> => {
      const locked = await lockForActor(bookingId, viewer, trx);
      if (!locked || locked.role !== 'provider') return { ok: false, kind: 'not_found' };
      const access = await registerOf(locked.booking, trx);
      if (!access.ok) return access;
      const { register } = access;
      const open = register.lines.filter((l) => !l.attestato);
      const form = validateAttendance(
        body,
        open.map((l) => l.id),
        register.course.scheduled,
      );
      if (!form.ok) return { ok: false, kind: 'invalid', register, errors: form.errors, values: form.value };
      const issued = await issue(register, form.value, now, trx, written, viewer.member?.personId ?? null);
      await recordStep(trx, bookingId, viewer, 'attendance_recorded', now);
      if (issued.length > 0) {
        await announceAttestati(register.booking, issued, trx);
        await recordStep(trx, bookingId, viewer, 'attestati_issued', now, String(issued.length));
      }
      return { ok: true, issued, refused: form.value.marks.filter((m) => short(m, register)).length };
    });
  } catch (err) {
    await Promise.all(
      written.map((key) =>
        storage()
          .delete(key)
          .catch((e: unknown) => logger.warn('orphan attestato file left behind', { key, ...errorFields(e) })),
      ),
    );
    throw err;
  }
}

/** A present participant below 90% of the course's hours: no attestato (Accordo Stato-Regioni). */
function short(mark: AttendanceMark, register: Register): boolean {
  if (!mark.present || !mark.sessionHours) return false;
  return !attendanceShare(
    mark.sessionHours.map((h) => h.hours),
    register.course.scheduled,
  ).enough;
}

async function issue(
  register: Register,
  form: AttendanceForm,
  now: Date,
  trx: Trx,
  written: string[],
  issuedBy: string | null,
): Promise<Attestato[]> {
  const { booking, course } = register;
  const provider = await findPrintedProvider(booking.providerId, trx);
  const issued: Attestato[] = [];
  for (const mark of form.marks) {
    await bookingParticipants.markAttendance(mark.participantId, mark, now, trx);
    if (!mark.present || !mark.fiscalCode || short(mark, register)) continue;
    const line = register.lines.find((l) => l.id === mark.participantId)!;
    const linked = line.workerId && (await isWorkerOf(booking.clientId, line.workerId, trx));
    const workerId = linked ? line.workerId : await findWorkerId(booking.clientId, mark.fiscalCode, trx);
    const code = newAttestatoCode();
    const facts: AttestatoFacts = {
      code,
      bookingId: booking.id,
      participantId: line.id,
      workerId,
      providerId: booking.providerId,
      clientId: booking.clientId,
      editionId: course.editionId,
      providerName: provider?.businessName ?? unnamedProvider(),
      providerVatNumber: provider?.vatNumber ?? null,
      providerAddress: providerAddress(provider),
      participantFirstName: line.firstName,
      participantLastName: line.lastName,
      participantFiscalCode: mark.fiscalCode,
      courseTitle: booking.listingTitle,
      trainingKind: course.trainingKind,
      trainingScope: course.trainingScope,
      legalReference: course.legalReference,
      hours: course.hours,
      deliveryMode: course.deliveryMode,
      courseStart: course.courseStart,
      courseEnd: course.courseEnd,
      place: form.place,
      signatoryName: form.signatoryName,
      signatoryRole: form.signatoryRole,
      issuedAt: now,
    };
    const fileKey = `attestati/${booking.providerId}/${code.toLowerCase()}.pdf`;
    await storage().put(fileKey, await renderAttestatoPdf(facts));
    written.push(fileKey);
    const attestato = await insertAttestato({ ...facts, fileKey, issuedByMember: issuedBy }, trx);
    if (!attestato) {
      await storage().delete(fileKey);
      continue;
    }
    if (workerId) {
      await insertWorkerTraining(
        {
          workerId,
          trainingKind: course.trainingKind,
          trainingScope: course.trainingScope,
          completedOn: course.courseEnd,
          hours: course.hours,
          deliveryMode: course.deliveryMode,
          attestatoId: attestato.id,
          providerName: attestato.providerName,
        },
        trx,
      );
    }
    issued.push(attestato);
  }
  return issued;
}
