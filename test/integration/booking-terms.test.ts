import { expect } from 'chai';
import { html, textOf } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';
import { queuedEmails } from '../helpers/queued-emails.js';
import {
  bookingForm,
  clientAccount,
  openWizard,
  postWizard,
  providerAccount,
  service,
  signIn,
} from './booking.helpers.js';

/**
 * One set of terms per listing type (src/lib/booking-terms.ts): an instant booking is confirmed at once, a
 * request is answered by the provider within 24 hours. The wizard's terms (plain and island), the message
 * after sending and the client's email of the new booking say the same, and never the other type's words.
 */
describe('the terms of a booking, one per listing type', () => {
  const INSTANT = 'Questo servizio è a conferma immediata: la prenotazione è confermata appena la invii.';
  const SUBJECT_TO_PROVIDER = 'La prenotazione è soggetta alla conferma del fornitore.';
  const ANSWER = 'Il fornitore risponde alla richiesta entro 24 ore; senza risposta entro 48 ore la richiesta scade.';
  const PAYMENT = 'Il pagamento viene richiesto solo alla conferma del servizio.';

  let client: Awaited<ReturnType<typeof clientAccount>>;
  let instant: { id: string };
  let request: { id: string };

  before(async () => {
    await resetDatabase();
    const provider = await providerAccount({ businessName: 'Studio Parole Chiare' });
    client = await clientAccount('Officine Coerenti Srl');
    instant = await service(provider.id, { serviceType: 'instant', title: 'Corso Primo Soccorso', durationHours: 2 });
    request = await service(provider.id, { serviceType: 'on_request', title: 'Valutazione Rischio Rumore' });
  });

  /** The summary step of a service, and the terms its island carries. */
  async function summary(serviceId: string): Promise<{ plain: string; island: string[] }> {
    const agent = await signIn(client);
    const { csrf, key } = await openWizard(agent, serviceId);
    const res = await postWizard(agent, serviceId, {
      ...bookingForm(csrf, key, { participants_count: '1' }),
      step: '2',
      action: 'next',
    });
    const $ = html(res.text);
    const props = JSON.parse($('script[data-island-props="booking-wizard"]').text()) as { terms: string[] };
    return { plain: textOf($, '.wizard__terms'), island: props.terms };
  }

  it('an instant service: confirmed at once, and nothing about the provider confirming or answering', async () => {
    const { plain, island } = await summary(instant.id);
    for (const text of [plain, island.join(' ')]) {
      expect(text).to.contain(INSTANT).and.to.contain(PAYMENT);
      expect(text).to.not.contain(SUBJECT_TO_PROVIDER).and.not.contain('entro 24 ore');
    }
  });

  it('a request: subject to the provider, who answers within 24 hours; nothing about confirming at once', async () => {
    const { plain, island } = await summary(request.id);
    for (const text of [plain, island.join(' ')]) {
      expect(text).to.contain(SUBJECT_TO_PROVIDER).and.to.contain(ANSWER).and.to.contain(PAYMENT);
      expect(text).to.not.contain('conferma immediata');
    }
  });

  it("the message after sending and the client's email say the same as the wizard's terms", async () => {
    const agent = await signIn(client);
    for (const [serviceId, flash, template, term, other] of [
      [instant.id, 'Prenotazione confermata!', 'booking-booked', INSTANT, ANSWER],
      [request.id, 'Richiesta inviata! Riceverai una risposta entro 24h', 'booking-request-sent', ANSWER, INSTANT],
    ] as const) {
      const { csrf, key } = await openWizard(agent, serviceId);
      const res = await postWizard(agent, serviceId, bookingForm(csrf, key, { participants_count: '1' }));
      expect(res.status).to.equal(303);
      const page = html((await agent.get(res.headers.location!).expect(200)).text);
      expect(textOf(page, '.toast__message')).to.equal(flash);
      const [mail] = await queuedEmails({ to: client.email, template });
      expect(mail, template).to.not.equal(undefined);
      expect(mail!.text).to.contain('Condizioni della prenotazione').and.to.contain(term).and.to.contain(PAYMENT);
      expect(mail!.text).to.not.contain(other);
      expect(textOf(html(mail!.html), 'body')).to.contain(term);
    }
  });
});
