import { expect } from 'chai';
import { browser, html } from '../helpers/app.js';
import { resetDatabase } from '../helpers/db.js';

/** The rules the scadenzario applies, explained to anyone with their sources. */
describe('the scadenzario', () => {
  before(resetDatabase);

  describe('GET /regulations', () => {
    it('explains the obligations and periods of the rules table with their sources, to anyone', async () => {
      const $ = html((await browser().get('/regulations').expect(200)).text);
      expect($('h1').text()).to.equal('Normativa sulla formazione obbligatoria');
      const rows = $('.rules-table tbody tr')
        .toArray()
        .map((tr) => $(tr).text().replace(/\s+/g, ' ').trim());
      expect(rows).to.have.length(15);
      expect(rows.find((r) => r.startsWith('Formazione preposti')))
        .to.contain('6 ore ogni 2 anni')
        .and.to.contain('in presenza o in videoconferenza sincrona');
      expect(rows.find((r) => r.startsWith('Addetti antincendio – livello 3')))
        .to.contain('8 ore ogni 5 anni')
        .and.to.contain('D.M. 2 settembre 2021');
      expect(rows.find((r) => r.startsWith('Addetti primo soccorso – gruppi B e C'))).to.contain('4 ore ogni 3 anni');
      const text = $('main').text();
      expect(text).to.contain('SicurHub applica le nuove regole e i termini transitori dal 19 maggio 2025');
      expect(text).to.contain('Le scadenze sono un aiuto: verificare sempre con il proprio RSPP');
    });

    it('cites each rule where the acts set it, and says when the rules were last checked', async () => {
      const $ = html((await browser().get('/regulations').expect(200)).text);
      const row = (kind: string) =>
        $('.rules-table tbody tr')
          .filter((_, tr) => $(tr).find('th').text() === kind)
          .text()
          .replace(/\s+/g, ' ');
      expect($('.regulations__checked').text()).to.equal(
        "Regole verificate l'ultima volta rispetto alle fonti il 28 novembre 2026.",
      );
      for (const kind of [
        'Carrelli elevatori',
        'Piattaforme di lavoro elevabili (PLE)',
        'Trattori agricoli e forestali',
      ]) {
        expect(row(kind), kind)
          .to.contain('Accordo Stato-Regioni 17/04/2025 (Rep. Atti 59/CSR), parte II, § 8.3')
          .and.to.contain('Accordo Stato-Regioni 17/04/2025 (Rep. Atti 59/CSR), parte III, § 6')
          .and.to.contain('FAQ n. 31')
          .and.to.contain('quesito 19')
          .and.to.contain('quesito 8')
          .and.to.contain('il titolo decade');
      }
      expect(row('Formazione preposti'))
        .to.contain('D.Lgs. 81/2008, art. 37 c. 7-ter')
        .and.to.contain('D.L. 146/2021, convertito dalla L. 215/2021')
        .and.to.contain('FAQ n. 17')
        .and.to.contain('quesito 37');
      expect(row('Rappresentante dei lavoratori per la sicurezza (RLS)'))
        .to.contain('D.L. 159/2025, convertito dalla L. 198/2025')
        .and.to.contain('sotto i 15 lavoratori le ore del contratto collettivo applicato');
      expect(row('Addetti primo soccorso – gruppo A')).to.contain("senza fissare le ore dell'aggiornamento");
      const text = $('main').text().replace(/\s+/g, ' ');
      expect(text).not.to.contain('parte IV');
      expect(text)
        .to.contain(
          'la faceva decorrere dal 24 maggio 2025; le FAQ interregionali più recenti indicano il 19 maggio 2025',
        )
        .and.to.contain('quesito 11');
      expect(text).to.contain(
        "chi ha terminato il corso (iniziale o di aggiornamento) nei due anni prima del 19/05/2025, cioè dal 19/05/2023, deve fare l'aggiornamento entro il 19/05/2027; chi lo ha terminato prima doveva farlo entro il 19/05/2026",
      );
      expect(text).to.contain("il corso introdotto dall'Accordo va svolto entro il 19/05/2027");
      expect(
        $('.rules-table__sources li').filter((_, li) => $(li).text().endsWith('(da verificare)')).length,
      ).to.be.greaterThan(0);
      const untracked = $('#non-controllati li')
        .map((_, li) => $(li).text())
        .get();
      expect(untracked).to.have.length(15);
      expect(untracked.join(' '))
        .to.contain('Coordinatori per la sicurezza nei cantieri (CSP e CSE)')
        .and.to.contain('Carroponte');
    });
  });
});
