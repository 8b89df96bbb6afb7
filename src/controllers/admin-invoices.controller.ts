import type { Request, Response } from 'express';
import { t } from '../config/i18n.js';
import { notFound } from '../lib/app-error.js';
import { isUuid } from '../lib/uuid.js';
import { operatorOf } from '../middleware/operator.js';
import { adminInvoicesPage, issuedMessage } from '../pages/admin-invoices.page.js';
import { isClosedMonth } from '../services/commission-invoices.service.js';
import { isMonth } from '../services/commission-statements.service.js';
import {
  invoiceFile,
  issueMonthAsOperator,
  lastClosedMonth,
  monthArchive,
  operatorMonth,
} from '../services/invoice-runs.service.js';
import { invoiceIssueSchema } from '../validators/invoices.validator.js';
import { validate, type FormErrors } from '../validators/validate.js';

const monthOf = (req: Request): string => (isMonth(req.query.month) ? req.query.month : lastClosedMonth());

async function render(res: Response, month: string, status = 200, form?: { reason?: string; errors?: FormErrors }) {
  const { invoices, blocked } = await operatorMonth(month);
  res
    .status(status)
    .render('admin/invoices', adminInvoicesPage({ month, closed: isClosedMonth(month), invoices, blocked, form }));
}

/** GET /admin/fatture?month=YYYY-MM: a month's documents (the last closed month by default). */
export async function index(req: Request, res: Response): Promise<void> {
  await render(res, monthOf(req));
}

/** GET /admin/fatture/:id/xml and /pdf */
export function download(format: 'xml' | 'pdf') {
  return async (req: Request, res: Response): Promise<void> => {
    const id = String(req.params.id);
    const file = isUuid(id) ? await invoiceFile(id, format, null) : null;
    if (!file) throw notFound();
    res.set('Cache-Control', 'private, no-store');
    res.type(file.contentType).attachment(file.fileName).send(file.body);
  };
}

/** GET /admin/fatture/archivio?month=YYYY-MM: the month's XML and PDF files in one ZIP, for the accountant. */
export async function archive(req: Request, res: Response): Promise<void> {
  const month = monthOf(req);
  const zip = await monthArchive(month);
  res.set('Cache-Control', 'private, no-store');
  res.type('application/zip').attachment(t('invoices:admin.zipFile', { month })).send(zip);
}

/** POST /admin/fatture/emissione: issues a closed month's documents still due, with a reason and a confirmation. */
export async function issue(req: Request, res: Response): Promise<void> {
  const form = validate(invoiceIssueSchema, req.body);
  const asked: unknown = req.body?.month;
  const month = isMonth(asked) ? asked : lastClosedMonth();
  if (!form.ok) {
    const reason = typeof form.value.reason === 'string' ? form.value.reason : '';
    return render(res, month, 422, { reason, errors: form.errors });
  }
  const result = await issueMonthAsOperator(operatorOf(req).personId, form.value.month, form.value.reason);
  if (!result.ok) {
    return render(res, form.value.month, 422, {
      reason: form.value.reason,
      errors: { month: t('invoices:admin.issueClosedOnly') },
    });
  }
  req.flash(
    result.run.issued.length ? 'success' : 'info',
    issuedMessage(result.run.issued.length, result.run.blocked.length),
  );
  res.redirect(303, `/admin/fatture?month=${form.value.month}`);
}
