import { t } from '../config/i18n.js';
import * as format from '../lib/format.js';
import { invoiceNumber } from '../lib/invoice-number.js';
import type { BlockedProvider, ListedInvoice } from '../services/invoice-runs.service.js';
import type { FormErrors } from '../validators/validate.js';
import { monthLabel } from './booking-money.page.js';

/** views/admin/invoices.ejs: a month's commission invoices, the blocked providers and the issue form. */

export interface AdminInvoicesView {
  title: string;
  noindex: true;
  month: string;
  monthLabel: string;
  zipHref: string | null;
  rows: {
    number: string;
    kind: string;
    provider: string;
    providerHref: string;
    issuedOn: string;
    taxable: string;
    vat: string;
    total: string;
    sdi: string;
    xmlHref: string;
    pdfHref: string;
    xmlLabel: string;
    pdfLabel: string;
  }[];
  blocked: { name: string; href: string; missing: string }[];
  /** The refused issue form's messages (the month's among them when it is not over). */
  errors: FormErrors;
  /** Null when the month is not over: its invoices cannot be issued yet. */
  issue: { reason: string; confirmLabel: string; intro: string } | null;
}

export function adminInvoicesPage(input: {
  month: string;
  closed: boolean;
  invoices: ListedInvoice[];
  blocked: BlockedProvider[];
  form?: { reason?: string; errors?: FormErrors };
}): AdminInvoicesView {
  const label = monthLabel(input.month);
  const fields = (missing: string[]) => missing.map((m) => t(`invoices:fields.${m}`)).join(', ');
  return {
    title: t('invoices:admin.title'),
    noindex: true,
    month: input.month,
    monthLabel: label,
    zipHref: input.invoices.length ? `/admin/fatture/archivio?month=${input.month}` : null,
    rows: input.invoices.map((i) => {
      const number = invoiceNumber(i);
      const kind = t(`invoices:kinds.${i.kind}`);
      const download = (f: string) => t('invoices:admin.downloadLabel', { kind, number, format: f.toUpperCase() });
      return {
        number,
        kind,
        provider: i.providerName ?? t('invoices:admin.noName'),
        providerHref: `/admin/organizzazioni/${i.providerId}`,
        issuedOn: format.shortDate(i.issuedOn),
        taxable: format.euro(i.taxableCents),
        vat: format.euro(i.vatCents),
        total: format.euro(i.totalCents),
        sdi: t(`invoices:sdi.${i.sdiStatus}`),
        xmlHref: `/admin/fatture/${i.id}/xml`,
        pdfHref: `/admin/fatture/${i.id}/pdf`,
        xmlLabel: download('xml'),
        pdfLabel: download('pdf'),
      };
    }),
    blocked: input.blocked.map((b) => ({
      name: b.name ?? t('invoices:admin.noName'),
      href: `/admin/organizzazioni/${b.providerId}`,
      missing: t('invoices:admin.missing', { fields: fields(b.missing) }),
    })),
    errors: input.form?.errors ?? {},
    issue: input.closed
      ? {
          reason: input.form?.reason ?? '',
          confirmLabel: t('invoices:admin.confirm', { month: label }),
          intro: t('invoices:admin.issueIntro', { month: label }),
        }
      : null,
  };
}

/** The flash after an issue: how many documents, and how many providers stayed blocked. */
export function issuedMessage(issued: number, blocked: number): string {
  const first = issued ? t('invoices:admin.issued', { count: issued }) : t('invoices:admin.nothingIssued');
  return blocked ? `${first} ${t('invoices:admin.blockedAfter', { count: blocked })}` : first;
}
