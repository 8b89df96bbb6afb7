import { expect } from 'chai';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../../src/config/env.js';

/** The operator's identity production requires (src/config/operator.ts, src/config/invoicing.ts). */
const OPERATOR = {
  OPERATOR_NAME: 'Sicurezza Digitale S.r.l.',
  OPERATOR_VAT_NUMBER: '09753120014',
  OPERATOR_ADDRESS: 'Corso Francia 10, 10138 Torino (TO)',
  OPERATOR_PEC: 'amministrazione@pec.sicurezzadigitale.it',
  OPERATOR_REA: 'TO-1122334',
  // The platform as the seller of its commission invoices (src/config/invoicing.ts).
  INVOICE_SELLER_NAME: 'Sicurezza Digitale S.r.l.',
  INVOICE_SELLER_VAT_NUMBER: '09753120014',
  INVOICE_SELLER_STREET: 'Corso Francia 10',
  INVOICE_SELLER_POSTAL_CODE: '10138',
  INVOICE_SELLER_CITY: 'Torino',
  INVOICE_SELLER_PROVINCE: 'TO',
};

describe('configuration (src/config/env.ts)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sicurhub-env-'));

  it('has working defaults for a fresh machine', () => {
    const cfg = loadConfig({ DATA_DIR: dataDir });
    expect(cfg.port).to.equal(3000);
    expect(cfg.databaseUrl).to.equal(null);
    expect(cfg.smtpUrl).to.equal(null);
    expect(cfg.baseUrl).to.equal('http://localhost:3000');
    expect(cfg.seedDemo).to.equal(true);
  });

  it('takes a read replica only beside DATABASE_URL and distinct from it, with its lag limit and check interval', () => {
    const primary = 'postgres://app@db1.internal:5432/sicurhub';
    const replica = 'postgres://app@db2.internal:5432/sicurhub';
    const none = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: primary });
    expect([none.databaseReplicaUrl, none.replicaMaxLagMs, none.replicaCheckMs]).to.deep.equal([null, 5000, 1000]);
    const cfg = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: primary,
      DATABASE_REPLICA_URL: replica,
      REPLICA_MAX_LAG_MS: '2000',
      REPLICA_CHECK_MS: '500',
    });
    expect([cfg.databaseReplicaUrl, cfg.replicaMaxLagMs, cfg.replicaCheckMs]).to.deep.equal([replica, 2000, 500]);
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_REPLICA_URL: replica })).to.throw(
      ConfigError,
      /DATABASE_REPLICA_URL" needs DATABASE_URL/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: primary, DATABASE_REPLICA_URL: primary })).to.throw(
      ConfigError,
      /DATABASE_REPLICA_URL" must be a replica/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, DATABASE_URL: primary, DATABASE_REPLICA_URL: 'mysql://db2/sicurhub' }),
    ).to.throw(ConfigError, /DATABASE_REPLICA_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: primary, REPLICA_CHECK_MS: '10' })).to.throw(
      ConfigError,
      /REPLICA_CHECK_MS/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: primary, REPLICA_MAX_LAG_MS: '-1' })).to.throw(
      ConfigError,
      /REPLICA_MAX_LAG_MS/,
    );
  });

  it('generates the development session secret once and keeps it under DATA_DIR', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    const second = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first).to.have.length.greaterThan(40);
    expect(second).to.equal(first);
    expect(readFileSync(path.join(dataDir, 'session-secret'), 'utf8')).to.equal(first);
  });

  it('gives SMTP timeouts by default (10 s to connect and to greet, 60 s of silence) and validates them', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).smtpTimeouts).to.deep.equal({
      connectionMs: 10_000,
      greetingMs: 10_000,
      socketMs: 60_000,
    });
    expect(loadConfig({ DATA_DIR: dataDir, SMTP_SOCKET_TIMEOUT_MS: '30000' }).smtpTimeouts.socketMs).to.equal(30_000);
    expect(() => loadConfig({ DATA_DIR: dataDir, SMTP_GREETING_TIMEOUT_MS: '0' })).to.throw(
      ConfigError,
      /SMTP_GREETING_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, SMTP_CONNECTION_TIMEOUT_MS: 'presto' })).to.throw(
      ConfigError,
      /SMTP_CONNECTION_TIMEOUT_MS/,
    );
  });

  it('requires SESSION_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir })).to.throw(ConfigError, /SESSION_SECRET/);
  });

  it('names every bad value in one clear message', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SMTP_URL: 'nope', DATA_DIR: dataDir });
      expect.fail('should have thrown');
    } catch (err) {
      expect(err).to.be.instanceOf(ConfigError);
      const message = (err as Error).message;
      expect(message)
        .to.match(/PORT/)
        .and.match(/DATABASE_URL/)
        .and.match(/SMTP_URL/);
    }
  });

  it('keeps compiled templates everywhere but in development, unless VIEW_CACHE says otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).viewCache).to.equal(false);
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' }).viewCache).to.equal(true);
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), ENCRYPTION_KEY: 'a'.repeat(64) };
    expect(loadConfig({ DATA_DIR: dataDir, ...production, ...OPERATOR }).viewCache).to.equal(true);
    expect(loadConfig({ DATA_DIR: dataDir, VIEW_CACHE: '1' }).viewCache).to.equal(true);
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', VIEW_CACHE: '0' }).viewCache).to.equal(false);
    expect(() => loadConfig({ DATA_DIR: dataDir, VIEW_CACHE: 'forse' })).to.throw(ConfigError, /VIEW_CACHE/);
  });

  it('does not seed demo data on a real server unless asked', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/x';
    expect(loadConfig({ DATABASE_URL: url, DATA_DIR: dataDir }).seedDemo).to.equal(false);
    expect(loadConfig({ DATABASE_URL: url, SEED_DEMO: '1', DATA_DIR: dataDir }).seedDemo).to.equal(true);
  });

  it('limits how long a connection may hold the embedded database idle: 5 s unless set, within 100 ms and 10 min', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).embeddedIdleTimeoutMs).to.equal(5000);
    expect(loadConfig({ DATA_DIR: dataDir, EMBEDDED_DB_IDLE_TIMEOUT_MS: '2500' }).embeddedIdleTimeoutMs).to.equal(2500);
    for (const bad of ['0', '50', 'soon', '600001']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, EMBEDDED_DB_IDLE_TIMEOUT_MS: bad })).to.throw(
        ConfigError,
        /EMBEDDED_DB_IDLE_TIMEOUT_MS/,
      );
    }
  });

  it("requires the operator's identity in production and checks its Partita IVA, PEC and REA", () => {
    const seller = Object.fromEntries(Object.entries(OPERATOR).filter(([k]) => k.startsWith('INVOICE_SELLER_')));
    const production = {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'x'.repeat(40),
      ENCRYPTION_KEY: 'a'.repeat(64),
      ...seller,
    };
    try {
      loadConfig(production);
      expect.fail('should have thrown');
    } catch (err) {
      expect((err as Error).message)
        .to.match(/OPERATOR_NAME/)
        .and.match(/OPERATOR_VAT_NUMBER/)
        .and.match(/OPERATOR_ADDRESS/)
        .and.match(/OPERATOR_PEC/)
        .and.match(/OPERATOR_REA/);
    }
    const operator = {
      OPERATOR_NAME: 'Sicurezza Digitale S.r.l.',
      OPERATOR_VAT_NUMBER: '09753120014',
      OPERATOR_ADDRESS: 'Corso Francia 10, 10138 Torino (TO)',
      OPERATOR_PEC: 'amministrazione@pec.sicurezzadigitale.it',
      OPERATOR_REA: 'TO-1122334',
    };
    expect(loadConfig({ ...production, ...operator }).operator).to.deep.equal({
      name: 'Sicurezza Digitale S.r.l.',
      vatNumber: '09753120014',
      address: 'Corso Francia 10, 10138 Torino (TO)',
      pec: 'amministrazione@pec.sicurezzadigitale.it',
      rea: 'TO-1122334',
    });
    expect(() => loadConfig({ ...production, ...operator, OPERATOR_VAT_NUMBER: '09753120015' })).to.throw(
      ConfigError,
      /OPERATOR_VAT_NUMBER/,
    );
    expect(() => loadConfig({ ...production, ...operator, OPERATOR_PEC: 'non una pec' })).to.throw(
      ConfigError,
      /OPERATOR_PEC/,
    );
    expect(() => loadConfig({ ...production, ...operator, OPERATOR_REA: '1122334' })).to.throw(
      ConfigError,
      /OPERATOR_REA/,
    );
  });

  it('shows a company plainly marked as the demo outside production', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).operator.name).to.include('dati dimostrativi');
  });

  it('trusts no proxy unless TRUST_PROXY says so, in production too; hops or addresses, validated at boot', () => {
    const prod = {
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(32),
      ENCRYPTION_KEY: 'a'.repeat(64),
      ...OPERATOR,
    };
    expect(loadConfig(prod).trustProxy).to.equal(false);
    expect(loadConfig({ ...prod, TRUST_PROXY: '2' }).trustProxy).to.equal(2);
    expect(loadConfig({ ...prod, TRUST_PROXY: '0' }).trustProxy).to.equal(false);
    expect(loadConfig({ ...prod, TRUST_PROXY: '10.0.0.0/8, loopback,::1' }).trustProxy).to.deep.equal([
      '10.0.0.0/8',
      'loopback',
      '::1',
    ]);
    for (const bad of ['yes', '11', '10.0.0.0/33', '10.0.0.300', 'loopback,', '1.2.3.4/8/1']) {
      expect(() => loadConfig({ ...prod, TRUST_PROXY: bad }), bad).to.throw(ConfigError, /TRUST_PROXY/);
    }
  });

  it('requires ENCRYPTION_KEY (32 bytes, hex or base64) in production; elsewhere keeps a generated one', () => {
    const prod = { DATA_DIR: dataDir, NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), ...OPERATOR };
    expect(() => loadConfig(prod)).to.throw(ConfigError, /ENCRYPTION_KEY/);
    expect(loadConfig({ ...prod, ENCRYPTION_KEY: '0f'.repeat(32) }).encryptionKey.toString('hex')).to.equal(
      '0f'.repeat(32),
    );
    const base64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ ...prod, ENCRYPTION_KEY: base64 }).encryptionKey).to.deep.equal(Buffer.alloc(32, 7));
    for (const bad of ['0f'.repeat(31), Buffer.alloc(31).toString('base64'), 'chiave segreta']) {
      expect(() => loadConfig({ ...prod, ENCRYPTION_KEY: bad }), bad).to.throw(ConfigError, /ENCRYPTION_KEY/);
    }
    const first = loadConfig({ DATA_DIR: dataDir }).encryptionKey;
    expect(first).to.have.length(32);
    expect(loadConfig({ DATA_DIR: dataDir }).encryptionKey).to.deep.equal(first);
  });
});
