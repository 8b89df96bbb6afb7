import { columnsOf, names } from '../../db/columns.js';
import type { ImpersonationEnd } from '../../lib/impersonation.js';

// The impersonations table (migration impersonations): one "Accedi come" of an operator, as one person in
// one of their organisations, until it ends.

export interface ImpersonationRow {
  id: string;
  operator_id: string;
  person_id: string;
  organisation_id: string;
  reason: string;
  started_at: Date;
  expires_at: Date;
  ended_at: Date | null;
  ended_how: ImpersonationEnd | null;
}

export const IMPERSONATION_COLUMNS = columnsOf<ImpersonationRow>({
  id: 'text',
  operator_id: 'text',
  person_id: 'text',
  organisation_id: 'text',
  reason: 'text',
  started_at: 'timestamp',
  expires_at: 'timestamp',
  ended_at: 'timestamp',
  ended_how: 'text',
});

export interface ImpersonationRecord {
  id: string;
  operatorId: string;
  personId: string;
  organisationId: string;
  reason: string;
  startedAt: Date;
  expiresAt: Date;
  endedAt: Date | null;
  endedHow: ImpersonationEnd | null;
}

export const IMPERSONATION_SELECT = names(IMPERSONATION_COLUMNS, 'i');

export const toImpersonation = (r: ImpersonationRow): ImpersonationRecord => ({
  id: r.id,
  operatorId: r.operator_id,
  personId: r.person_id,
  organisationId: r.organisation_id,
  reason: r.reason,
  startedAt: r.started_at,
  expiresAt: r.expires_at,
  endedAt: r.ended_at,
  endedHow: r.ended_how,
});
