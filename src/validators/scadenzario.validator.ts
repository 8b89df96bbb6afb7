import { COMPLIANCE_STATUSES, type ComplianceStatus } from '../lib/training-compliance.js';
import { TRAINING_KINDS, TRAINING_SCOPES, type TrainingKind, type TrainingScope } from '../lib/training-kinds.js';
import { isUuid } from '../lib/uuid.js';
import { Joi } from './fields.js';

/**
 * The scadenzario's filters are a GET form anyone can type into the address bar: an unknown status or a
 * site that is not a text simply shows everything (like the search page), never an error.
 */
const firstString = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);

const filtersSchema = Joi.object({
  status: Joi.any()
    .custom((v: unknown) => {
      const s = firstString(v);
      return typeof s === 'string' && (COMPLIANCE_STATUSES as readonly string[]).includes(s) ? s : null;
    })
    .failover(null)
    .default(null),
  site: Joi.any()
    .custom((v: unknown) => {
      const s = firstString(v);
      return typeof s === 'string' && s.trim() !== '' ? s.trim().slice(0, 200) : null;
    })
    .failover(null)
    .default(null),
}).unknown(true);

export function parseFilters(query: unknown): { status: ComplianceStatus | null; site: string | null } {
  const { value } = filtersSchema.validate(query ?? {}) as {
    value: { status: ComplianceStatus | null; site: string | null };
  };
  return { status: value.status, site: value.site };
}

/** A reminder's link names at most this many workers (one client's register, one kind). */
export const MAX_UPDATE_WORKERS = 500;

const updateSchema = Joi.object({
  kind: Joi.string()
    .valid(...TRAINING_KINDS)
    .required(),
  // Links sent before the level existed name none: they were all for the update.
  level: Joi.string()
    .valid(...TRAINING_SCOPES)
    .default('aggiornamento'),
  workers: Joi.string()
    .required()
    .custom((v: string, helpers) => {
      const ids = [...new Set(v.split(',').map((s) => s.trim().toLowerCase()))];
      if (ids.length === 0 || ids.length > MAX_UPDATE_WORKERS || !ids.every(isUuid))
        return helpers.error('any.invalid');
      return ids;
    }),
}).unknown(true);

/**
 * GET /scadenzario/aggiornamento?kind=<kind>&level=<iniziale|aggiornamento>&workers=<id,id>: null when it is
 * not a well-formed request.
 */
export function parseUpdateRequest(
  query: unknown,
): { kind: TrainingKind; level: TrainingScope; workerIds: string[] } | null {
  const { value, error } = updateSchema.validate(query ?? {}) as {
    value: { kind: TrainingKind; level: TrainingScope; workers: string[] };
    error?: unknown;
  };
  return error ? null : { kind: value.kind, level: value.level, workerIds: value.workers };
}
