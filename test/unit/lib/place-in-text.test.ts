import { expect } from 'chai';
import { buildPlaceIndex, findPlaceInText, type GazetteerPlace } from '../../../src/lib/place-in-text.js';

const place = (
  name: string,
  province: string,
  region: string,
  population: number,
  capital = false,
): GazetteerPlace => ({
  name,
  province,
  region,
  lat: 45,
  lng: 9,
  population,
  isProvincialCapital: capital,
});

/** A few comuni of the real gazetteer, with their namesakes and the names that are also words. */
const PLACES = [
  place('Milano', 'MI', 'Lombardia', 1_371_498, true),
  place('Bergamo', 'BG', 'Lombardia', 120_207, true),
  place('Seriate', 'BG', 'Lombardia', 25_433),
  place("L'Aquila", 'AQ', 'Abruzzo', 66_964, true),
  place('Forlì', 'FC', 'Emilia-Romagna', 116_434, true),
  place('Forlì del Sannio', 'IS', 'Molise', 735),
  place('Cesena', 'FC', 'Emilia-Romagna', 95_990),
  place("Reggio nell'Emilia", 'RE', 'Emilia-Romagna', 162_082, true),
  place('Reggio di Calabria', 'RC', 'Calabria', 180_817, true),
  place('Catanzaro', 'CZ', 'Calabria', 84_000, true),
  place('Bologna', 'BO', 'Emilia-Romagna', 390_000, true),
  place('Caserta', 'CE', 'Campania', 73_000, true),
  place('Napoli', 'NA', 'Campania', 909_000, true),
  place('Sale', 'AL', 'Piemonte', 4_000),
  place('Alessandria', 'AL', 'Piemonte', 92_000, true),
  place('Torino', 'TO', 'Piemonte', 848_000, true),
  place('Castro', 'BG', 'Lombardia', 1_300),
  place('Castro', 'LE', 'Puglia', 2_400),
  place('Bolzano/Bozen', 'BZ', 'Trentino-Alto Adige', 107_000, true),
  place('Trento', 'TN', 'Trentino-Alto Adige', 118_000, true),
];
const PROVINCES = [
  { code: 'MI', name: 'Milano', region: 'Lombardia' },
  { code: 'BG', name: 'Bergamo', region: 'Lombardia' },
  { code: 'AQ', name: "L'Aquila", region: 'Abruzzo' },
  { code: 'FC', name: 'Forlì-Cesena', region: 'Emilia-Romagna' },
  { code: 'RE', name: 'Reggio Emilia', region: 'Emilia-Romagna' },
  { code: 'RC', name: 'Reggio Calabria', region: 'Calabria' },
  { code: 'CE', name: 'Caserta', region: 'Campania' },
  { code: 'AL', name: 'Alessandria', region: 'Piemonte' },
  { code: 'BZ', name: 'Bolzano', region: 'Trentino-Alto Adige' },
];
const index = buildPlaceIndex(PLACES, PROVINCES);
const find = (text: string) => {
  const found = findPlaceInText(text, index);
  return found && { place: `${found.place.name} (${found.place.province})`, kind: found.kind, rest: found.rest };
};

describe('a place typed in the search text', () => {
  it('takes a comune out of the words: "corso antincendio milano"', () => {
    expect(find('corso antincendio milano')).to.deep.equal({
      place: 'Milano (MI)',
      kind: 'comune',
      rest: 'corso antincendio',
    });
    expect(find('Milano corso antincendio')?.rest).to.equal('corso antincendio');
  });

  it('takes the place word with it: "a", "in", "vicino a", "provincia di"', () => {
    expect(find('dvr a Bergamo')?.rest).to.equal('dvr');
    expect(find('corso preposti vicino a Seriate')).to.deep.equal({
      place: 'Seriate (BG)',
      kind: 'comune',
      rest: 'corso preposti',
    });
    expect(find('rspp in provincia di Bergamo')?.rest).to.equal('rspp');
  });

  it('reads accents and apostrophes loosely: "L\'Aquila", "laquila", "Forlì", "forli"', () => {
    expect(find("corso rls L'Aquila")?.place).to.equal("L'Aquila (AQ)");
    expect(find('corso rls laquila')?.place).to.equal("L'Aquila (AQ)");
    expect(find('primo soccorso forli')?.place).to.equal('Forlì (FC)');
    expect(find('primo soccorso Forlì')?.rest).to.equal('primo soccorso');
  });

  it('tells Reggio Emilia from Reggio Calabria (the provinces name their capitals)', () => {
    expect(find('dvr reggio emilia')).to.deep.equal({
      place: "Reggio nell'Emilia (RE)",
      kind: 'province',
      rest: 'dvr',
    });
    expect(find('dvr Reggio Calabria')?.place).to.equal('Reggio di Calabria (RC)');
    expect(find("dvr reggio nell'emilia")?.place).to.equal("Reggio nell'Emilia (RE)");
  });

  it('reads a sigla typed in capitals, or after a place word, and never a word of the vocabulary', () => {
    expect(find('dvr BG')).to.deep.equal({ place: 'Bergamo (BG)', kind: 'province', rest: 'dvr' });
    expect(find('dvr bg')).to.equal(null);
    expect(find('dvr in provincia di bg')?.place).to.equal('Bergamo (BG)');
    expect(find('marcatura CE')).to.equal(null);
    expect(find('marcatura CE a Caserta')?.rest).to.equal('marcatura CE');
  });

  it('reads a region as its regional capital', () => {
    expect(find('dvr lombardia')).to.deep.equal({ place: 'Milano (MI)', kind: 'region', rest: 'dvr' });
    expect(find('corso antincendio emilia romagna')?.place).to.equal('Bologna (BO)');
  });

  it('takes a small comune that is also a word only after a place word ("Sale")', () => {
    expect(find('rls sale')).to.equal(null);
    expect(find('dvr a Sale')?.place).to.equal('Sale (AL)');
  });

  it('prefers a comune to part of a province name ("Cesena" is not Forlì), and the bigger namesake', () => {
    expect(find('corso carrellisti cesena')?.place).to.equal('Cesena (FC)');
    expect(find('dvr a Castro')?.place).to.equal('Castro (LE)');
    expect(find('dvr bozen')?.place).to.equal('Bolzano/Bozen (BZ)');
  });

  it('finds no place in the phrases of the vocabulary, and none in a quoted text', () => {
    for (const text of [
      'messa a terra',
      'lavori in quota',
      'formazione a distanza',
      'medico del lavoro',
      'datore di lavoro',
    ])
      expect(find(text), text).to.equal(null);
    expect(find('"corso antincendio milano"')).to.equal(null);
  });
});
