import { t } from '../config/i18n.js';
import type { ItemType, ReportOutcome } from '../lib/reports.js';
import type { ReportedItem } from '../models/reports/items.js';
import type { NotificationText } from './notifications.js';

/**
 * The words of the team's decisions on reported items, as the notifications keep them and the emails
 * (views/emails/moderation-*.ejs, report-outcome.ejs) write them: to the author, the statement of what was
 * hidden or shown again and why; to each reporter, the outcome of their report.
 */

type Item = Pick<ReportedItem, 'type' | 'id' | 'title' | 'text' | 'context' | 'listingId' | 'threadId' | 'bookingId'>;

const LABEL_CHARS = 60;

/** How a notice names the item: a review by its service, a message by its first words, a service or provider by name. */
export function itemLabel(item: Item): string {
  const text =
    item.type === 'review'
      ? (item.context ?? item.title ?? '')
      : item.type === 'message'
        ? (item.text ?? '')
        : (item.title ?? '');
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > LABEL_CHARS ? `${line.slice(0, LABEL_CHARS - 1)}…` : line;
}

/** "la recensione", "il messaggio", "il servizio", "la pagina del fornitore". */
export const itemWords = (type: ItemType): string => t(`reports:items.${type}`);

/** Where the author sees their item: a review on its booking (where it can be edited), a message in its thread. */
export function authorPath(item: Item): string {
  if (item.type === 'review') return item.bookingId ? `/bookings/${item.bookingId}#review` : '/notifications';
  if (item.type === 'message') return item.threadId ? `/messages/${item.threadId}#message-${item.id}` : '/messages';
  return item.type === 'listing' ? '/provider/services' : '/profile';
}

/** The author's notice: their item hidden (`hidden` true) or shown again, with the team's reason. */
export function authorNotice(item: Item, hidden: boolean, reason: string): NotificationText {
  const vars = { item: itemWords(item.type), label: itemLabel(item), reason };
  const key = hidden ? 'hidden' : 'restored';
  const message = t(`reports:notifications.${key}.message`, vars);
  return {
    title: t(`reports:notifications.${key}.title`),
    message: hidden && item.type === 'review' ? `${message} ${t('reports:notifications.hidden.editOnce')}` : message,
  };
}

/** A reporter's notice of how their report ended. */
export function outcomeNotice(item: Item, outcome: ReportOutcome, reason: string): NotificationText {
  return {
    title: t(`reports:notifications.outcome.${outcome}.title`),
    message: t(`reports:notifications.outcome.${outcome}.message`, {
      item: itemWords(item.type),
      label: itemLabel(item),
      reason,
    }),
  };
}
