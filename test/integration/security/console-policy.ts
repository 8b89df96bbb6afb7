import type { Resource } from './policy.js';
import type { World } from './world.js';

/**
 * The operator's console (an operator's only: the operator opens each with 200, everyone else gets 404) on
 * records of A's world, and SicurHub's invoices to provider A.
 */
export function consoleResources(w: Pick<World, 'a'>): Record<string, Resource> {
  return {
    '/admin/organizzazioni/:id': { params: { id: w.a.providerId }, owners: [] },
    '/admin/organizzazioni/:id/sospensione': { params: { id: w.a.providerId }, owners: [] },
    '/admin/organizzazioni/:id/riattivazione': { params: { id: w.a.providerId }, owners: [] },
    '/admin/persone/:id': { params: { id: w.a.providerId }, owners: [] },
    '/admin/persone/:id/sospensione': { params: { id: w.a.providerId }, owners: [] },
    '/admin/persone/:id/riattivazione': { params: { id: w.a.providerId }, owners: [] },
    '/admin/persone/:id/accedi-come': { params: { id: w.a.providerId }, owners: [] },
    // The console's reports: an item's page and the team's three decisions, for each kind of item.
    ...reportQueueResources(w),
    '/admin/fatture/:id/xml': { params: { id: w.a.invoiceId }, owners: [] },
    '/admin/fatture/:id/pdf': { params: { id: w.a.invoiceId }, owners: [] },
    // SicurHub's invoices to provider A: its administrators download them from the statement page.
    '/provider/statements/invoices/:id/xml': { params: { id: w.a.invoiceId }, owners: ['providerA'] },
    '/provider/statements/invoices/:id/pdf': { params: { id: w.a.invoiceId }, owners: ['providerA'] },
  };
}

/**
 * The console's reports (/admin/segnalazioni/<tipo>/:id and its three decisions), on an item of that kind
 * that exists in A's world.
 */
function reportQueueResources(w: Pick<World, 'a'>): Record<string, Resource> {
  const kinds = [
    ['recensione', w.a.reviewId],
    ['messaggio', w.a.messageId],
    ['servizio', w.a.serviceId],
    ['fornitore', w.a.providerId],
  ] as const;
  return Object.fromEntries(
    kinds.flatMap(([kind, id]) =>
      ['', '/oscuramento', '/ripristino', '/archiviazione'].map((action): [string, Resource] => [
        `/admin/segnalazioni/${kind}/:id${action}`,
        { params: { id }, owners: [] },
      ]),
    ),
  );
}
