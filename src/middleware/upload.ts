import type { RequestHandler } from 'express';
import multer from 'multer';
import { TAKES_MULTIPART } from './form-body.js';

/** Why an upload was refused before its controller ran; the controller answers in Italian beside the field. */
type UploadRejection = 'too_large' | 'too_many_files' | 'malformed';

declare global {
  namespace Express {
    interface Request {
      uploadRejection?: UploadRejection;
    }
  }
}

/**
 * One file from a multipart form, kept in memory (never written under its own name) and cut off at
 * `maxBytes`: beyond it multer stops buffering and drains the rest. The CSRF token travels in the
 * form's action (`?_csrf=`), checked before this runs.
 */
export function singleFileUpload(field: string, maxBytes: number): RequestHandler {
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 2048, parts: 12, headerPairs: 100 },
  }).single(field);
  const handler: RequestHandler = (req, res, next) => {
    parse(req, res, (err: unknown) => {
      if (!err) return next();
      const code = (err as { code?: string }).code;
      if (code === 'LIMIT_FILE_SIZE') req.uploadRejection = 'too_large';
      else if (code === 'LIMIT_FILE_COUNT' || code === 'LIMIT_UNEXPECTED_FILE') req.uploadRejection = 'too_many_files';
      else req.uploadRejection = 'malformed';
      req.file = undefined;
      next();
    });
  };
  // The form-body check lets multipart bodies through to this route only.
  return Object.assign(handler, { [TAKES_MULTIPART]: true });
}

/**
 * The create/edit service form: multipart, so that its images can travel with it (the image section is
 * wired by the photos work). Today it reads the form's fields only; a file sent anyway is refused as
 * `too_many_files`. Sized for the form's rows and long descriptions.
 */
export function serviceFormBody(): RequestHandler {
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: { files: 0, fields: 400, fieldSize: 20_000, parts: 400, headerPairs: 100 },
  }).none();
  const handler: RequestHandler = (req, res, next) => {
    parse(req, res, (err: unknown) => {
      if (!err) return next();
      const code = (err as { code?: string }).code;
      req.uploadRejection =
        code === 'LIMIT_FILE_COUNT' || code === 'LIMIT_UNEXPECTED_FILE' ? 'too_many_files' : 'malformed';
      next();
    });
  };
  return Object.assign(handler, { [TAKES_MULTIPART]: true });
}
