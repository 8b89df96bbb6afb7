import { config } from '../config/env.js';
import { transaction } from '../db/knex.js';
import * as contactRequests from '../models/contact-requests.js';
import type { NewContactRequest } from '../models/contact-requests.js';
import { queueEmail } from './mail.service.js';

/**
 * The contact form: the request is stored first (support can read it even if mail is slow), then the
 * worker emails it to SUPPORT_EMAIL and confirms receipt to the sender, all in one transaction.
 */

/** true when stored now; false when the same form had already been sent (nothing is sent twice). */
export async function submitContactRequest(request: NewContactRequest): Promise<boolean> {
  return transaction(async (trx) => {
    const stored = await contactRequests.insert(request, trx);
    if (!stored) return false;
    const data = {
      requestId: stored.id,
      name: request.name,
      email: request.email,
      subject: request.subject,
      message: request.message,
      bookingNumber: request.bookingNumber,
    };
    await queueEmail({ to: config().supportEmail, template: 'contact-request', data }, trx);
    await queueEmail({ to: request.email, template: 'contact-confirmation', data }, trx);
    return true;
  });
}
