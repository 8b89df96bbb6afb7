import { config } from '../config/env.js';
import { openDatabase } from '../db/connection.js';
import { migrateLatest, rollbackLast } from '../db/migrate.js';
import * as organisations from '../models/organisations/read.js';
import * as users from '../models/users/read.js';
import { operatorCreate } from './operator-commands.js';
import { reviewVisibility } from './review-commands.js';
import { COMMAND_LINE } from '../services/audit.service.js';
import { setProviderVerified } from '../services/provider-verification.service.js';
import { approveWaitingRequestOf } from '../services/verification-decisions.service.js';
import { findProviderProfile } from '../models/providers/read.js';
import { todayInRome } from '../lib/booking-time.js';
import { ensureReferenceData } from '../reference-data/ensure-reference-data.js';

const USAGE = `Usage:
  npm run migrate                       apply pending migrations and load the gazetteer if missing
  npm run rollback                      undo the last batch of migrations
  npm run seed                          load the demo data (idempotent)
  npm run provider:verify -- <email>    approve a provider's waiting verification request (--off removes the badge)
  npm run review:hide -- <id>           hide an abusive review (it leaves the pages and the ratings)
  npm run review:unhide -- <id>         show a hidden review again
  npm run operator:create -- <email>    a new operator of the console (/admin), with a link to set the password`;

const CLI_REFUSALS = {
  not_found: 'no verification request waiting (the provider sends one from its Verifica page)',
  decided: 'the request was decided meanwhile',
  no_profile: 'no provider profile yet (it is created at the first login)',
  missing: 'required documents missing or expired',
} as const;

/** Administration commands; they work on the embedded database (DATA_DIR) or on DATABASE_URL. */
async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  if (
    !command ||
    !['migrate', 'rollback', 'seed', 'verify-provider', 'hide-review', 'unhide-review', 'create-operator'].includes(
      command,
    )
  ) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const database = await openDatabase(config(), { throughRunning: true });
  try {
    switch (command) {
      case 'migrate': {
        const applied = await migrateLatest(database.knex);
        await ensureReferenceData();
        process.stdout.write(applied.length ? `Applied:\n  ${applied.join('\n  ')}\n` : 'Already up to date.\n');
        return 0;
      }
      case 'rollback': {
        const undone = await rollbackLast(database.knex);
        process.stdout.write(undone.length ? `Rolled back:\n  ${undone.join('\n  ')}\n` : 'Nothing to roll back.\n');
        return 0;
      }
      case 'seed': {
        await migrateLatest(database.knex);
        await ensureReferenceData();
        const { seedDemo } = await import('../../seeds/demo.js');
        const summary = await seedDemo(database.knex);
        process.stdout.write(`Demo data: ${JSON.stringify(summary)}\n`);
        return 0;
      }
      case 'create-operator':
        return await operatorCreate(args, {
          stdout: (s) => process.stdout.write(s),
          stderr: (s) => process.stderr.write(s),
        });
      case 'hide-review':
      case 'unhide-review':
        return await reviewVisibility(command, args, {
          stdout: (s) => process.stdout.write(s),
          stderr: (s) => process.stderr.write(s),
        });
      default: {
        const email = args.find((a) => !a.startsWith('--'));
        if (!email) {
          process.stderr.write(`${USAGE}\n`);
          return 2;
        }
        const user = await users.findByEmail(email);
        if (!user || (await organisations.kindOf(user.id)) !== 'provider') {
          process.stderr.write(`No provider account with email ${email}\n`);
          return 1;
        }
        if (args.includes('--off')) {
          const provider = await setProviderVerified(user.id, false, COMMAND_LINE);
          if (!provider) {
            process.stderr.write(`${email} has no provider profile yet (it is created at the first login)\n`);
            return 1;
          }
          process.stdout.write(`${provider.businessName} <${email}>: verified = false\n`);
          return 0;
        }
        // The badge is given as the console gives it: by approving the provider's waiting request.
        const decided = await approveWaitingRequestOf(user.id, COMMAND_LINE, todayInRome());
        if (!decided.ok) {
          process.stderr.write(
            `${email}: ${CLI_REFUSALS[decided.problem]}${'kinds' in decided ? ` (${decided.kinds.join(', ')})` : ''}\n`,
          );
          return 1;
        }
        const profile = await findProviderProfile(user.id);
        process.stdout.write(`${profile?.businessName ?? email} <${email}>: verified = true\n`);
        return 0;
      }
    }
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
