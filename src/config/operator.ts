import Joi from 'joi';
import { isValidPartitaIva } from '../lib/italian-tax-ids.js';

/**
 * The company that runs the site, read from the environment by env.ts: required in production, the demo's
 * elsewhere (docs/operations.md, README's configuration table).
 */

/** An Italian company's identity as its site must show it: ragione sociale, Partita IVA, sede legale, PEC, REA. */
export type Operator = Readonly<{ name: string; vatNumber: string; address: string; pec: string; rea: string }>;

/** Outside production, a company plainly marked as the demo's (its Partita IVA only passes the check digit). */
const DEMO_OPERATOR: Operator = {
  name: 'SicurHub S.r.l. (dati dimostrativi)',
  vatNumber: '12345670017',
  address: 'Via Esempio 1, 20121 Milano (MI)',
  pec: 'sicurhub@pec.example.it',
  rea: 'MI-0000000',
};

/** A value the operator's identity needs: required in production, the demo's otherwise. */
const operatorValue = (rule: Joi.StringSchema, demo: string) =>
  rule.empty('').when('NODE_ENV', { is: 'production', then: Joi.required(), otherwise: Joi.optional().default(demo) });

/** The variables of the operator's identity, spread into env.ts's schema. */
export const OPERATOR_SCHEMA = {
  OPERATOR_NAME: operatorValue(Joi.string().trim().min(2).max(200), DEMO_OPERATOR.name),
  OPERATOR_VAT_NUMBER: operatorValue(
    Joi.string()
      .trim()
      .custom((v: string, helpers) => (isValidPartitaIva(v) ? v : helpers.error('any.invalid'))),
    DEMO_OPERATOR.vatNumber,
  ),
  OPERATOR_ADDRESS: operatorValue(Joi.string().trim().min(5).max(300), DEMO_OPERATOR.address),
  OPERATOR_PEC: operatorValue(
    Joi.string()
      .trim()
      .email({ tlds: { allow: false } }),
    DEMO_OPERATOR.pec,
  ),
  OPERATOR_REA: operatorValue(
    Joi.string()
      .trim()
      .pattern(/^[A-Z]{2}-\d{1,7}$/),
    DEMO_OPERATOR.rea,
  ),
};

/** The validated values as the Config holds them. */
export function operatorOf(value: Record<string, unknown>): Operator {
  return Object.freeze({
    name: value.OPERATOR_NAME as string,
    vatNumber: value.OPERATOR_VAT_NUMBER as string,
    address: value.OPERATOR_ADDRESS as string,
    pec: value.OPERATOR_PEC as string,
    rea: value.OPERATOR_REA as string,
  });
}
