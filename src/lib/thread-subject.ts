/** What a conversation is about, as its inbox row, its page and its email name it. */
export interface ThreadTopic {
  listingTitle: string | null;
  bookingNumber: string | null;
}

/** "Prenotazione N — titolo", "Servizio: titolo" or the general subject; the caller's translator keeps this pure. */
export function threadSubject(
  thread: ThreadTopic,
  translate: (key: string, values?: Record<string, unknown>) => string,
): string {
  if (thread.bookingNumber)
    return translate('messages:subject.booking', { title: thread.listingTitle ?? '', number: thread.bookingNumber });
  if (thread.listingTitle) return translate('messages:subject.service', { title: thread.listingTitle });
  return translate('messages:subject.general');
}
