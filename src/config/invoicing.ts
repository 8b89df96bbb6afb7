import path from 'node:path';
import Joi from 'joi';
import { isValidCodiceFiscale, isValidPartitaIva } from '../lib/italian-tax-ids.js';

/**
 * The platform as the seller of its commission invoices (FatturaPA CedentePrestatore) and how the invoices
 * reach the Sistema di Interscambio, read from the environment by env.ts: required in production, the
 * demo's elsewhere (docs/operations.md, README's configuration table).
 */
export type Invoicing = Readonly<{
  name: string;
  vatNumber: string;
  fiscalCode: string;
  /** RF01 (ordinario) ... RF19 (forfettario). */
  taxRegime: string;
  street: string;
  postalCode: string;
  city: string;
  province: string;
  /** How invoices leave: 'folder' writes each XML to `sdiFolder` for an intermediary to pick up. */
  sdiDriver: 'folder';
  sdiFolder: string;
}>;

/** Outside production, the demo operator's data (its Partita IVA only passes the check digit). */
const DEMO = {
  name: 'SicurHub S.r.l. (dati dimostrativi)',
  vatNumber: '12345670017',
  taxRegime: 'RF01',
  street: 'Via Esempio 1',
  postalCode: '20121',
  city: 'Milano',
  province: 'MI',
};

const value = (rule: Joi.StringSchema, demo: string) =>
  rule.empty('').when('NODE_ENV', { is: 'production', then: Joi.required(), otherwise: Joi.optional().default(demo) });

const latin = (max: number) =>
  Joi.string()
    .trim()
    .max(max)
    .pattern(/^[\u0020-\u007e\u00a0-\u00ff]+$/);

/** The variables of the invoicing data, spread into env.ts's schema. */
export const INVOICING_SCHEMA = {
  INVOICE_SELLER_NAME: value(latin(80).min(2), DEMO.name),
  INVOICE_SELLER_VAT_NUMBER: value(
    Joi.string()
      .trim()
      .custom((v: string, helpers) => (isValidPartitaIva(v) ? v : helpers.error('any.invalid'))),
    DEMO.vatNumber,
  ),
  // Absent: the Partita IVA (a company's codice fiscale is usually the same number).
  INVOICE_SELLER_FISCAL_CODE: Joi.string()
    .trim()
    .uppercase()
    .custom((v: string, helpers) =>
      isValidPartitaIva(v) || isValidCodiceFiscale(v) ? v : helpers.error('any.invalid'),
    )
    .empty(''),
  INVOICE_SELLER_TAX_REGIME: Joi.string()
    .trim()
    .pattern(/^RF(0[1-9]|1[0-9])$/)
    .empty('')
    .default(DEMO.taxRegime),
  INVOICE_SELLER_STREET: value(latin(60).min(2), DEMO.street),
  INVOICE_SELLER_POSTAL_CODE: value(
    Joi.string()
      .trim()
      .pattern(/^\d{5}$/),
    DEMO.postalCode,
  ),
  INVOICE_SELLER_CITY: value(latin(60).min(2), DEMO.city),
  INVOICE_SELLER_PROVINCE: value(
    Joi.string()
      .trim()
      .uppercase()
      .pattern(/^[A-Z]{2}$/),
    DEMO.province,
  ),
  SDI_DRIVER: Joi.string().valid('folder').empty('').default('folder'),
  SDI_FOLDER: Joi.string().empty(''),
};

/** The validated values as the Config holds them; the folder defaults to DATA_DIR/sdi-outbox. */
export function invoicingOf(value: Record<string, unknown>, dataDir: string): Invoicing {
  const vatNumber = value.INVOICE_SELLER_VAT_NUMBER as string;
  return Object.freeze({
    name: value.INVOICE_SELLER_NAME as string,
    vatNumber,
    fiscalCode: (value.INVOICE_SELLER_FISCAL_CODE as string | undefined) ?? vatNumber,
    taxRegime: value.INVOICE_SELLER_TAX_REGIME as string,
    street: value.INVOICE_SELLER_STREET as string,
    postalCode: value.INVOICE_SELLER_POSTAL_CODE as string,
    city: value.INVOICE_SELLER_CITY as string,
    province: value.INVOICE_SELLER_PROVINCE as string,
    sdiDriver: value.SDI_DRIVER as 'folder',
    sdiFolder: path.resolve((value.SDI_FOLDER as string | undefined) ?? path.join(dataDir, 'sdi-outbox')),
  });
}
