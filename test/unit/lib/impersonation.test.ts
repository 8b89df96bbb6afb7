import { expect } from 'chai';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../../src/config/env.js';
import { IMPERSONATION_END_PATH, SECRET_PAGES, refusedWhileImpersonating } from '../../../src/lib/impersonation.js';

describe('"Accedi come": what an impersonating session may do (src/lib/impersonation.ts)', () => {
  it('refuses every method but GET and HEAD, except ending it and signing out', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      expect(refusedWhileImpersonating(method, '/bookings/1/cancellation'), method).to.equal(true);
      expect(refusedWhileImpersonating(method, '/a-route-added-tomorrow'), method).to.equal(true);
    }
    expect(refusedWhileImpersonating('POST', IMPERSONATION_END_PATH)).to.equal(false);
    expect(refusedWhileImpersonating('POST', '/auth/logout')).to.equal(false);
    expect(refusedWhileImpersonating('POST', '/AUTH/Logout/')).to.equal(false);
    expect(refusedWhileImpersonating('POST', '/auth/logout/x')).to.equal(true);
    expect(refusedWhileImpersonating('GET', '/bookings')).to.equal(false);
    expect(refusedWhileImpersonating('HEAD', '/dashboard')).to.equal(false);
  });

  it('refuses the secret pages to read, however the path is written, and only them', () => {
    const id = '6f1c1f4e-0d55-4c0e-9d3e-3f9d0b8f8a11';
    for (const path of [
      '/account/two-factor',
      '/Account/Two-Factor/',
      `/account/data-export/${id}`,
      '/account/deletion',
      '/auth/reset-password',
      '/forgot-password',
      '/account/email-confirmation',
      '/inviti/abc',
    ])
      expect(refusedWhileImpersonating('GET', path), path).to.equal(true);
    for (const path of ['/account', '/account/sessions', '/account/data-export', '/inviti', '/account/two-factorx'])
      expect(refusedWhileImpersonating('GET', path), path).to.equal(false);
    expect(SECRET_PAGES).to.include('/account/two-factor');
  });

  it('lasts IMPERSONATION_MINUTES: 30 by default, from 1 to 240', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sicurhub-env-'));
    expect(loadConfig({ DATA_DIR: dataDir }).impersonationMinutes).to.equal(30);
    expect(loadConfig({ DATA_DIR: dataDir, IMPERSONATION_MINUTES: '15' }).impersonationMinutes).to.equal(15);
    for (const bad of ['0', '241', "mezz'ora"])
      expect(() => loadConfig({ DATA_DIR: dataDir, IMPERSONATION_MINUTES: bad }), bad).to.throw(
        ConfigError,
        /IMPERSONATION_MINUTES/,
      );
  });
});
