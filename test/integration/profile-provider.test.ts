import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { html, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { partitaIva } from '../factories/index.js';
import { VAT_B, CF_PERSON, signIn, save, ADDRESS, errorOf, PROFESSIONAL } from './profile.helpers.js';

describe('profile', () => {
  before(resetDatabase);

  describe('a provider', () => {
    it('sees the provider tabs of docs/product.md §2, "Profilo Fornitore HSE" and, once verified, "Fornitore Verificato"', async () => {
      const { agent, user } = await signIn('provider');
      let $ = html((await agent.get('/provider/profile').expect(200)).text);
      expect(textOf($, '.profile-header__subtitle')).to.equal('Profilo Fornitore HSE');
      expect(
        $('.side-nav a')
          .map((_, el) => $(el).text())
          .get(),
      ).to.deep.equal([
        'Informazioni Generali',
        'Immagine Profilo',
        'Indirizzo',
        'Contatti',
        'Informazioni Professionali',
        'Servizi e Specializzazioni',
        'Orari e chiusure',
        'Fatturazione',
      ]);
      expect($('.badge--verified')).to.have.length(0);
      await db()('provider_profiles').where({ user_id: user.id }).update({ verified: true });
      $ = html((await agent.get('/profile').expect(200)).text);
      expect(textOf($, '.badge--verified')).to.equal('Fornitore Verificato');
    });

    it('saves the general information and the header shows the new business name', async () => {
      const { agent, user } = await signIn('provider');
      const res = await save(agent, 'general', {
        business_name: 'Galli Sicurezza Srl',
        vat_number: VAT_B,
        fiscal_code: CF_PERSON,
        description: 'RSPP esterno e formazione.',
      });
      // (providers and clients are separate registers: the same ids as a client's are fine)
      expect(res.status).to.equal(303);
      expect(textOf(html((await agent.get('/profile').expect(200)).text), '.user-menu__name')).to.equal(
        'Galli Sicurezza Srl',
      );
      expect(await db()('provider_profiles').where({ user_id: user.id }).first()).to.include({
        business_name: 'Galli Sicurezza Srl',
        vat_number: VAT_B,
        fiscal_code: CF_PERSON,
      });
    });

    it('general information: "Nome attività obbligatorio" and "Descrizione obbligatoria"', async () => {
      const { agent } = await signIn('provider');
      const res = await save(agent, 'general', {
        business_name: ' ',
        vat_number: partitaIva(),
        fiscal_code: partitaIva(),
        description: '',
      });
      expect(res.status).to.equal(422);
      const $ = html(res.text);
      expect(errorOf($, 'business_name')).to.equal('Nome attività obbligatorio');
      expect(errorOf($, 'description')).to.equal('Descrizione obbligatoria');
    });

    it('a partita IVA already used by another provider gets the message naming it', async () => {
      const first = await signIn('provider');
      const vat = partitaIva();
      expect(
        (
          await save(first.agent, 'general', {
            business_name: 'Primo',
            vat_number: vat,
            fiscal_code: vat,
            description: 'x',
          })
        ).status,
      ).to.equal(303);
      const second = await signIn('provider');
      const res = await save(second.agent, 'general', {
        business_name: 'Secondo',
        vat_number: vat,
        fiscal_code: partitaIva(),
        description: 'y',
      });
      expect(errorOf(html(res.text), 'vat_number')).to.equal('Questa Partita IVA è già registrata da un altro account');
    });

    it('the address also stores the coordinates of the municipality', async () => {
      const { agent, user } = await signIn('provider');
      expect((await save(agent, 'address', { address: ADDRESS })).status).to.equal(303);
      const row = await db()('provider_profiles').where({ user_id: user.id }).first();
      expect(row.address_city).to.equal('Bergamo');
      expect(row.address_lat).to.be.closeTo(45.69, 0.1);
      expect(row.address_lng).to.be.closeTo(9.67, 0.1);
    });

    it('saves the professional information with its certification rows and insurance', async () => {
      const { agent, user } = await signIn('provider');
      const res = await save(agent, 'professional', PROFESSIONAL);
      expect(res.status).to.equal(303);
      const row = await db()('provider_profiles').where({ user_id: user.id }).first();
      expect(row).to.include({
        professional_order: 'Ordine degli Ingegneri di Bergamo',
        registration_number: 'A-1234',
        experience_years: 12,
        team_size: 4,
        insurance_provider: 'Generali',
        insurance_coverage_amount: '1000000.00',
        insurance_expiry_date: '2027-12-31',
      });
      expect(row.certifications).to.deep.equal([
        { name: 'RSPP', issuer: 'AiFOS', number: 'R-77', issue_date: '2019-03-01', expiry_date: '2029-03-01' },
      ]);
      const $ = html((await agent.get('/profile?tab=professional').expect(200)).text);
      expect($('input[name="certifications[0][issuer]"]').val()).to.equal('AiFOS');
      expect($('input[name="certifications[1][name]"]').val(), 'an empty row to add one more').to.equal('');
      expect($('input[name="insurance[coverage_amount]"]').val()).to.equal('1000000');
    });

    it('saves the pricing model and the cancellation policy of docs/product.md §3 (jsonb) and shows them back', async () => {
      const { agent, user } = await signIn('provider');
      let $ = html((await agent.get('/profile?tab=professional').expect(200)).text);
      // The defaults of docs/product.md §3/§9: hourly, no rate, EUR; flexible, 24 hours, 100% refund.
      expect($('select[name="pricing_model[type]"] option[selected]').attr('value')).to.equal('hourly');
      expect(
        $('select[name="pricing_model[type]"] option')
          .map((_, el) => $(el).text())
          .get(),
      ).to.deep.equal(['Seleziona...', 'A ore', 'A giornata', 'Prezzo fisso', 'A progetto']);
      expect($('input[name="pricing_model[base_rate]"]').val()).to.equal('');
      expect($('select[name="cancellation_policy[type]"] option[selected]').text()).to.equal('Flessibile');
      expect($('input[name="cancellation_policy[hours_before]"]').val()).to.equal('24');
      expect($('input[name="cancellation_policy[refund_percentage]"]').val()).to.equal('100');

      expect((await save(agent, 'professional', PROFESSIONAL)).status).to.equal(303);
      const row = await db()('provider_profiles').where({ user_id: user.id }).first();
      expect(row.pricing_model).to.deep.equal({ type: 'daily', base_rate: 650.5, currency: 'EUR' });
      expect(row.cancellation_policy).to.deep.equal({ type: 'moderate', hours_before: 48, refund_percentage: 50 });
      $ = html((await agent.get('/profile?tab=professional').expect(200)).text);
      expect($('select[name="pricing_model[type]"] option[selected]').attr('value')).to.equal('daily');
      expect($('input[name="pricing_model[base_rate]"]').val()).to.equal('650,50');
      expect($('select[name="cancellation_policy[type]"] option[selected]').attr('value')).to.equal('moderate');
      expect($('input[name="cancellation_policy[hours_before]"]').val()).to.equal('48');
      expect($('input[name="cancellation_policy[refund_percentage]"]').val()).to.equal('50');

      expect(
        (await save(agent, 'professional', { ...PROFESSIONAL, pricing_model: { type: 'project', base_rate: '' } }))
          .status,
      ).to.equal(303);
      expect((await db()('provider_profiles').where({ user_id: user.id }).first()).pricing_model).to.deep.equal({
        type: 'project',
        base_rate: null,
        currency: 'EUR',
      });
    });

    it('reports every error of the professional form in one answer, keeping what was typed', async () => {
      const { agent, user } = await signIn('provider');
      const res = await save(agent, 'professional', {
        ...PROFESSIONAL,
        experience_years: '',
        certifications: [
          { name: 'RSPP', issuer: '', number: 'R-1', issue_date: '2999-01-01', expiry_date: '' },
          { name: 'ASPP', issuer: 'AiFOS', number: '', issue_date: '2020-01-01', expiry_date: '2019-01-01' },
        ],
        insurance: { provider: '', coverage_amount: 'un milione', expiry_date: '' },
        pricing_model: { type: 'weekly', base_rate: '80,555' },
        cancellation_policy: { type: 'moderate', hours_before: '721', refund_percentage: '150' },
      });
      expect(res.status).to.equal(422);
      const $ = html(res.text);
      expect({
        experience: errorOf($, 'experience_years'),
        issuer0: errorOf($, 'certifications.0.issuer'),
        issue0: errorOf($, 'certifications.0.issue_date'),
        number1: errorOf($, 'certifications.1.number'),
        expiry1: errorOf($, 'certifications.1.expiry_date'),
        insurer: errorOf($, 'insurance.provider'),
        amount: errorOf($, 'insurance.coverage_amount'),
        pricing: errorOf($, 'pricing_model.type'),
        rate: errorOf($, 'pricing_model.base_rate'),
        hours: errorOf($, 'cancellation_policy.hours_before'),
        refund: errorOf($, 'cancellation_policy.refund_percentage'),
      }).to.deep.equal({
        experience: 'Anni esperienza obbligatori',
        issuer0: 'Ente di rilascio obbligatorio',
        issue0: 'La data di rilascio non può essere nel futuro',
        number1: 'Numero del certificato obbligatorio',
        expiry1: 'La scadenza deve essere successiva alla data di rilascio',
        insurer: 'Indica la compagnia assicurativa',
        amount: 'Importo non valido: usa un numero in euro, ad esempio 1000000 o 250000,50',
        pricing: "Scegli una modalità di prezzo dall'elenco",
        rate: 'Tariffa non valida: usa un importo in euro con al massimo 2 decimali, ad esempio 80 o 75,50',
        hours: 'Preavviso non valido: un numero intero di ore da 0 a 720',
        refund: 'Rimborso non valido: una percentuale intera da 0 a 100',
      });
      expect($('input[name="certifications[0][issue_date]"]').val()).to.equal('2999-01-01');
      expect($('input[name="insurance[coverage_amount]"]').val()).to.equal('un milione');
      expect($('input[name="pricing_model[base_rate]"]').val()).to.equal('80,555');
      expect($('input[name="cancellation_policy[hours_before]"]').val()).to.equal('721');
      expect($('input[name="registration_number"]').val()).to.equal('A-1234');
      const row = await db()('provider_profiles').where({ user_id: user.id }).first();
      expect(row.cancellation_policy).to.deep.equal({ type: 'flexible', hours_before: 24, refund_percentage: 100 });
    });

    it('"Aggiungi un\'altra certificazione" adds a row without saving, keeping what was typed', async () => {
      const { agent, user } = await signIn('provider');
      const res = await save(agent, 'professional', { ...PROFESSIONAL, add_row: '1' });
      expect(res.status).to.equal(200);
      const $ = html(res.text);
      expect($('.cert-row')).to.have.length(3);
      expect($('input[name="certifications[0][name]"]').val()).to.equal('RSPP');
      expect($('input[name="registration_number"]').val()).to.equal('A-1234');
      expect(textOf($, 'button[name="add_row"]')).to.equal("Aggiungi un'altra certificazione");
      expect((await db()('provider_profiles').where({ user_id: user.id }).first()).experience_years).to.equal(null);
    });

    it('a row marked "Rimuovi" is dropped', async () => {
      const { agent, user } = await signIn('provider');
      await save(agent, 'professional', PROFESSIONAL);
      await save(agent, 'professional', {
        ...PROFESSIONAL,
        certifications: [{ ...PROFESSIONAL.certifications[0], remove: '1' }],
      });
      expect((await db()('provider_profiles').where({ user_id: user.id }).first()).certifications).to.deep.equal([]);
    });
  });
});
