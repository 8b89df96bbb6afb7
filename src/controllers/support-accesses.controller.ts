import type { Request, Response } from 'express';
import { supportAccessesPage } from '../pages/support-accesses.page.js';
import { supportAccessesOf } from '../services/impersonation.service.js';

/** GET /account/accessi-assistenza: the times SicurHub's support viewed the person's account ("Accedi come"). */
export async function index(req: Request, res: Response): Promise<void> {
  const user = req.user!;
  res.render('account/support-accesses', supportAccessesPage(user, await supportAccessesOf(user.personId)));
}
