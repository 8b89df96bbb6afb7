import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import { invoiceNumber } from '../lib/invoice-number.js';
import type { Invoice } from '../services/commission-invoices.service.js';

/** The "Fatture di SicurHub" box of a provider's statement: each document of the month with its two files. */
export interface StatementInvoiceView {
  title: string;
  issuedOn: string;
  total: string;
  xmlHref: string;
  pdfHref: string;
}

export function statementInvoices(invoices: readonly Invoice[]): StatementInvoiceView[] {
  return invoices.map((i) => ({
    title: `${t(`invoices:kinds.${i.kind}`)} ${invoiceNumber(i)}`,
    issuedOn: format.shortDate(i.issuedOn),
    total: format.euro(i.totalCents),
    xmlHref: `/provider/statements/invoices/${i.id}/xml`,
    pdfHref: `/provider/statements/invoices/${i.id}/pdf`,
  }));
}
