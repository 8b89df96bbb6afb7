import { registerJobHandler } from './services/worker.service.js';
import { SEND_EMAIL_JOB, sendQueuedEmail } from './services/mail.service.js';

/** Every job type and periodic task the worker knows: one line each, like the route table. */
export function registerJobs(): void {
  registerJobHandler(SEND_EMAIL_JOB, sendQueuedEmail);
}
