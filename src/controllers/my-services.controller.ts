import type { Request, Response } from 'express';
import { myServicesPage } from '../pages/my-services.page.js';
import { listOwnServices } from '../services/provider-services.service.js';

/** GET /provider/services ("I Miei Servizi") */
export async function index(req: Request, res: Response): Promise<void> {
  res.render('services/mine', myServicesPage(await listOwnServices(req.user!.id)));
}
