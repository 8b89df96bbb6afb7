import type { Router } from 'express';
import * as reports from '../controllers/admin-reports.controller.js';
import { ITEM_TYPES, ITEM_WORDS } from '../lib/reports.js';
import { requireOperator } from '../middleware/operator.js';

/** The console's reports: the queue, each item with its reports, and the team's three decisions. */
export function reportQueueRoutes(r: Router): void {
  r.get('/admin/segnalazioni', requireOperator, reports.queue);
  for (const type of ITEM_TYPES) {
    const path = `/admin/segnalazioni/${ITEM_WORDS[type]}/:id`;
    r.get(path, requireOperator, reports.show(type));
    r.post(`${path}/oscuramento`, requireOperator, reports.decide(type, 'hide'));
    r.post(`${path}/ripristino`, requireOperator, reports.decide(type, 'restore'));
    r.post(`${path}/archiviazione`, requireOperator, reports.decide(type, 'dismiss'));
  }
}
