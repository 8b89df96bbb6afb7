// What can be reported ("Segnala") and why: the fixed lists the form, the queue, the migration's checks and
// the words of locales/it/reports.json follow.

/** The kinds of item a signed-in person may report. */
export const ITEM_TYPES = ['review', 'message', 'listing', 'provider'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/** The item types as URLs and forms name them (/segnala?tipo=recensione, /admin/segnalazioni/recensione/:id). */
export const ITEM_WORDS: Readonly<Record<ItemType, string>> = {
  review: 'recensione',
  message: 'messaggio',
  listing: 'servizio',
  provider: 'fornitore',
};

export function itemTypeOfWord(word: unknown): ItemType | null {
  return ITEM_TYPES.find((type) => ITEM_WORDS[type] === word) ?? null;
}

/** The reasons a person chooses from; "other" asks for a note. */
export const REPORT_REASONS = ['offensive', 'spam', 'misleading', 'personal_data', 'other'] as const;
export type ChosenReason = (typeof REPORT_REASONS)[number];

/**
 * A reviewer whose review was hidden may edit it once: the edit asks the team to look again, recorded as a
 * report of the review by its own author (no reporter person) with this reason, so that it waits in the same queue.
 */
export const EDITED_AFTER_HIDING = 'edited';
export type ReportReason = ChosenReason | typeof EDITED_AFTER_HIDING;

export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/**
 * How a report ended: the item hidden, kept (nothing wrong found), restored (shown again), or, for the author's
 * own request after an edit, still hidden.
 */
export const REPORT_OUTCOMES = ['hidden', 'kept', 'restored', 'still_hidden'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

/** A note beside a report, and the reason an operator gives: at most this many characters. */
export const REPORT_NOTE_MAX = 1000;

/** One item of any type. */
export interface ItemRef {
  type: ItemType;
  id: string;
}

/** The page where a signed-in person reports the item. */
export const reportPath = (ref: ItemRef): string => `/segnala?tipo=${ITEM_WORDS[ref.type]}&id=${ref.id}`;

/** "Le mie segnalazioni": the signed-in person's own reports and what became of each. */
export const OWN_REPORTS_PATH = '/account/segnalazioni';

/** The console's page of an item and its reports. */
export const consolePath = (ref: ItemRef): string => `/admin/segnalazioni/${ITEM_WORDS[ref.type]}/${ref.id}`;

/** Where the item shows while it is visible (a review on its service's page, a message in its thread). */
export function itemPath(item: ItemRef & { listingId: string | null; threadId: string | null }): string {
  if (item.type === 'review') return `/services/${item.listingId}#review-${item.id}`;
  if (item.type === 'message') return `/messages/${item.threadId}#message-${item.id}`;
  return item.type === 'listing' ? `/services/${item.id}` : `/providers/${item.id}`;
}
