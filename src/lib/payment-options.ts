// The closed lists and terms of payment and invoicing, shared by the repos, the validators and the pages.

/** How a client receives electronic invoices: an SDI recipient code, a PEC address, or neither. */
export const INVOICING_CHANNELS = ['sdi', 'pec', 'none'] as const;
export type InvoicingChannel = (typeof INVOICING_CHANNELS)[number];

/** The SdI's "no code": an invoice addressed to it goes to the PEC given beside it, else to the tax area. */
export const NO_SDI_CODE = '0000000';

/** How a provider says a booking was paid. */
export const PAYMENT_METHODS = ['bank_transfer', 'cheque', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * Days the client has to pay from the confirmation. Between businesses Italian law (D.Lgs. 231/2002, art. 4)
 * sets 30 days as the default payment term, and docs/product.md §1 says payment is requested when the service is confirmed:
 * so the request made at confirmation falls due 30 days later. A fixed term from the confirmation, rather than
 * "before the service date", also works for services booked for the next day and for year-long engagements alike.
 */
export const PAYMENT_TERM_DAYS = 30;
