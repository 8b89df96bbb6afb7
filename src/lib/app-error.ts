/**
 * The one error type handlers throw. `messageKey` is an i18n key shown to the user; `operational`
 * errors are expected (bad input, missing resource) and are not logged as failures.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly messageKey: string;
  readonly operational: boolean;
  readonly details: Record<string, unknown>;

  constructor(
    status: number,
    code: string,
    messageKey: string,
    options: { operational?: boolean; details?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(`${code}: ${messageKey}`, { cause: options.cause });
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.messageKey = messageKey;
    this.operational = options.operational ?? status < 500;
    this.details = options.details ?? {};
  }
}

export const badRequest = (messageKey = 'errors:badRequest', details?: Record<string, unknown>) =>
  new AppError(400, 'bad_request', messageKey, { details });
export const unauthorized = (messageKey = 'errors:loginRequired') => new AppError(401, 'unauthorized', messageKey);
export const forbidden = (messageKey = 'errors:forbidden') => new AppError(403, 'forbidden', messageKey);
/** Also used for resources that exist but belong to someone else: nothing is leaked. */
export const notFound = (messageKey = 'errors:notFound.title', details?: Record<string, unknown>) =>
  new AppError(404, 'not_found', messageKey, { details });
export const conflict = (messageKey: string, details?: Record<string, unknown>) =>
  new AppError(409, 'conflict', messageKey, { details });
export const tooManyRequests = (messageKey: string, retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', messageKey, { details: { retryAfterSeconds } });
