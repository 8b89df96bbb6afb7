import type { Resource } from './policy.js';
import type { World } from './world.js';

/**
 * The console's reports (/admin/segnalazioni/<tipo>/:id and its three decisions): an operator's only, on an
 * item of that kind that exists in A's world (the operator opens it with 200; everyone else gets 404).
 */
export function reportQueueResources(w: Pick<World, 'a'>): Record<string, Resource> {
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
