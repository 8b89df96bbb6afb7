import type { Request, Response } from 'express';
import { notFound } from '../lib/app-error.js';
import { errorFields, logger } from '../config/logger.js';
import { openAttachment } from '../services/message-threads.service.js';
import { partyOf } from './message-threads.controller.js';

/** GET /messages/:id/attachments/:messageId — only the thread's two parties. */
export async function show(req: Request, res: Response): Promise<void> {
  const found = await openAttachment(String(req.params.id), String(req.params.messageId), partyOf(req));
  if (!found) throw notFound('thread');
  res.attachment(found.name);
  res.setHeader('Content-Type', found.mimeType);
  res.setHeader('Content-Length', String(found.file.size));
  res.setHeader('Cache-Control', 'private, no-store');
  found.file.body.on('error', (err) => {
    logger.error('message attachment stream failed', { messageId: String(req.params.messageId), ...errorFields(err) });
    res.destroy(err);
  });
  found.file.body.pipe(res);
}
