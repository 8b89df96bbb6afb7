import { randomBytes } from 'node:crypto';
import { config } from '../config/env.js';
import type { Trx } from '../db/knex.js';
import { attestatiIssued } from '../documents/notifications.js';
import { unnamedProvider } from '../documents/words.js';
import { CODE_ALPHABET, formatCode, readCode } from '../lib/attestato-code.js';
import { addYears } from '../lib/training-dates.js';
import { isTrainingKind } from '../lib/training-kinds.js';
import { termsOn } from '../lib/training-rules.js';
import { findCourse } from '../models/bookings/course.js';
import * as attestati from '../models/attestati/read.js';
import type { Attestato } from '../models/attestati/row.js';
import * as parties from '../models/bookings/parties.js';
import type { Booking } from '../models/bookings/booking.js';
import type { BookingViewer } from '../models/bookings/read.js';
import * as notifications from '../models/notifications/write.js';
import { queueEmail } from './mail.service.js';
import { storage, type StoredFile } from './storage.service.js';

export type { Attestato };

/**
 * Issued attestati: their codes, the public verification, the downloads of the booking's two parties and
 * the provider's archive. Nothing here deletes one (the agreement wants them kept for 10 years).
 */

export const ATTESTATI_PER_PAGE = 20;

/** 16 characters from a 32-letter alphabet: 80 random bits from the operating system's generator. */
export function newAttestatoCode(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let buffer = 0;
  let chars = '';
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      chars += CODE_ALPHABET[(buffer >> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return formatCode(chars);
}

/** Tells the client (in the app and by email) that attestati of its booking were issued. */
export async function announceAttestati(booking: Booking, issued: readonly Attestato[], trx: Trx): Promise<void> {
  const { client, provider } = await parties.findParties(booking.clientId, booking.providerId, trx);
  const vars = {
    count: issued.length,
    serviceTitle: booking.listingTitle,
    bookingNumber: booking.bookingNumber,
    providerName: provider.name ?? unnamedProvider(),
  };
  await notifications.create(
    {
      userId: client.id,
      type: 'attestato',
      ...attestatiIssued(vars),
      data: { booking_id: booking.id },
    },
    trx,
  );
  await queueEmail(
    {
      to: client.email,
      template: 'attestati-issued',
      data: {
        ...vars,
        name: client.name ?? client.email,
        people: issued.map((a) => `${a.participantFirstName} ${a.participantLastName} (${a.code})`),
        link: `${config().baseUrl}/bookings/${booking.id}#attestati`,
      },
    },
    trx,
  );
}

export type Verification =
  | { kind: 'malformed' }
  | { kind: 'unknown'; code: string }
  /** validUntil: when the training must be repeated ('YYYY-MM-DD'), by the rules in force on its last day. */
  | { kind: 'found'; attestato: Attestato; validUntil: string | null };

/** The last day an attestato's training counts: its course's end plus the period of its update. */
function validUntil(a: Attestato): string | null {
  if (!isTrainingKind(a.trainingKind)) return null;
  const years = termsOn(a.trainingKind, a.courseEnd, config().accordo2025EffectiveDate).update.periodYears;
  return addYears(a.courseEnd, years);
}

/** The public check of a code as typed or scanned. */
export async function verifyCode(input: string): Promise<Verification> {
  const code = readCode(input);
  if (!code) return { kind: 'malformed' };
  const attestato = await attestati.findByCode(code);
  return attestato ? { kind: 'found', attestato, validUntil: validUntil(attestato) } : { kind: 'unknown', code };
}

/** The PDF of an attestato for the booking's client or provider; null for anyone else. */
export async function openAttestatoPdf(
  id: string,
  viewer: BookingViewer,
): Promise<{ attestato: Attestato; file: StoredFile } | null> {
  const attestato = await attestati.findForViewer(id, viewer);
  if (!attestato) return null;
  const file = await storage().get(attestato.fileKey);
  return file ? { attestato, file } : null;
}

/** The attestati of a booking the viewer already may see (the booking page), and whether it is a course. */
export async function attestatiOfBooking(bookingId: string): Promise<{ attestati: Attestato[]; isCourse: boolean }> {
  const [list, course] = await Promise.all([attestati.listForBooking(bookingId), findCourse(bookingId)]);
  return { attestati: list, isCourse: Boolean(course?.trainingKind) };
}

export interface ProviderArchive {
  rows: Attestato[];
  total: number;
  page: number;
  totalPages: number;
  courses: { listingId: string; title: string }[];
  listingId: string | null;
}

/** "Attestati emessi": all of a provider's, newest first, by page, optionally of one course. */
export async function providerArchive(
  viewer: BookingViewer,
  page: number,
  listingId: string | null,
): Promise<ProviderArchive> {
  const courses = await attestati.coursesOfProvider(viewer);
  const chosen = listingId && courses.some((c) => c.listingId === listingId) ? listingId : null;
  const first = await attestati.listForProvider(viewer, { listingId: chosen, limit: 1, offset: 0 });
  const totalPages = Math.max(1, Math.ceil(first.total / ATTESTATI_PER_PAGE));
  const current = Math.min(Math.max(1, Number.isFinite(page) ? page : 1), totalPages);
  const { rows, total } = await attestati.listForProvider(viewer, {
    listingId: chosen,
    limit: ATTESTATI_PER_PAGE,
    offset: (current - 1) * ATTESTATI_PER_PAGE,
  });
  return { rows, total, page: current, totalPages, courses, listingId: chosen };
}
