import { db } from '../../src/db/knex.js';
import { codiceFiscaleCheckChar } from '../../src/lib/italian-tax-ids.js';
import { createBooking, createService, type ServiceAttrs } from './index.js';

/** Training courses, their completed bookings with participants, and workers of a client: for the attestati tests. */

/** A valid codice fiscale from its first 15 characters (the check character computed). */
export const fiscalCode = (first15: string): string => first15 + codiceFiscaleCheckChar(first15);

export const CF = {
  mario: 'RSSMRA85T10A562S',
  giulia: fiscalCode('VRDGLI90A41F205'),
  luca: fiscalCode('BNCLCU80A01H501'),
};

export async function createTrainingService(
  providerId: string,
  attrs: Partial<ServiceAttrs> & { kind?: string; scope?: 'iniziale' | 'aggiornamento'; hours?: number } = {},
): Promise<{ id: string; title: string }> {
  const { kind, scope, hours, ...rest } = attrs;
  const s = await createService({ providerId, title: 'Formazione lavoratori – rischio medio', ...rest });
  await db()('services')
    .where({ id: s.id })
    .update({ training_kind: kind ?? 'lavoratori', training_scope: scope ?? 'iniziale', duration_hours: hours ?? 12 });
  return s;
}

export interface ParticipantAttrs {
  firstName: string;
  lastName: string;
  fiscalCode?: string | null;
  workerId?: string | null;
}

/** A completed booking of the course with its participants, in order. */
export async function createCompletedCourseBooking(attrs: {
  serviceId: string;
  clientId: string;
  participants: ParticipantAttrs[];
  status?: 'completed' | 'confirmed';
  requestedDate?: string;
}): Promise<{ id: string; bookingNumber: string; participantIds: string[] }> {
  const booking = await createBooking({
    serviceId: attrs.serviceId,
    clientId: attrs.clientId,
    status: attrs.status ?? 'completed',
    participantsCount: Math.max(1, attrs.participants.length),
    requestedDate: attrs.requestedDate ?? '2026-11-02',
  });
  const participantIds: string[] = [];
  for (const [position, p] of attrs.participants.entries()) {
    const [row] = await db()('booking_participants')
      .insert({
        booking_id: booking.id,
        position,
        first_name: p.firstName,
        last_name: p.lastName,
        fiscal_code: p.fiscalCode ?? null,
        worker_id: p.workerId ?? null,
      })
      .returning<{ id: string }[]>('id');
    participantIds.push(row!.id);
  }
  return { id: booking.id, bookingNumber: booking.bookingNumber, participantIds };
}

export async function createWorker(attrs: {
  clientId: string;
  firstName: string;
  lastName: string;
  fiscalCode: string;
  archived?: boolean;
}): Promise<{ id: string }> {
  const [row] = await db()('workers')
    .insert({
      client_id: attrs.clientId,
      first_name: attrs.firstName,
      last_name: attrs.lastName,
      fiscal_code: attrs.fiscalCode,
      risk_class: 'medio',
      archived_at: attrs.archived ? new Date() : null,
    })
    .returning<{ id: string }[]>('id');
  return row!;
}
