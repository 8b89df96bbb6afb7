import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { browser } from '../helpers/app.js';
import { loginAs } from '../helpers/auth.js';
import { createProvider, createUserWithPassword } from '../factories/index.js';
import { freshLogins, postLogin } from './auth-login.helpers.js';

/** Where a login leads (a same-site returnTo only), and the profile it makes sure the account has. */
describe('login and logout', () => {
  freshLogins();

  describe('the same-site returnTo rule', () => {
    it('goes back to the page the user came from', async () => {
      const user = await createUserWithPassword();
      await loginAs(browser(), user.email, user.password, '/bookings?tab=pending');
    });

    const hostile = [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/\t/evil.example',
      'http:evil.example',
      '/auth/logout',
    ];
    for (const value of hostile) {
      it(`ignores returnTo=${JSON.stringify(value)} and goes to /dashboard`, async () => {
        const user = await createUserWithPassword();
        const res = await postLogin(browser(), { email: user.email, password: user.password, returnTo: value });
        expect(res.status).to.equal(303);
        expect(res.headers.location).to.equal('/dashboard');
      });
    }

    it('sends an already logged-in user away from the login and registration pages, to returnTo or /dashboard', async () => {
      const user = await createUserWithPassword();
      const agent = await loginAs(browser(), user.email, user.password);
      expect((await agent.get('/auth/login').expect(302)).headers.location).to.equal('/dashboard');
      expect((await agent.get('/auth/login?returnTo=%2Fprofile').expect(302)).headers.location).to.equal('/profile');
      expect((await agent.get('/auth/login?returnTo=%2F%2Fevil.example').expect(302)).headers.location).to.equal(
        '/dashboard',
      );
      expect((await agent.get('/auth/register').expect(302)).headers.location).to.equal('/dashboard');
    });
  });

  describe('docs/product.md §4: profiles at login', () => {
    it('creates a missing provider profile with its defaults: business name from the company name, unverified, active, no ratings', async () => {
      const user = await createUserWithPassword({ userType: 'provider', companyName: 'Studio Verdi HSE' });
      await loginAs(browser(), user.email, user.password);
      const profile = await db()('provider_profiles').where({ user_id: user.id }).first();
      expect(profile).to.include({
        business_name: 'Studio Verdi HSE',
        verified: false,
        featured: false,
        active: true,
        reviews_count: 0,
      });
      expect(Number(profile.rating_average)).to.equal(0);
    });

    it('names a provider profile "Azienda" when the account has no company name', async () => {
      const user = await createUserWithPassword({ userType: 'provider', companyName: null });
      await loginAs(browser(), user.email, user.password);
      const profile = await db()('provider_profiles').where({ user_id: user.id }).first();
      expect(profile.business_name).to.equal('Azienda');
    });

    it('creates a missing client profile and leaves an existing profile as it is', async () => {
      const client = await createUserWithPassword({ companyName: 'Cliente Spa' });
      await loginAs(browser(), client.email, client.password);
      expect((await db()('client_profiles').where({ user_id: client.id }).first()).company_name).to.equal(
        'Cliente Spa',
      );

      const provider = await createProvider({ businessName: 'Nome Scelto' });
      const password = 'Un4-password-lunga';
      const { hashPassword } = await import('../../src/services/accounts.service.js');
      await db()('users')
        .where({ id: provider.id })
        .update({ password_hash: await hashPassword(password) });
      await loginAs(browser(), provider.email, password);
      expect((await db()('provider_profiles').where({ user_id: provider.id }).first()).business_name).to.equal(
        'Nome Scelto',
      );
    });
  });
});
