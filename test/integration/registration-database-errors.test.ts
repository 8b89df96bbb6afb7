import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { browser, html, textOf } from '../helpers/app.js';
import { csrfTokenOf } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';

const FORM = {
  userType: 'client',
  companyName: 'Officine Meccaniche Brambilla Srl',
  email: 'luca.brambilla@officine-brambilla.it',
  password: 'Cantiere-2026',
  confirmPassword: 'Cantiere-2026',
  terms: 'on',
};

/** Makes every insert into users fail as PostgreSQL would with this SQLSTATE, message and constraint. */
async function failInsertsWith(code: string, message: string, constraint: string): Promise<void> {
  await db().raw(`
    CREATE FUNCTION test_fail_user_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION '${message}' USING ERRCODE = '${code}', CONSTRAINT = '${constraint}';
    END $$`);
  await db().raw(
    'CREATE TRIGGER test_fail_user_insert BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION test_fail_user_insert()',
  );
}

async function restoreInserts(): Promise<void> {
  await db().raw('DROP TRIGGER IF EXISTS test_fail_user_insert ON users');
  await db().raw('DROP FUNCTION IF EXISTS test_fail_user_insert()');
}

describe('POST /auth/register when the database refuses the account for another reason', () => {
  before(resetDatabase);
  beforeEach(() => db()('rate_limits').delete());
  afterEach(restoreInserts);

  const cases: { name: string; code: string; message: string; constraint: string; status: number; lead: string }[] = [
    {
      name: 'a check constraint on the email column (23514)',
      code: '23514',
      message: 'new row for relation "users" violates check constraint "users_email_check"',
      constraint: 'users_email_check',
      status: 500,
      lead: 'Si è verificato un errore imprevisto',
    },
    {
      name: 'a unique violation on another index that names the email (23505)',
      code: '23505',
      message: 'duplicate key value violates unique constraint "users_email_domain_key"',
      constraint: 'users_email_domain_key',
      status: 500,
      lead: 'Si è verificato un errore imprevisto',
    },
    {
      name: 'a server out of connections (53300)',
      code: '53300',
      message: 'sorry, too many clients already',
      constraint: '',
      status: 503,
      lead: 'Il servizio non è momentaneamente raggiungibile. Riprova tra qualche istante.',
    },
  ];

  for (const c of cases) {
    it(`${c.name}: answers ${c.status} with "${c.lead}", never "già registrato", and creates nothing`, async () => {
      const agent = browser();
      const token = await csrfTokenOf(agent, '/auth/register');
      await failInsertsWith(c.code, c.message, c.constraint);
      const res = await agent
        .post('/auth/register')
        .type('form')
        .send({ ...FORM, _csrf: token });
      expect(res.status).to.equal(c.status);
      expect(res.text).not.to.include('già registrato');
      expect(textOf(html(res.text), 'main .lead')).to.equal(c.lead);
      await restoreInserts();
      expect(await db()('users').where({ email: FORM.email })).to.have.length(0);
    });
  }
});
