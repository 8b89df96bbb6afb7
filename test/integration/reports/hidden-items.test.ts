import { expect } from 'chai';
import { db } from '../../../src/db/knex.js';
import { clearPageCache } from '../../../src/services/page-cache.service.js';
import { html, request } from '../../helpers/app.js';
import { resetDatabase } from '../../helpers/db.js';
import { post } from '../admin/operator.helpers.js';
import { conversation, decide, operatorAgent, reportsWorld, type ReportsWorld } from './reports.helpers.js';

/** What a visitor's search shows, and whether it came from the kept pages (page-cache.service). */
async function search(q: string) {
  const res = await request()
    .get(`/services?q=${encodeURIComponent(q)}`)
    .expect(200);
  const $ = html(res.text);
  const titles = $('.search-relaxed').length
    ? []
    : $('.service-card__title')
        .map((_, el) => $(el).text().trim())
        .get();
  return { cache: res.headers['x-cache'] as string | undefined, titles };
}

describe('what the team hides: services, provider pages and messages', () => {
  let w: ReportsWorld;
  let operator: Awaited<ReturnType<typeof operatorAgent>>;
  const hide = { reason: 'Contenuto ingannevole', confirm: '1' };
  const restore = { reason: 'Corretto dal fornitore', confirm: '1' };

  beforeEach(async () => {
    await resetDatabase();
    clearPageCache();
    w = await reportsWorld();
    operator = await operatorAgent();
  });

  it('a hidden service leaves the kept search pages at once and its page is not found; restored, it is back', async () => {
    expect((await search('carrelli')).titles).to.deep.equal(['Corso Carrelli Elevatori']);
    const kept = await search('carrelli');
    expect(kept).to.deep.equal({ cache: 'HIT', titles: ['Corso Carrelli Elevatori'] });
    const counted = async () =>
      Number((await db()('service_category_counts').sum<{ n: string }[]>('visible as n'))[0]?.n ?? 0);
    const before = await counted();

    expect((await decide(operator.agent, 'servizio', w.serviceId, 'oscuramento', hide)).status).to.equal(303);
    const after = await search('carrelli');
    expect(after).to.deep.equal({ cache: 'MISS', titles: [] });
    expect(await counted()).to.equal(before - 1);
    // Not even its title: a hidden service is unknown to visitors and to its own provider's public page.
    const gone = await request().get(`/services/${w.serviceId}`);
    expect(gone.status).to.equal(404);
    expect(gone.text).not.to.contain('Corso Carrelli Elevatori');
    expect(html((await request().get(`/providers/${w.provider.id}`)).text)('.offered').length).to.equal(0);
    // The provider cannot bring it back by pausing and resuming it.
    const page = `/provider/services`;
    await post(w.agents.provider, `/services/${w.serviceId}/pause`, {}, page);
    await post(w.agents.provider, `/services/${w.serviceId}/resume`, {}, page);
    expect((await search('carrelli')).titles).to.deep.equal([]);
    const notes = await db()('notifications').where({ user_id: w.provider.id, type: 'system' });
    expect(notes.map((n) => n.message)).to.deep.equal([
      'Il team di SicurHub ha nascosto il servizio «Corso Carrelli Elevatori». Motivo: Contenuto ingannevole',
    ]);

    expect((await decide(operator.agent, 'servizio', w.serviceId, 'ripristino', restore)).status).to.equal(303);
    expect((await search('carrelli')).titles).to.deep.equal(['Corso Carrelli Elevatori']);
    await request().get(`/services/${w.serviceId}`).expect(200);
  });

  it("a hidden provider page is not public, stays hidden through its organisation's reactivation, and comes back when restored", async () => {
    const path = `/providers/${w.provider.id}`;
    await request().get(path).expect(200);
    expect((await decide(operator.agent, 'fornitore', w.provider.id, 'oscuramento', hide)).status).to.equal(303);
    await request().get(path).expect(404);
    expect((await search('carrelli')).titles).to.deep.equal([]);
    const org = `/admin/organizzazioni/${w.provider.id}`;
    await post(operator.agent, `${org}/sospensione`, { reason: 'Verifica in corso', confirm: '1' }, org);
    await post(operator.agent, `${org}/riattivazione`, { reason: 'Verifica conclusa', confirm: '1' }, org);
    await request().get(path).expect(404);
    expect((await decide(operator.agent, 'fornitore', w.provider.id, 'ripristino', restore)).status).to.equal(303);
    await request().get(path).expect(200);
    expect((await search('carrelli')).titles).to.deep.equal(['Corso Carrelli Elevatori']);
  });

  it('a hidden message reads "Messaggio nascosto dal team di SicurHub" to both parties, without its attachment', async () => {
    const chat = await conversation(w.alfa.id, w.provider.id);
    await db()('messages').where({ id: chat.fromProvider }).update({
      attachment_name: 'listino.pdf',
      attachment_mime_type: 'application/pdf',
      attachment_size_bytes: 10,
      attachment_key: 'nessuna/chiave.pdf',
    });
    expect((await decide(operator.agent, 'messaggio', chat.fromProvider, 'oscuramento', hide)).status).to.equal(303);
    for (const agent of [w.agents.alfa, w.agents.provider]) {
      const $ = html((await agent.get(`/messages/${chat.threadId}`).expect(200)).text);
      const hidden = $(`#message-${chat.fromProvider}`);
      expect(hidden.find('.message__body').text()).to.equal('Messaggio nascosto dal team di SicurHub');
      expect(hidden.find('.message__attachment').length).to.equal(0);
      expect($('main').text()).not.to.contain('333 1234567');
      const inbox = html((await agent.get('/messages').expect(200)).text);
      expect(inbox('main').text()).to.contain('Messaggio nascosto dal team di SicurHub').and.not.contain('333 1234567');
    }
    await w.agents.alfa.get(`/messages/${chat.threadId}/attachments/${chat.fromProvider}`).expect(404);
  });
});
