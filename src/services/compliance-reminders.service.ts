import { config } from '../config/env.js';
import { transaction, type Trx } from '../db/knex.js';
import { trainingDue, trainingKindName } from '../documents/notifications.js';
import { todayInRome } from '../lib/booking-time.js';
import * as format from '../lib/format.js';
import type { TrainingKind, TrainingScope } from '../lib/training-kinds.js';
import { daysBetween } from '../lib/training-compliance.js';
import { updatePath } from '../lib/scadenzario-links.js';
import * as notifications from '../models/notifications/write.js';
import { wholeOrganisation } from '../models/sites/reach.js';
import { referentEmailsBySite } from '../models/sites/sites.js';
import * as register from '../models/workers/scadenzario.js';
import { queueEmail } from './mail.service.js';
import { scadenzarioFor, type Scadenzario, type ScadenzarioLine } from './scadenzario.service.js';

/**
 * Reminders of the scadenzario: 90, 30 and 7 days before a due date and on the due date itself, to the
 * client's safety contact by email and in the app, each exactly once; the referents of a worker's site get
 * the email too, naming only their sites' workers.
 *
 * Exactly once: each reminder is a row of compliance_reminders (unique on worker, kind, due date and
 * threshold) inserted in the same transaction as its notification and queued email. Two job runners running
 * at once both try the insert; the second waits on the unique key and, once the first commits, finds the
 * row there and sends nothing. A rolled-back run leaves no row, so the next run sends it.
 *
 * A missed run (the job runner was down) catches up like this: of the thresholds a due date has already
 * reached, only the most urgent one is sent (on a lapsed training, the "scaduta" one); the earlier ones are
 * recorded in the same transaction, without an email, so they are never sent late and out of order. The
 * most urgent reminder is never lost and none is ever sent twice. A due date that changes (a new course is
 * recorded) starts its own set of reminders. The date reminded is the last day the course due may be done:
 * the update's due date, or a transition's deadline for a first course (the datore di lavoro's). A training
 * never done, or a title that lapsed, has no such date and no reminder: the scadenzario and the dashboard
 * show it as "mai svolto" or "scaduto".
 */

export const REMINDER_THRESHOLDS = [90, 30, 7, 0] as const;

/** The thresholds a due date has reached on `today`, the earliest first (90 before 30 before 7 before 0). */
export function reachedThresholds(dueOn: string, today: string): number[] {
  const left = daysBetween(today, dueOn);
  return REMINDER_THRESHOLDS.filter((threshold) => left <= threshold);
}

interface ReminderGroup {
  kind: TrainingKind;
  level: TrainingScope;
  threshold: number;
  lines: ScadenzarioLine[];
}

/** Records every threshold a line has reached; true when this call recorded the most urgent one. */
async function recordLine(line: ScadenzarioLine, clientId: string, today: string, trx: Trx): Promise<number | null> {
  const reached = reachedThresholds(line.due.byDate!, today);
  if (reached.length === 0) return null;
  const urgent = reached[reached.length - 1]!;
  let send = false;
  for (const daysBefore of reached) {
    const key = { workerId: line.worker.id, clientId, kind: line.kind, dueOn: line.due.byDate!, daysBefore };
    const recorded = await register.recordReminder(key, trx);
    if (daysBefore === urgent) send = recorded;
  }
  return send ? urgent : null;
}

/** One worker's line of the email: the date, and the course due (its words: the template's `key`). */
function workerLine(l: ScadenzarioLine): { key: string; name: string; dueOn: string; hours: number | null } {
  return {
    key: l.due.hours === null ? 'workerNoHours' : l.due.level === 'iniziale' ? 'workerInitial' : 'worker',
    name: `${l.worker.lastName} ${l.worker.firstName}`,
    dueOn: format.date(l.due.byDate!),
    hours: l.due.hours,
  };
}

