import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { createMember } from '../factories/index.js';
import { html, textOf } from '../helpers/app.js';
import type { Agent } from '../helpers/auth.js';
import { resetDatabase } from '../helpers/db.js';
import { clientAccount, signIn, type Account } from './booking.helpers.js';
import { postForm } from './workers.helpers.js';

/** "Sedi": the administrator's sites, each an address resolved in the gazetteer, and their referents. */
describe('sites: the Sedi page (/sedi)', () => {
  let client: Account;
  let admin: Agent;
  let referentId: string;
  let referent: Agent;

  const SERIATE = {
    name: 'Magazzino di Seriate',
    kind: 'operativa',
    'address[street]': 'Via Nazionale 97',
    'address[province]': 'BG',
    'address[city]': 'Seriate',
    'address[postal_code]': '24068',
    'address[region]': 'Lombardia',
  };

  before(async () => {
    await resetDatabase();
    client = await clientAccount('Sedi Page Srl');
    admin = await signIn(client);
    const member = await createMember(client.id, 'site');
    referentId = member.id;
    referent = await signIn(member);
  });

  it('refuses a form without a name and with a municipality not of the province, beside the fields (422)', async () => {
    const res = await postForm(
      admin,
      '/sedi/nuova',
      '/sedi/nuova',
      { ...SERIATE, name: '', 'address[city]': 'Brescia' },
      422,
    );
    const $ = html(res.text);
    expect(textOf($, '#f-name-error')).to.equal('Nome della sede obbligatorio');
    expect(textOf($, '#f-address-city-error')).to.contain('Comune non trovato nella provincia di Bergamo');
    expect($('[data-error-summary]').text()).to.contain('Nome della sede obbligatorio');
    expect($('#f-address-street').val()).to.equal('Via Nazionale 97');
    expect(await db()('sites').where({ organisation_id: client.id })).to.have.length(0);
  });

  it('adds a site with its municipality from the gazetteer, and lists it', async () => {
    await postForm(admin, '/sedi/nuova', '/sedi/nuova', SERIATE, 303);
    const site = await db()({ s: 'sites' })
      .join({ p: 'places' }, 'p.id', 's.place_id')
      .where({ 's.organisation_id': client.id })
      .first<{ name: string; kind: string; place: string; province: string }>(
        's.name',
        's.kind',
        'p.name as place',
        'p.province',
      );
    expect(site).to.deep.equal({ name: 'Magazzino di Seriate', kind: 'operativa', place: 'Seriate', province: 'BG' });
    const $ = html((await admin.get('/sedi').expect(200)).text);
    expect($('.sites__site').text()).to.contain('Magazzino di Seriate').and.to.contain('24068 Seriate (BG)');
  });

  it('refuses a second site of the same name beside the name', async () => {
    const $ = html((await postForm(admin, '/sedi/nuova', '/sedi/nuova', SERIATE, 422)).text);
    expect(textOf($, '#f-name-error')).to.equal("L'azienda ha già una sede con questo nome");
  });

  it("assigns the site's referents with the checkboxes of the members who are site referents", async () => {
    const site = await db()('sites').where({ organisation_id: client.id }).first<{ id: string }>('id');
    const $ = html((await admin.get('/sedi').expect(200)).text);
    expect(
      $(`#sede-${site.id} input[name="referents"]`)
        .map((_, i) => $(i).val())
        .get(),
    ).to.deep.equal([referentId]);
    await postForm(admin, '/sedi', `/sedi/${site.id}/referenti`, { referents: [referentId] }, 303);
    expect(await db()('membership_sites').where({ site_id: site.id }).pluck('user_id')).to.deep.equal([referentId]);
    await postForm(admin, '/sedi', `/sedi/${site.id}/referenti`, {}, 303);
    expect(await db()('membership_sites').where({ site_id: site.id })).to.have.length(0);
  });

  it("is the administrator's only: a site referent is refused for their role", async () => {
    const res = await referent.get('/sedi').expect(403);
    expect(res.text).to.contain('Il tuo ruolo in questa organizzazione non permette questa operazione');
  });
});
