/** What a conversation is about, as its inbox row, its page and its email name it. */
export interface ThreadTopic {
  serviceTitle: string | null;
  bookingNumber: string | null;
}

/** "Prenotazione N — titolo", "Servizio: titolo" or the general subject; the caller's translator keeps this pure. */
export function threadSubject(
  thread: ThreadTopic,
  translate: (key: string, values?: Record<string, unknown>) => string,
): string {
  if (thread.bookingNumber)
    return translate('messages:subject.booking', { title: thread.serviceTitle ?? '', number: thread.bookingNumber });
  if (thread.serviceTitle) return translate('messages:subject.service', { title: thread.serviceTitle });
  return translate('messages:subject.general');
}
