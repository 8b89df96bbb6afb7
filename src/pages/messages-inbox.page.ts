import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import { relativeTime } from '../lib/relative-time.js';
import { threadSubject } from '../lib/thread-subject.js';
import type { ThreadParty, ThreadSummary } from '../services/message-threads.service.js';

/** views/messages/index.ejs: the viewer's conversations, the most recent first, unread ones marked. */
export interface MessagesInboxView {
  title: string;
  noindex: true;
  threads: {
    href: string;
    subject: string;
    clientName: string;
    providerName: string;
    /** The other party, named first. */
    counterpartName: string;
    unread: number;
    unreadLabel: string | null;
    lastAtIso: string;
    lastAtLabel: string;
    lastAtFull: string;
    /** "Tu: A che ora…" or the other party's words, on one line. */
    preview: string | null;
    /** The booking the conversation belongs to. */
    booking: { href: string; label: string } | null;
  }[];
}

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

export function messagesInboxPage(threads: ThreadSummary[], viewer: ThreadParty, now: Date): MessagesInboxView {
  return {
    title: t('messages:inbox.title'),
    noindex: true,
    threads: threads.map((th) => {
      const clientName = th.clientName ?? t('common:fallbackNames.client');
      const providerName = th.providerName ?? t('common:fallbackNames.provider');
      const last = th.lastMessageAt ?? th.createdAt;
      return {
        href: `/messages/${th.id}`,
        subject: threadSubject(th, t),
        clientName,
        providerName,
        counterpartName: viewer.userType === 'client' ? providerName : clientName,
        unread: th.unread,
        unreadLabel: th.unread > 0 ? t('messages:inbox.unread', { count: th.unread }) : null,
        lastAtIso: last.toISOString(),
        lastAtLabel: relativeTime(last, now),
        lastAtFull: format.dateTimeShort(last),
        preview: th.lastMessage
          ? th.lastMessage.hidden
            ? t('reports:hiddenMessage')
            : th.lastMessage.own
              ? t('messages:inbox.own', { text: oneLine(th.lastMessage.body) })
              : oneLine(th.lastMessage.body)
          : null,
        booking:
          th.bookingId && th.bookingNumber
            ? { href: `/bookings/${th.bookingId}`, label: t('messages:inbox.booking', { number: th.bookingNumber }) }
            : null,
      };
    }),
  };
}
