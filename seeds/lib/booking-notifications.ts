import { formatEuro } from '../../src/lib/money.js';
import type { BookingPlan } from './booking-plans.js';
import type { Timeline } from './booking-timeline.js';
import { addDays, romeInstant } from './clock.js';
import { uuidFor } from './random.js';
import type { Row } from './row.js';
import type { ClientEntity, ProviderEntity } from './world.js';

/** What the demo accounts find in their notifications, for a booking of theirs. */
export function bookingNotifications(
  b: { plan: BookingPlan; id: string; tl: Timeline; cancelledByProvider: boolean; quoteCents: number },
  demoProvider: ProviderEntity,
  demoClient: ClientEntity,
  today: string,
): Row[] {
  const { plan, id, tl, cancelledByProvider, quoteCents } = b;
  const service = plan.service;
  const provider = service.provider;
  const client = plan.client;
  const instant = service.template.serviceType === 'instant';
  const waiting = plan.status === 'quoted';
  const out: Row[] = [];
  if (provider.id === demoProvider.id) {
    out.push(
      notification(
        `new:${plan.key}`,
        provider.id,
        'booking_confirmed',
        'Nuova Prenotazione',
        `Hai ricevuto una nuova prenotazione per ${service.title}`,
        id,
        tl.createdDays,
        '18:05',
        today,
      ),
    );
    if (plan.status === 'cancelled' && !cancelledByProvider) {
      out.push(
        notification(
          `cancel:${plan.key}`,
          provider.id,
          'booking_cancelled',
          'Prenotazione Cancellata',
          `${client.data.companyName} ha cancellato la prenotazione per ${service.title}`,
          id,
          tl.cancelledDays!,
          '11:21',
          today,
        ),
      );
    }
  }
  if (client.id === demoClient.id) {
    if (tl.confirmedDays !== null) {
      out.push(
        notification(
          `confirmed:${plan.key}`,
          client.id,
          'booking_confirmed',
          'Prenotazione Confermata',
          // An instant service confirms itself: nobody "confirmed" it (the texts of bookings:notifications).
          instant
            ? `La tua prenotazione per ${service.title} con ${provider.data.businessName} è confermata.`
            : `${provider.data.businessName} ha confermato la prenotazione per ${service.title}`,
          id,
          tl.confirmedDays,
          '19:01',
          today,
        ),
      );
    }
    if (plan.status === 'pending') {
      out.push(
        notification(
          `sent:${plan.key}`,
          client.id,
          'booking',
          'Richiesta Inviata',
          `Hai inviato a ${provider.data.businessName} una richiesta per ${service.title}. Riceverai una risposta entro 24h.`,
          id,
          tl.createdDays,
          '18:06',
          today,
        ),
      );
    }
    if (waiting) {
      out.push(
        notification(
          `quoted:${plan.key}`,
          client.id,
          'booking_quoted',
          'Preventivo Ricevuto',
          `${provider.data.businessName} ti ha inviato un preventivo di ${formatEuro(quoteCents)} (IVA inclusa) per ${service.title}`,
          id,
          tl.quotedDays!,
          '10:16',
          today,
        ),
      );
    }
    if (plan.status === 'completed') {
      out.push(
        notification(
          `completed:${plan.key}`,
          client.id,
          'booking_completed',
          'Servizio Completato',
          `Il servizio ${service.title} è stato completato: lascia una recensione per aiutare altre aziende.`,
          id,
          tl.completedDays!,
          '17:31',
          today,
        ),
      );
    }
    if (plan.status === 'cancelled') {
      out.push(
        notification(
          `cancelled:${plan.key}`,
          client.id,
          'booking_cancelled',
          'Prenotazione Cancellata',
          `La prenotazione per ${service.title} è stata cancellata.`,
          id,
          tl.cancelledDays!,
          '11:21',
          today,
        ),
      );
    }
  }
  return out;
}

/** The demo accounts' first notifications: the provider's verification, the client's welcome. */
export function welcomeNotifications(demoProvider: ProviderEntity, demoClient: ClientEntity, today: string): Row[] {
  return [
    notification(
      'welcome:provider',
      demoProvider.id,
      'system',
      'Profilo Verificato',
      'Il tuo profilo è stato verificato: i clienti ora vedono il badge "Fornitore Verificato".',
      null,
      -demoProvider.ageDays + 3,
      '09:00',
      today,
    ),
    notification(
      'welcome:client',
      demoClient.id,
      'system',
      'Benvenuto su SicurHub',
      'Completa il profilo aziendale e cerca i servizi di sicurezza, ambiente e medicina del lavoro vicino a te.',
      null,
      -demoClient.ageDays,
      '09:00',
      today,
    ),
  ];
}

/** Notifications older than two weeks have been read (a couple of hours after they arrived); newer ones are unread. */
export function notification(
  key: string,
  userId: string,
  type: string,
  title: string,
  message: string,
  bookingId: string | null,
  days: number,
  time: string,
  today: string,
): Row {
  const createdDays = Math.min(-1, days);
  const read = createdDays < -14;
  const createdAt = romeInstant(addDays(today, createdDays), time);
  return {
    id: uuidFor(`notification:${key}`),
    user_id: userId,
    type,
    title,
    message,
    data: JSON.stringify(bookingId ? { booking_id: bookingId } : {}),
    read,
    read_at: read ? new Date(Date.parse(createdAt) + 2 * 3_600_000).toISOString() : null,
    created_at: createdAt,
  };
}
