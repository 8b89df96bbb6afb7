import type { Router } from 'express';
import * as bookingMessages from '../controllers/booking-messages.controller.js';
import * as inquiryQuotes from '../controllers/inquiry-quotes.controller.js';
import * as messageAttachments from '../controllers/message-attachments.controller.js';
import * as messageThreads from '../controllers/message-threads.controller.js';
import * as threadReplies from '../controllers/thread-replies.controller.js';
import { ATTACHMENT_MAX_BYTES } from '../lib/upload-limits.js';
import { requireMember, requirePermission } from '../middleware/auth.js';
import { byUser, rateLimit, MINUTE, type RateRule } from '../middleware/rate-limit.js';
import { singleFileUpload } from '../middleware/upload.js';

/** Messages a person writes, in every thread together: plenty for a conversation, too few to flood one. */
const MESSAGES_PER_USER: RateRule = { name: 'message-user', limit: 20, windowSeconds: 10 * MINUTE };

/** Conversations about a listing or a booking, their attachments, and the quote that answers an inquiry. */
export function messageRoutes(r: Router): void {
  const bookingUser = requireMember('errors:accessRequired.bookings', 'messages.use', 'provider.messages.use');
  r.post(
    '/bookings/:id/messages',
    bookingUser,
    singleFileUpload('attachment', ATTACHMENT_MAX_BYTES),
    rateLimit(MESSAGES_PER_USER, byUser, bookingMessages.limited),
    bookingMessages.create,
  );

  // A visitor is asked to log in and comes back to the same page.
  const messagesUser = requireMember('errors:accessRequired.messages', 'messages.use', 'provider.messages.use');
  r.get('/messages', messagesUser, messageThreads.index);
  r.get('/messages/new', messageThreads.newThread);
  r.post(
    '/messages',
    requirePermission('messages.use', 'errors:clientsOnly.title', 'errors:clientsOnly.messages'),
    singleFileUpload('attachment', ATTACHMENT_MAX_BYTES),
    rateLimit(MESSAGES_PER_USER, byUser, messageThreads.limited),
    messageThreads.create,
  );
  r.get('/messages/:id', messagesUser, messageThreads.show);
  r.post(
    '/messages/:id/replies',
    messagesUser,
    singleFileUpload('attachment', ATTACHMENT_MAX_BYTES),
    rateLimit(MESSAGES_PER_USER, byUser, threadReplies.limited),
    threadReplies.create,
  );
  r.get('/messages/:id/attachments/:messageId', messagesUser, messageAttachments.show);
  // Only the provider of an inquiry thread answers it with a quote: anyone else finds no such thread (404).
  r.post('/messages/:id/quote', messagesUser, inquiryQuotes.create);
}
