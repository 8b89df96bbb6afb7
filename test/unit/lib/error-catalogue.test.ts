import { expect } from 'chai';
import { t } from '../../../src/config/i18n.js';
import {
  CATALOGUE,
  classifyError,
  conflictingField,
  isDatabaseUnavailable,
  isRetryable,
} from '../../../src/lib/error-catalogue.js';

const messageOf = (err: unknown): string => t(classifyError(err).messageKey);

describe('error catalogue', () => {
  it('maps every docs/product.md §8 code to its Italian message', () => {
    const expected: Record<string, string> = {
      invalid_credentials: 'Email o password non corretti',
      email_not_confirmed: 'Email non confermata',
      signup_disabled: 'Registrazione temporaneamente disabilitata',
      email_address_invalid: 'Indirizzo email non valido',
      password_too_short: 'Password troppo corta',
      weak_password: 'Password troppo debole',
      user_already_registered: 'Un utente con questa email è già registrato',
      session_not_found: 'Sessione scaduta',
      token_expired: 'Sessione scaduta',
      '23505': 'Questo dato è già presente nel sistema',
      '23503': 'Riferimento non valido',
      '23502': 'Campo obbligatorio mancante',
      '23514': 'Valore non valido per questo campo',
      '42501': 'Accesso negato',
      '42P01': 'Risorsa non trovata',
      '42601': 'Errore interno del sistema',
      '42703': 'Campo richiesto non disponibile',
      PGRST302: 'Campo richiesto non disponibile',
      PGRST116: 'Record non trovato',
      PGRST301: 'Richiesta non valida',
      PGRST204: 'Nessun dato disponibile',
      NetworkError: 'Problema di connessione',
      TimeoutError: 'Operazione scaduta',
      'storage/object-not-found': 'File non trovato',
      'storage/unauthorized': 'Accesso al file negato',
      'storage/quota-exceeded': 'Spazio di archiviazione esaurito',
    };
    for (const [code, message] of Object.entries(expected)) {
      expect(t(CATALOGUE[code]!.messageKey), code).to.equal(message);
    }
  });

  it('gives retryable and severity as the catalogue says', () => {
    expect(CATALOGUE.signup_disabled).to.include({ retryable: true, severity: 'high' });
    expect(CATALOGUE['42501']).to.include({ retryable: false, severity: 'high' });
    expect(CATALOGUE['42601']).to.include({ severity: 'critical' });
    for (const code of ['08000', '08003', '08006'])
      expect(CATALOGUE[code]).to.include({ retryable: true, severity: 'high' });
    expect(CATALOGUE.NetworkError!.retryable).to.equal(true);
    expect(CATALOGUE.invalid_credentials!.retryable).to.equal(false);
  });

  it('classifies PostgreSQL errors by their SQLSTATE code', () => {
    expect(classifyError({ code: '23503', message: 'insert or update violates foreign key' }).code).to.equal('23503');
    expect(messageOf({ code: '23514' })).to.equal('Valore non valido per questo campo');
  });

  it('classifies by message when there is no code', () => {
    expect(classifyError(new Error('duplicate key value violates unique constraint "x"')).code).to.equal('23505');
    expect(classifyError(new Error('null value in column "a" violates not-null constraint')).code).to.equal('23502');
    expect(classifyError(new Error('new row violates check constraint "c"')).code).to.equal('23514');
    expect(classifyError(new Error('update violates foreign key constraint')).code).to.equal('23503');
  });

  it('names the field of a unique violation on email, partita IVA or codice fiscale', () => {
    expect(messageOf({ code: '23505', constraint: 'users_email_lower_unique' })).to.equal(
      'Un utente con questa email è già registrato',
    );
    expect(messageOf({ code: '23505', constraint: 'client_profiles_vat_number_unique' })).to.equal(
      'Questa Partita IVA è già registrata da un altro account',
    );
    expect(messageOf({ code: '23505', constraint: 'provider_profiles_fiscal_code_unique' })).to.equal(
      'Questo codice fiscale è già registrato da un altro account',
    );
    expect(conflictingField({ code: '23505', detail: 'Key (partita_iva)=(1) already exists.' })).to.equal('vat_number');
    // A Knex error's message repeats the SQL, naming every column: the constraint decides.
    const knexError = {
      code: '23505',
      constraint: 'client_profiles_fiscal_code_unique',
      detail: 'Key (fiscal_code)=(12345678903) already exists.',
      message:
        'update "client_profiles" set "vat_number" = $1, "fiscal_code" = $2 - duplicate key value violates unique constraint "client_profiles_fiscal_code_unique"',
    };
    expect(conflictingField(knexError)).to.equal('fiscal_code');
    expect(messageOf({ code: '23505', constraint: 'bookings_booking_number_key' })).to.equal(
      'Questo dato è già presente nel sistema',
    );
  });

  it('treats connection failures, timeouts and 5xx statuses as retryable', () => {
    expect(isRetryable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).to.equal(true);
    expect(isRetryable(Object.assign(new Error('aborted'), { name: 'AbortError' }))).to.equal(true);
    expect(isRetryable({ status: 503, message: 'Service Unavailable' })).to.equal(true);
    expect(isRetryable({ status: 404, message: 'Not Found' })).to.equal(false);
  });

  it('shows "Si è verificato un errore imprevisto" for anything unknown', () => {
    expect(messageOf(new Error('something odd'))).to.equal('Si è verificato un errore imprevisto');
    expect(messageOf(undefined)).to.equal('Si è verificato un errore imprevisto');
    expect(messageOf('a string')).to.equal('Si è verificato un errore imprevisto');
  });

  it('reads an outage from the SQLSTATE, the socket error or the driver message, and nothing else', () => {
    for (const code of ['08001', '08006', '53300', '57P01', '57P02', '57P03', 'ECONNREFUSED', 'ETIMEDOUT']) {
      expect(isDatabaseUnavailable({ code, message: 'x' }), code).to.equal(true);
      expect(classifyError({ code, message: 'x' })).to.include({ unavailable: true, retryable: true });
    }
    expect(
      isDatabaseUnavailable({
        code: '55000',
        severity: 'FATAL',
        message: 'database "app" is not currently accepting connections',
      }),
    ).to.equal(true);
    expect(
      isDatabaseUnavailable({
        code: '55000',
        severity: 'ERROR',
        message: 'currval of sequence "s" is not yet defined in this session',
      }),
    ).to.equal(false);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).to.equal(true);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('Knex: Timeout acquiring a connection.'), { name: 'KnexTimeoutError' }),
      ),
    ).to.equal(true);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('Defined query timeout of 5ms exceeded'), { name: 'KnexTimeoutError' }),
      ),
    ).to.equal(false);
    expect(isDatabaseUnavailable({ code: '23505', message: 'duplicate key' })).to.equal(false);
    expect(classifyError({ code: '23505', message: 'duplicate key' }).unavailable).to.equal(false);
  });
});
