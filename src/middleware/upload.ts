import type { RequestHandler } from 'express';
import multer from 'multer';
import { checkUploadToken } from './csrf.js';
import { TAKES_MULTIPART } from './form-body.js';

/** Why an upload was refused before its controller ran; the controller answers in Italian beside the field. */
type UploadRejection = 'too_large' | 'too_many_files' | 'malformed';

declare global {
  namespace Express {
    interface Request {
      uploadRejection?: UploadRejection;
      /** The multipart body was parsed already (before the route's guards, to check its CSRF token). */
      multipartParsed?: boolean;
    }
  }
}

/**
 * One file from a multipart form, kept in memory (never written under its own name) and cut off at
 * `maxBytes`: beyond it multer stops buffering and drains the rest. The CSRF token travels in the body
 * (the form's hidden _csrf field) or in the X-CSRF-Token header (the islands): a body's token is checked
 * here, once multer parsed it and before the controller sees a file (src/middleware/csrf.ts).
 */
export function singleFileUpload(field: string, maxBytes: number): RequestHandler {
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 2048, parts: 12, headerPairs: 100 },
  }).single(field);
  return wrap(parse);
}

/**
 * Up to `maxFiles` files of one field from a whole form (the service form without JavaScript: its fields
 * and its photos in one multipart body), in memory, each cut off at `maxBytes`. A form with more files,
 * or a larger one, is flagged in req.uploadRejection and reaches the controller without its files.
 */
export function multiFileUpload(field: string, maxFiles: number, maxBytes: number): RequestHandler {
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxBytes, files: maxFiles, fields: 400, fieldSize: 20_000, parts: 400 + maxFiles },
  }).array(field, maxFiles);
  return wrap(parse);
}

function wrap(parse: RequestHandler): RequestHandler {
  const handler: RequestHandler = (req, res, next) => {
    if (req.multipartParsed) return next();
    req.multipartParsed = true;
    parse(req, res, (err: unknown) => {
      // A wrong or missing token: 403, the files dropped from memory, nothing kept.
      const forged = checkUploadToken(req);
      if (forged) return next(forged);
      if (!err) return next();
      const code = (err as { code?: string }).code;
      if (code === 'LIMIT_FILE_SIZE') req.uploadRejection = 'too_large';
      else if (code === 'LIMIT_FILE_COUNT' || code === 'LIMIT_UNEXPECTED_FILE') req.uploadRejection = 'too_many_files';
      else req.uploadRejection = 'malformed';
      req.file = undefined;
      req.files = undefined;
      next();
    });
  };
  // The form-body check lets multipart bodies through to this route only.
  return Object.assign(handler, { [TAKES_MULTIPART]: true });
}
