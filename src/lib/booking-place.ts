/** Where a booking takes place: its mode and, away from remote, an address. */
export interface BookingPlace {
  locationType: string;
  location: { address: string | null; postalCode: string | null; city: string | null; province: string | null };
}

/**
 * How a booking's place reads in a notice or a page: "Via Roma 1, 20121 Milano (MI)", or the name of its
 * mode ("Online", "Presso il cliente") when there is no address. The translator comes from the caller so
 * this module stays pure: the pages, the notifications and the calendar file share it.
 */
export function placeLabel(booking: BookingPlace, translate: (key: string) => string): string {
  const modeName = (locationType: string) => translate(`bookings:mode.${locationType}`);
  if (booking.locationType === 'remote') return modeName('remote');
  const l = booking.location;
  const cityPart = [l.postalCode, l.city].filter(Boolean).join(' ');
  const line = [l.address, cityPart ? `${cityPart}${l.province ? ` (${l.province})` : ''}` : null]
    .filter(Boolean)
    .join(', ');
  return line || modeName(booking.locationType);
}