/** What a reminder says of these lines of a group: the course, how many, the earliest date. */
function reminderVars(group: ReminderGroup, lines: readonly ScadenzarioLine[]) {
  return {
    kind: trainingKindName(group.kind),
    count: lines.length,
    date: format.date(lines.map((l) => l.due.byDate!).sort()[0]!),
    days: group.threshold,
    // A first course due by a deadline (the datore di lavoro's) is not an update: its own words.
    context: group.level === 'iniziale' ? 'initial' : undefined,
  };
}

/** The reminder's email of these lines to `to`, its link planning the course for those workers. */
async function queueReminder(
  s: Scadenzario,
  group: ReminderGroup,
  lines: readonly ScadenzarioLine[],
  to: string,
  trx: Trx,
): Promise<void> {
  const path = updatePath(
    group.kind,
    lines.map((l) => l.worker.id),
    group.level,
  );
  await queueEmail(
    {
      to,
      template: 'training-due',
      data: {
        ...reminderVars(group, lines),
        lapsed: group.threshold === 0,
        initial: group.level === 'iniziale',
        // i18next context: the subject of a lapsed training is subject_lapsed.
        context: group.threshold === 0 ? 'lapsed' : undefined,
        name: s.company.companyName ?? s.company.contactEmail,
        workers: lines.map((l) => workerLine(l)),
        link: `${config().baseUrl}${path}`,
      },
    },
    trx,
  );
}

/** The group's email to each referent of its workers' sites, with the lines of their sites only. */
async function remindReferents(s: Scadenzario, group: ReminderGroup, trx: Trx): Promise<void> {
  const siteIds = [...new Set(group.lines.map((l) => l.worker.siteId).filter((id): id is string => id !== null))];
  const emailsBySite = await referentEmailsBySite(siteIds, trx);
  const byReferent = new Map<string, ScadenzarioLine[]>();
  for (const line of group.lines) {
    for (const to of emailsBySite.get(line.worker.siteId ?? '') ?? []) {
      if (to === s.company.contactEmail) continue;
      byReferent.set(to, [...(byReferent.get(to) ?? []), line]);
    }
  }
  for (const [to, lines] of byReferent) await queueReminder(s, group, lines, to, trx);
}

async function announce(s: Scadenzario, group: ReminderGroup, trx: Trx): Promise<void> {
  const path = updatePath(
    group.kind,
    group.lines.map((l) => l.worker.id),
    group.level,
  );
  const vars = reminderVars(group, group.lines);
  await notifications.create(
    {
      userId: s.company.clientId,
      type: 'training_due',
      ...trainingDue(group.threshold === 0, vars),
      data: { target: path, training_kind: group.kind },
    },
    trx,
  );
  await queueReminder(s, group, group.lines, s.company.contactEmail, trx);
  await remindReferents(s, group, trx);
}

/** One client's reminders due on `today`, in one transaction: the number of reminder messages sent. */
export async function remindClient(clientId: string, today: string): Promise<number> {
  return transaction(async (trx) => {
    const s = await scadenzarioFor(wholeOrganisation(clientId), today, trx);
    if (!s) return 0;
    const groups = new Map<string, ReminderGroup>();
    for (const line of s.lines) {
      if (line.due.byDate === null) continue;
      const threshold = await recordLine(line, clientId, today, trx);
      if (threshold === null) continue;
      const id = `${line.kind}:${line.due.level}:${threshold}`;
      const group = groups.get(id) ?? { kind: line.kind, level: line.due.level, threshold, lines: [] };
      group.lines.push(line);
      groups.set(id, group);
    }
    for (const group of groups.values()) await announce(s, group, trx);
    return groups.size;
  });
}

/** The periodic task: every client's reminders due today (Rome). */
export async function sendComplianceReminders(today: string = todayInRome()): Promise<number> {
  let sent = 0;
  for (const clientId of await register.clientsWithWorkers()) sent += await remindClient(clientId, today);
  return sent;
}
