import { COMMAND_LINE } from '../services/audit.service.js';
import { setReviewHidden } from '../services/reviews.service.js';

/**
 * The administrator's review commands (`npm run review:hide -- <id>`, `npm run review:unhide -- <id>`):
 * an abusive review leaves every page and the ratings, in one transaction; unhiding brings it back.
 * Each change writes the audit trail as the command line's. Returns the exit code; the database must be open.
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
  const review = await setReviewHidden(id, command === 'hide-review', COMMAND_LINE);
  if (!review) {
    out.stderr(`No review with id ${id}\n`);
    return 1;
  }
  out.stdout(`Review ${review.id}: ${review.hiddenAt ? `hidden since ${review.hiddenAt.toISOString()}` : 'visible'}\n`);
  return 0;
}
