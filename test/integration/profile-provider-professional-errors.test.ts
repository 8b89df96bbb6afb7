import { expect } from 'chai';
import { html } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { signIn, save, errorOf, PROFESSIONAL } from './profile.helpers.js';

describe('profile', () => {
  before(resetDatabase);

  describe('a provider', () => {
    const professionalCases: [string, Record<string, unknown>, string, string][] = [
      ['no experience', { experience_years: '' }, 'experience_years', 'Anni esperienza obbligatori'],
      ['negative experience', { experience_years: '-1' }, 'experience_years', 'Anni esperienza non validi'],
      [
        'experience that is not a number',
        { experience_years: 'molti' },
        'experience_years',
        'Anni esperienza non validi',
      ],
      ['no team size', { team_size: '' }, 'team_size', 'Dimensione team obbligatoria'],
      ['a team of 0', { team_size: '0' }, 'team_size', 'Dimensione team deve essere almeno 1'],
      [
        'a certification without issuer',
        { certifications: [{ name: 'RSPP', issuer: '', number: '1', issue_date: '2020-01-01' }] },
        'certifications.0.issuer',
        'Ente di rilascio obbligatorio',
      ],
      [
        'a certification without name',
        { certifications: [{ name: '', issuer: 'AiFOS', number: '1', issue_date: '2020-01-01' }] },
        'certifications.0.name',
        'Nome della certificazione obbligatorio',
      ],
      [
        'a certification without number',
        { certifications: [{ name: 'RSPP', issuer: 'AiFOS', number: '', issue_date: '2020-01-01' }] },
        'certifications.0.number',
        'Numero del certificato obbligatorio',
      ],
      [
        'a certification without date',
        { certifications: [{ name: 'RSPP', issuer: 'AiFOS', number: '1', issue_date: '' }] },
        'certifications.0.issue_date',
        'Data di rilascio obbligatoria',
      ],
      [
        'an impossible date',
        { certifications: [{ name: 'RSPP', issuer: 'AiFOS', number: '1', issue_date: '2021-02-30' }] },
        'certifications.0.issue_date',
        'Data non valida',
      ],
      [
        'a date in the future',
        { certifications: [{ name: 'RSPP', issuer: 'AiFOS', number: '1', issue_date: '2999-01-01' }] },
        'certifications.0.issue_date',
        'La data di rilascio non può essere nel futuro',
      ],
      [
        'an expiry before the issue',
        {
          certifications: [
            { name: 'RSPP', issuer: 'AiFOS', number: '1', issue_date: '2020-01-01', expiry_date: '2019-01-01' },
          ],
        },
        'certifications.0.expiry_date',
        'La scadenza deve essere successiva alla data di rilascio',
      ],
      [
        'an insurance amount that is not a number',
        { insurance: { provider: 'Generali', coverage_amount: 'un milione', expiry_date: '' } },
        'insurance.coverage_amount',
        'Importo non valido: usa un numero in euro, ad esempio 1000000 o 250000,50',
      ],
      [
        'an insurance amount without company',
        { insurance: { provider: '', coverage_amount: '500000', expiry_date: '' } },
        'insurance.provider',
        'Indica la compagnia assicurativa',
      ],
      [
        'an insurance company without amount',
        { insurance: { provider: 'Generali', coverage_amount: '', expiry_date: '' } },
        'insurance.coverage_amount',
        'Indica il massimale della copertura',
      ],
      [
        'a pricing type not in the list',
        { pricing_model: { type: 'weekly', base_rate: '80' } },
        'pricing_model.type',
        "Scegli una modalità di prezzo dall'elenco",
      ],
      [
        'a base rate with three decimals',
        { pricing_model: { type: 'hourly', base_rate: '80,555' } },
        'pricing_model.base_rate',
        'Tariffa non valida: usa un importo in euro con al massimo 2 decimali, ad esempio 80 o 75,50',
      ],
      [
        'a base rate that is not a number',
        { pricing_model: { type: 'hourly', base_rate: 'ottanta' } },
        'pricing_model.base_rate',
        'Tariffa non valida: usa un importo in euro con al massimo 2 decimali, ad esempio 80 o 75,50',
      ],
      [
        'a negative base rate',
        { pricing_model: { type: 'hourly', base_rate: '-80' } },
        'pricing_model.base_rate',
        'La tariffa non può essere negativa',
      ],
      [
        'a cancellation type not in the list',
        { cancellation_policy: { type: 'lassista', hours_before: '24', refund_percentage: '100' } },
        'cancellation_policy.type',
        "Scegli un tipo di politica dall'elenco",
      ],
      [
        'no cancellation notice',
        { cancellation_policy: { type: 'flexible', hours_before: '', refund_percentage: '100' } },
        'cancellation_policy.hours_before',
        'Indica il preavviso minimo in ore',
      ],
      [
        'a notice over 720 hours',
        { cancellation_policy: { type: 'flexible', hours_before: '721', refund_percentage: '100' } },
        'cancellation_policy.hours_before',
        'Preavviso non valido: un numero intero di ore da 0 a 720',
      ],
      [
        'a negative notice',
        { cancellation_policy: { type: 'flexible', hours_before: '-1', refund_percentage: '100' } },
        'cancellation_policy.hours_before',
        'Preavviso non valido: un numero intero di ore da 0 a 720',
      ],
      [
        'a notice in fractions of an hour',
        { cancellation_policy: { type: 'flexible', hours_before: '12,5', refund_percentage: '100' } },
        'cancellation_policy.hours_before',
        'Preavviso non valido: un numero intero di ore da 0 a 720',
      ],
      [
        'no refund percentage',
        { cancellation_policy: { type: 'flexible', hours_before: '24', refund_percentage: '' } },
        'cancellation_policy.refund_percentage',
        'Indica la percentuale di rimborso',
      ],
      [
        'a refund over 100%',
        { cancellation_policy: { type: 'flexible', hours_before: '24', refund_percentage: '101' } },
        'cancellation_policy.refund_percentage',
        'Rimborso non valido: una percentuale intera da 0 a 100',
      ],
    ];
    for (const [what, change, field, message] of professionalCases) {
      it(`professional information with ${what}: 422 and "${message}"`, async () => {
        const { agent } = await signIn('provider');
        const res = await save(agent, 'professional', { ...PROFESSIONAL, ...change });
        expect(res.status).to.equal(422);
        expect(errorOf(html(res.text), field)).to.equal(message);
      });
    }
  });
});
