import { t } from '../config/i18n.js';
import type { TrainerChoice } from '../services/booking-trainers.service.js';

/** views/bookings/_trainer.ejs: the Docente of an appointment booking, for the provider's administrator and office. */
export interface TrainerBoxView {
  action: string;
  options: { value: string; label: string }[];
  value: string;
  error: string | null;
}

export function trainerBox(bookingId: string, choice: TrainerChoice, error: string | null = null): TrainerBoxView {
  return {
    action: `/bookings/${bookingId}/trainer`,
    options: choice.trainers.map((m) => ({ value: m.id, label: m.name })),
    value: choice.current ?? '',
    error: error ? t(error) : null,
  };
}
