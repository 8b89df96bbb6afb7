import { COMMAND_LINE } from '../services/audit.service.js';
import { moderate } from '../services/moderation.service.js';

/**
 * The administrator's review commands (`npm run review:hide -- <id> [--reason=...]`, `npm run review:unhide --
 * <id>`): the console's own rule (moderation.service), so an abusive review leaves every page and the
 * ratings, its reports close and its author is told, in one transaction; unhiding brings it back. Each
 * change writes the audit trail as the command line's. Returns the exit code; the database must be open.
 */
export async function reviewVisibility(
  command: 'hide-review' | 'unhide-review',
  args: string[],
  out: { stdout: (s: string) => void; stderr: (s: string) => void },
): Promise<number> {
  const id = args.find((a) => !a.startsWith('--'));
  if (!id) {
    out.stderr(`Usage: npm run review:${command === 'hide-review' ? 'hide' : 'unhide'} -- <review id>\n`);
    return 2;
  }
  const given = args
    .find((a) => a.startsWith('--reason='))
    ?.slice('--reason='.length)
    .trim();
  const actor = { ...COMMAND_LINE, reason: given || COMMAND_LINE.reason };
  const hide = command === 'hide-review';
  const result = await moderate(actor, { type: 'review', id }, hide ? 'hide' : 'restore', actor.reason);
  if (!result.ok && result.kind === 'not_found') {
    out.stderr(`No review with id ${id}\n`);
    return 1;
  }
  const hiddenAt = result.ok ? result.item.hiddenAt : null;
  const hidden = result.ok ? result.item.hidden : hide;
  out.stdout(`Review ${id}: ${hidden ? `hidden since ${(hiddenAt ?? new Date()).toISOString()}` : 'visible'}\n`);
  return 0;
}
