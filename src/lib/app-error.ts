/** The resources with a not-found page of their own; anything else shows the generic "Pagina non trovata". */
const NOT_FOUND_RESOURCES = ['page', 'service', 'provider', 'booking', 'bookable_service', 'thread'] as const;
export type NotFoundResource = (typeof NOT_FOUND_RESOURCES)[number];

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
  /** The missing resource of a 404, whose own page the error handler shows. */
  readonly resource: NotFoundResource;

  constructor(
    status: number,
    code: string,
    messageKey: string,
    options: {
      operational?: boolean;
      details?: Record<string, unknown>;
      cause?: unknown;
      resource?: NotFoundResource;
    } = {},
  ) {
    super(`${code}: ${messageKey}`, { cause: options.cause });
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.messageKey = messageKey;
    this.operational = options.operational ?? status < 500;
    this.details = options.details ?? {};
    this.resource = options.resource ?? 'page';
  }
}

export const badRequest = (messageKey = 'errors:badRequest', details?: Record<string, unknown>) =>
  new AppError(400, 'bad_request', messageKey, { details });
export const unauthorized = (messageKey = 'errors:loginRequired') => new AppError(401, 'unauthorized', messageKey);
export const forbidden = (messageKey = 'errors:forbidden') => new AppError(403, 'forbidden', messageKey);
/** A page for another kind of account ("Accesso Riservato ai Fornitori"): its own title and explanation. */
export const roleRequired = (titleKey: string, messageKey: string) =>
  new AppError(403, 'role_required', messageKey, { details: { titleKey } });
const isResource = (value: string): value is NotFoundResource =>
  (NOT_FOUND_RESOURCES as readonly string[]).includes(value);

/**
 * `notFound('service')` names the missing resource, so that the error handler shows its own page;
 * `notFound('notifications:notFound')` (an i18n key) keeps the generic page with that message.
 * Also used for resources that exist but belong to someone else: nothing is leaked.
 */
export const notFound = (
  resourceOrMessageKey: NotFoundResource | string = 'page',
  details?: Record<string, unknown>,
) => {
  const resource = isResource(resourceOrMessageKey) ? resourceOrMessageKey : 'page';
  const messageKey = isResource(resourceOrMessageKey) ? 'errors:notFound.title' : resourceOrMessageKey;
  return new AppError(404, 'not_found', messageKey, { details, resource });
};
export const conflict = (messageKey: string, details?: Record<string, unknown>) =>
  new AppError(409, 'conflict', messageKey, { details });
