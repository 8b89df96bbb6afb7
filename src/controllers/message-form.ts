import type { Request } from 'express';
import type { AttachmentProblem } from '../pages/message-thread.page.js';
import type { MessageInput } from '../services/message-posting.service.js';
import { validateMessage, type MessageForm } from '../validators/message.validator.js';
import type { FormErrors } from '../validators/validate.js';

/** Reading a message form (multipart: text, form key, optional attachment), shared by the three places that post one. */

export type ParsedMessage =
  | { ok: true; form: MessageForm; input: MessageInput }
  | {
      ok: false;
      status: number;
      body: string;
      idempotencyKey: string;
      errors?: FormErrors;
      attachmentProblem?: AttachmentProblem;
    };

export const PROBLEM_STATUSES: Readonly<Record<AttachmentProblem, number>> = {
  too_large: 413,
  upload_failed: 400,
  type: 415,
  unreadable: 422,
};

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

export function parseMessage(req: Request): ParsedMessage {
  const raw = (req.body ?? {}) as Record<string, unknown>;
  const body = text(raw.body);
  const idempotencyKey = text(raw.idempotency_key);
  if (req.uploadRejection) {
    const problem: AttachmentProblem = req.uploadRejection === 'too_large' ? 'too_large' : 'upload_failed';
    return { ok: false, status: PROBLEM_STATUSES[problem], body, idempotencyKey, attachmentProblem: problem };
  }
  const form = validateMessage(raw);
  if (!form.ok) return { ok: false, status: 422, body, idempotencyKey, errors: form.errors };
  const file = req.file?.size ? { data: req.file.buffer, originalName: req.file.originalname } : null;
  return {
    ok: true,
    form: form.value,
    input: { body: form.value.body, idempotencyKey: form.value.idempotencyKey, file },
  };
}

/** The key of the form being answered again (the same submission), or a fresh one. */
export function formKey(candidate: string, fresh: () => string): string {
  return /^[A-Za-z0-9-]{8,64}$/.test(candidate) ? candidate : fresh();
}
