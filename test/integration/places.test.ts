import { expect } from 'chai';
import type { PlaceView } from '../../src/lib/search.shared.js';
import { explainPlacesByName } from '../../src/models/places/read.js';
import { resolveLocation } from '../../src/services/places.service.js';
import { request } from '../helpers/app.js';
import { resetDatabase, watchingStatements } from '../helpers/db.js';

async function places(query: string): Promise<PlaceView[]> {
  return (await request().get(`/api/places?${query}`).expect(200)).body as PlaceView[];
}

describe('places API', () => {
  before(resetDatabase);

  describe('GET /api/places', () => {
    it('suggests at most 5 comuni, biggest first, with name, province, region, coordinates and display name', async () => {
      const found = await places('q=mil');
      expect(found.length).to.be.at.most(5);
      expect(found[0]).to.deep.include({
        name: 'Milano',
        province: 'MI',
        region: 'Lombardia',
        display_name: 'Milano (MI), Lombardia',
      });
      expect(found[0]!.lat).to.be.closeTo(45.46, 0.05);
      expect(found[0]!.lng).to.be.closeTo(9.19, 0.05);
      expect(Object.keys(found[0]!).sort()).to.deep.equal(['display_name', 'lat', 'lng', 'name', 'province', 'region']);
    });

    it('finds provincial capitals by their Italian name', async () => {
      const capitals: [string, string][] = [
        ['Milano', 'MI'],
        ['Roma', 'RM'],
        ['Torino', 'TO'],
        ['Napoli', 'NA'],
        ['Firenze', 'FI'],
        ['Venezia', 'VE'],
        ['Genova', 'GE'],
        ['Bergamo', 'BG'],
        ['Padova', 'PD'],
        ['Mantova', 'MN'],
        ["L'Aquila", 'AQ'],
        ['Reggio di Calabria', 'RC'],
      ];
      for (const [name, province] of capitals) {
        const [first] = await places(`q=${encodeURIComponent(name)}`);
        expect(first, name).to.deep.include({ name, province });
      }
    });

    it('ignores accents and case', async () => {
      expect((await places('q=forli'))[0]?.name).to.equal('Forlì');
      expect((await places('q=FORLÌ'))[0]?.name).to.equal('Forlì');
      expect((await places('q=citta+di+castello'))[0]?.name).to.equal('Città di Castello');
    });

    it('finds each name of a bilingual comune and near spellings', async () => {
      expect((await places('q=bolzano'))[0]?.name).to.equal('Bolzano/Bozen');
      expect((await places('q=bozen'))[0]?.name).to.equal('Bolzano/Bozen');
      expect((await places('q=reggio+emilia')).map((p) => p.name)).to.include("Reggio nell'Emilia");
    });

    it('matches a word inside the name too, provincial capitals first: "Aquila" is L\'Aquila before Aquila d\'Arroscia', async () => {
      expect((await places('q=Aquila')).map((p) => p.name)).to.deep.equal(["L'Aquila", "Aquila d'Arroscia"]);
      expect((await places('q=aquila'))[0]?.name).to.equal("L'Aquila");
      expect((await places('q=emilia'))[0]?.name).to.equal("Reggio nell'Emilia");
      expect((await places('q=spezia'))[0]?.name).to.equal('La Spezia');
    });

    it('among names that are neither exact nor capitals, those starting with the text come first, bigger towns first', async () => {
      const found = (await places('q=mil')).map((p) => p.name);
      expect(found.slice(0, 2)).to.deep.equal(['Milano', 'Milazzo']);
      expect(found).not.to.include('San Giuliano Milanese');
    });

    it('finds names through the trigram index, never by reading the whole gazetteer', async () => {
      const noSeqScan = (plan: string, what: string) =>
        expect(plan, what)
          .to.include('places_name_folded_trgm_idx')
          .and.not.match(/Seq Scan on places/);
      for (const text of ['mil', 'aquila', 'reggio emilia']) {
        const plans = await explainPlacesByName(text, { limit: 5 });
        noSeqScan(plans.wordStart, `${text}: word start`);
        noSeqScan(plans.fuzzy, `${text}: near spellings`);
      }
      // Under 3 characters only an exact name is looked for (a location of a search).
      for (const text of ['ne', 'bergamo'])
        noSeqScan((await explainPlacesByName(text, { limit: 1, exact: true })).exact, `${text}: exact`);
    });

    it('gives 10 with limit=10, never more', async () => {
      expect(await places('q=san&limit=10')).to.have.length(10);
      expect(await places('q=san&limit=500')).to.have.length(10);
      expect(await places('q=san')).to.have.length(5);
    });

    it('answers nothing under 3 characters, and nothing for nonsense', async () => {
      expect(await places('q=mi')).to.deep.equal([]);
      expect(await places('q=')).to.deep.equal([]);
      expect(await places('q=%25%25%25')).to.deep.equal([]);
      expect(await places(`q=${'x'.repeat(3000)}`)).to.deep.equal([]);
    });

    it('answers control characters (NUL bytes included) without an error: they count as spaces', async () => {
      expect(await places('q=%00%00%00')).to.deep.equal([]);
      expect(await places('q=%01%1f%7f')).to.deep.equal([]);
      expect(await places('q=ab%00c')).to.be.an('array');
      expect((await places('q=Mil%00'))[0]?.name).to.equal('Milano');
      expect(await places('q=%00Berg%00amo')).to.be.an('array');
      expect(await places('q=Berg%09amo')).to.be.an('array');
    });
  });

  describe('GET /api/places/reverse', () => {
    it('names the comune of known coordinates', async () => {
      const cases: [number, number, string][] = [
        [45.4641, 9.1919, 'Milano'], // Piazza del Duomo
        [45.7037, 9.6623, 'Bergamo'], // Città Alta
        [41.8902, 12.4922, 'Roma'], // Colosseo
        [40.8518, 14.2681, 'Napoli'],
        [43.7696, 11.2558, 'Firenze'],
      ];
      for (const [lat, lng, name] of cases) {
        const res = await request().get(`/api/places/reverse?lat=${lat}&lng=${lng}`).expect(200);
        expect(res.body.name, name).to.equal(name);
        expect(res.body).to.have.keys(['name', 'province', 'region', 'lat', 'lng', 'display_name']);
      }
    });

    it('answers 404 with an Italian message outside Italy', async () => {
      for (const [lat, lng] of [
        [48.8566, 2.3522],
        [52.52, 13.405],
        [36.8, 10.18],
        [40.7128, -74.006],
      ]) {
        const res = await request().get(`/api/places/reverse?lat=${lat}&lng=${lng}`).expect(404);
        expect(res.body.error.message).to.equal(
          "Nessun comune italiano vicino a queste coordinate: il punto sembra fuori dall'Italia.",
        );
      }
    });

    it('answers 400 to malformed coordinates', async () => {
      for (const query of [
        'lat=abc&lng=9',
        'lat=45',
        '',
        'lat=91&lng=9',
        'lat=45&lng=200',
        'lat=45e1&lng=9',
        'lat=&lng=',
        'lat=45;DROP&lng=9',
        'lat=45%00&lng=9',
        'lat=%00&lng=%00',
      ]) {
        const res = await request().get(`/api/places/reverse?${query}`).expect(400);
        expect(res.body.error.message).to.equal(
          'Coordinate non valide: indica latitudine e longitudine in gradi decimali.',
        );
      }
    });
  });

  describe('the place a location text names', () => {
    /** The place of `text` and the statements that read the gazetteer for it. */
    async function resolving(text: string): Promise<{ name: string | null; reads: number }> {
      let reads = 0;
      const place = await watchingStatements(
        (q) => {
          if (/\bplaces\b/.test(q.sql)) reads += 1;
        },
        () => resolveLocation(text),
      );
      return { name: place ? `${place.name} (${place.province})` : null, reads };
    }

    it('is read from the gazetteer once: the same text again is answered without a statement', async () => {
      // A text no other test resolves: this process has not kept it yet.
      const first = await resolving('Castelrotto, BZ');
      expect(first).to.deep.equal({ name: 'Castelrotto/Kastelruth (BZ)', reads: 1 });
      expect(await resolving('Castelrotto, BZ')).to.deep.equal({ name: 'Castelrotto/Kastelruth (BZ)', reads: 0 });
      // Another text is another reading, though it names the same comune.
      expect(await resolving('Kastelruth')).to.deep.equal({ name: 'Castelrotto/Kastelruth (BZ)', reads: 1 });
    });

    it('is looked for again each time when nothing was found', async () => {
      for (let i = 0; i < 2; i += 1) {
        const nowhere = await resolving('Qwzxv Nessunluogo');
        expect(nowhere.name).to.equal(null);
        expect(nowhere.reads).to.be.above(0);
      }
    });

    it('cannot be changed by a caller: the next search near the same text gets the same place', async () => {
      const place = await resolveLocation('Ortisei');
      expect(() => place!.areaNames.push('Ovunque')).to.throw(TypeError);
      expect(() => Object.assign(place!, { lat: 0 })).to.throw(TypeError);
      expect((await resolveLocation('Ortisei'))!.areaNames).to.not.include('Ovunque');
    });
  });
});
