import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { html, request, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { completeProviderProfile } from '../factories/index.js';
import { completeClientProfile, dashboardOf, signIn } from './dashboard.helpers.js';

/** The dashboard's frame: who may open it, the greeting, the incomplete-profile reminder, a failed load. */
describe('dashboard', () => {
  before(resetDatabase);

  describe('access', () => {
    it('a visitor gets "Accesso Richiesto" with the dashboard message and a login link that returns here', async () => {
      const res = await request().get('/dashboard').expect(401);
      const $ = html(res.text);
      expect(textOf($, 'main h1')).to.equal('Accesso Richiesto');
      expect(textOf($, 'main .lead')).to.equal("Devi effettuare l'accesso per visualizzare la dashboard.");
      expect($('main a[href="/auth/login?returnTo=%2Fdashboard"]')).to.have.length(1);
    });

    it('logging in lands on the dashboard', async () => {
      const { agent } = await signIn('client', 'Officine Landing Srl');
      const $ = await dashboardOf(agent);
      expect(textOf($, 'h1')).to.equal('Benvenuto, Officine Landing Srl');
      expect($('meta[name="robots"]').attr('content')).to.equal('noindex');
    });
  });

  describe('greeting', () => {
    it('greets a client by company name and a provider by business name', async () => {
      const client = await signIn('client', 'Officine Rossi Srl');
      expect(textOf(await dashboardOf(client.agent), 'h1')).to.equal('Benvenuto, Officine Rossi Srl');
      const provider = await signIn('provider', 'Studio Verdi HSE');
      await db()('provider_profiles').where({ user_id: provider.id }).update({ business_name: 'Verdi Sicurezza Sas' });
      expect(textOf(await dashboardOf(provider.agent), 'h1')).to.equal('Benvenuto, Verdi Sicurezza Sas');
    });

    it('falls back to "Azienda" for a client and "Attività" for a provider without a name', async () => {
      const client = await signIn('client', 'Nome Temporaneo Srl');
      await db()('client_profiles').where({ user_id: client.id }).update({ company_name: '   ' });
      expect(textOf(await dashboardOf(client.agent), 'h1')).to.equal('Benvenuto, Azienda');
      const provider = await signIn('provider', 'Nome Temporaneo HSE');
      await db()('provider_profiles').where({ user_id: provider.id }).update({ business_name: '' });
      expect(textOf(await dashboardOf(provider.agent), 'h1')).to.equal('Benvenuto, Attività');
    });

    it('falls back to "Utente" when the account has no profile row, which is then "Profilo non completato" in every tab', async () => {
      const client = await signIn('client', 'Senza Profilo Srl');
      await db()('client_profiles').where({ user_id: client.id }).delete();
      const $ = await dashboardOf(client.agent);
      expect(textOf($, 'h1')).to.equal('Benvenuto, Utente');
      expect(textOf($, '.profile-reminder h2')).to.equal('Profilo non completato');
      expect(
        $('.profile-reminder__missing a')
          .map((_, a) => $(a).text())
          .get(),
      ).to.deep.equal(['Informazioni Generali', 'Sede Legale', 'Contatti']);
    });
  });

  describe('"Profilo non completato"', () => {
    it('shows for a new client, naming the tabs still to fill in, with a link to /profile', async () => {
      const { agent } = await signIn('client', 'Officine Nuove Srl');
      const $ = await dashboardOf(agent);
      expect(textOf($, '.profile-reminder h2')).to.equal('Profilo non completato');
      expect($('.profile-reminder a[href="/profile"]').text().trim()).to.equal('Completa il Profilo');
      expect(
        $('.profile-reminder__missing a')
          .map((_, a) => `${$(a).text()} ${$(a).attr('href')}`)
          .get(),
      ).to.deep.equal([
        'Informazioni Generali /profile?tab=general',
        'Sede Legale /profile?tab=address',
        'Contatti /profile?tab=contacts',
      ]);
    });

    it('disappears once every required field of a client is saved, and names only what is still missing', async () => {
      const { id, agent } = await signIn('client', 'Officine Complete Srl');
      await completeClientProfile(id);
      expect((await dashboardOf(agent))('.profile-reminder')).to.have.length(0);
      await db()('client_profiles').where({ user_id: id }).update({ contact_role: null });
      const $ = await dashboardOf(agent);
      expect(
        $('.profile-reminder__missing a')
          .map((_, a) => $(a).text())
          .get(),
      ).to.deep.equal(['Contatti']);
    });

    it('asks a provider for specializations and service areas as well', async () => {
      const { id, agent } = await signIn('provider', 'Studio Completo HSE');
      let $ = await dashboardOf(agent);
      expect(
        $('.profile-reminder__missing a')
          .map((_, a) => $(a).text())
          .get(),
      ).to.deep.equal(['Informazioni Generali', 'Indirizzo', 'Contatti', 'Servizi e Specializzazioni']);
      await completeProviderProfile(id, { service_areas: [] });
      $ = await dashboardOf(agent);
      expect(
        $('.profile-reminder__missing a')
          .map((_, a) => $(a).text())
          .get(),
      ).to.deep.equal(['Servizi e Specializzazioni']);
      await completeProviderProfile(id);
      expect((await dashboardOf(agent))('.profile-reminder')).to.have.length(0);
    });
  });

  describe('when the data cannot be loaded', () => {
    it('still greets and offers the actions, with "Errore nel caricamento dei dati" (500)', async () => {
      const { agent } = await signIn('client', 'Errore Caricamento Srl');
      // The notifications list reads the message column; without it the data load fails (the login does not).
      await db().raw('ALTER TABLE notifications RENAME COLUMN message TO message_hidden');
      try {
        const res = await agent.get('/dashboard').expect(500);
        const $ = html(res.text);
        expect(textOf($, 'h1')).to.equal('Benvenuto, Errore Caricamento Srl');
        expect(textOf($, '.dashboard__error .alert__title')).to.equal('Errore nel caricamento dei dati');
        expect($('.dashboard__error a[href="/dashboard"]').text()).to.equal('Riprova');
        expect($('.quick-action')).to.have.length(4);
        expect($('.stat-card')).to.have.length(0);
      } finally {
        await db().raw('ALTER TABLE notifications RENAME COLUMN message_hidden TO message');
      }
    });
  });
});
