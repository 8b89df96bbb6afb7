import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { db } from '../../src/db/knex.js';
import { testDatabase, resetDatabase } from '../helpers/db.js';
import { createProvider, createUser } from '../factories/index.js';

const run = promisify(execFile);

/** Runs an admin command of package.json against the test database (the built CLI in dist/). */
async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['dist/src/cli/db.js', ...args], {
      env: { ...process.env, DATABASE_URL: testDatabase().connectionString, LOG_LEVEL: 'silent', NODE_ENV: 'test' },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('admin commands', () => {
  before(resetDatabase);

  it('provider:verify approves the waiting request through the rule of the console, and --off removes the badge', async () => {
    const provider = await createProvider({ email: 'studio.rossi@esempio.it', businessName: 'Studio Rossi' });
    // No request waiting: nothing to approve.
    const none = await cli('verify-provider', 'studio.rossi@esempio.it');
    expect(none.code).to.equal(1);
    expect(none.stderr).to.include('no verification request waiting');
    const [request] = await db()('verification_requests')
      .insert({ organisation_id: provider.id, submitted_by: provider.id })
      .returning('id');
    // The same rule as the console: the visura is required.
    const missing = await cli('verify-provider', 'studio.rossi@esempio.it');
    expect(missing.code).to.equal(1);
    expect(missing.stderr).to.include('required documents missing or expired (visura_camerale)');
    await db()('verification_documents').insert({
      organisation_id: provider.id,
      request_id: request.id,
      kind: 'visura_camerale',
      file_key: 'verification-documents/00000000-0000-4000-8000-0000000000aa.pdf',
      file_name: 'visura.pdf',
      mime_type: 'application/pdf',
      size_bytes: 100,
      issued_on: '2026-01-10',
    });
    const on = await cli('verify-provider', 'STUDIO.ROSSI@esempio.it');
    expect(on.code).to.equal(0);
    expect(on.stdout).to.include('Studio Rossi').and.include('verified = true');
    expect((await db()('provider_profiles').where({ user_id: provider.id }).first()).verified).to.equal(true);
    expect((await db()('verification_requests').where({ id: request.id }).first()).status).to.equal('approved');

    const off = await cli('verify-provider', 'studio.rossi@esempio.it', '--off');
    expect(off.code).to.equal(0);
    expect((await db()('provider_profiles').where({ user_id: provider.id }).first()).verified).to.equal(false);

    // Each change is in the audit trail as the command line's, with the badge before and after.
    const audit = await db()('audit_events').where({ subject_id: provider.id }).orderBy('id');
    expect(audit.map((e: { before: unknown; after: unknown }) => [e.before, e.after])).to.deep.equal([
      [
        { request: request.id, status: 'submitted', verified: false },
        { request: request.id, status: 'approved', verified: true },
      ],
      [{ verified: true }, { verified: false }],
    ]);
    for (const e of audit) expect(e).to.include({ operator_id: null, action: 'cli', reason: 'riga di comando' });
  });

  it('operator:create makes an operator and prints the link to set the password; an address in use is refused', async () => {
    const made = await cli('create-operator', 'Operatrice@SicurHub.it');
    expect(made.code).to.equal(0);
    expect(made.stdout).to.match(/\/auth\/reset-password\?token=[A-Za-z0-9_-]{43}\n/);
    const person = await db()('users').where({ email: 'operatrice@sicurhub.it' }).first();
    expect(await db()('operators').where({ user_id: person.id }).first()).to.not.equal(undefined);
    expect(await db()('memberships').where({ user_id: person.id })).to.have.length(0);
    const again = await cli('create-operator', 'operatrice@sicurhub.it');
    expect(again.code).to.equal(1);
    expect(again.stderr).to.include('exists');
    expect((await cli('create-operator')).code).to.equal(2);
  });

  it('provider:verify refuses an unknown address or a client account', async () => {
    await createUser({ email: 'cliente.x@esempio.it', userType: 'client' });
    const unknown = await cli('verify-provider', 'nessuno@esempio.it');
    expect(unknown.code).to.equal(1);
    expect(unknown.stderr).to.include('No provider account');
    const client = await cli('verify-provider', 'cliente.x@esempio.it');
    expect(client.code).to.equal(1);
  });

  it('migrate is idempotent on an up-to-date database', async () => {
    const result = await cli('migrate');
    expect(result.code).to.equal(0);
    expect(result.stdout).to.include('Already up to date');
  });

  it('prints its usage for an unknown command', async () => {
    const result = await cli('explode');
    expect(result.code).to.equal(2);
    expect(result.stderr).to.include('npm run provider:verify');
  });
});
