import type { Request, Response } from 'express';
import { statementCsv, statementPage } from '../pages/provider-statement.page.js';
import { currentMonth, isMonth, monthlyStatement, type Statement } from '../services/commission-statements.service.js';
import { providerMonthInvoices } from '../services/invoice-runs.service.js';

function statementFor(req: Request): Promise<Statement> {
  const month = isMonth(req.query.month) ? req.query.month : currentMonth();
  return monthlyStatement(req.user!.organisationId, month);
}

/** GET /provider/statements?month=YYYY-MM (providers only) */
export async function show(req: Request, res: Response): Promise<void> {
  const statement = await statementFor(req);
  const invoices = await providerMonthInvoices(req.user!.organisationId, statement.month);
  res.render('statements/show', statementPage(statement, invoices));
}

/** GET /provider/statements.csv?month=YYYY-MM (providers only) */
export async function download(req: Request, res: Response): Promise<void> {
  const csv = statementCsv(await statementFor(req));
  res.set('Content-Type', 'text/csv; charset=utf-8');
  res.attachment(csv.filename);
  res.send(csv.body);
}
