import type { Request, Response } from 'express';
import { notFound } from '../lib/app-error.js';
import { renderPaymentSummaryPdf } from '../documents/payment-summary-pdf.js';
import { paymentSummaryPage } from '../pages/payment-summary.page.js';
import { paymentSummary } from '../services/payment-summaries.service.js';
import { viewerOf } from './bookings.controller.js';

/** GET /bookings/:id/payment-summary — a PDF to download; another person's booking reads as missing. */
export async function show(req: Request, res: Response): Promise<void> {
  const result = await paymentSummary(String(req.params.id), viewerOf(req));
  if (!result.ok) throw notFound(result.kind === 'not_found' ? 'booking' : 'money:summary.notPayable');
  const view = paymentSummaryPage(result.summary, new Date());
  const pdf = await renderPaymentSummaryPdf(view);
  res.attachment(view.fileName);
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Cache-Control', 'private, no-store');
  res.send(pdf);
}
