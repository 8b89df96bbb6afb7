import { expect } from 'chai';
import {
  SYNONYM_GROUPS,
  termsOf,
  toAnyWordTsquery,
  toRankingTsquery,
  toSearchTsquery,
} from '../../../src/lib/search-vocabulary.js';

/** The alternatives a query's only term stands for (the phrases of its group as tsquery conjunctions). */
const alternativesOf = (text: string): string[] => {
  const tsquery = toSearchTsquery(text);
  expect(tsquery.startsWith('(') && tsquery.endsWith(')'), tsquery).to.equal(true);
  return tsquery.slice(1, -1).split(' | ');
};

describe('the search vocabulary', () => {
  it('reads a common name as the catalogue names it: "medico del lavoro" finds "medico competente"', () => {
    expect(alternativesOf('medico del lavoro')).to.include('(medico & competente)');
    expect(alternativesOf('medico competente')).to.include('(medico & del & lavoro)');
  });

  it('knows the trade names and abbreviations buyers type', () => {
    expect(alternativesOf('pronto soccorso')).to.include('(primo & soccorso)');
    expect(alternativesOf('carrellisti')).to.include('(carrelli & elevatori)');
    expect(alternativesOf('patentino muletto')).to.include('(carrelli & elevatori)');
    expect(alternativesOf('FAD')).to.include('elearning');
    expect(alternativesOf('e-learning')).to.include('fad');
    expect(alternativesOf('BLSD')).to.include('defibrillatore');
    expect(alternativesOf('HACCP')).to.include('(igiene & alimentare)');
    expect(alternativesOf('antincendio livello 2'.split(' ').slice(1).join(' '))).to.include('(rischio & medio)');
  });

  it('meets singular and plural: "carrellista", "muletti", "preposto"', () => {
    expect(toSearchTsquery('carrellista')).to.equal(toSearchTsquery('carrellisti'));
    expect(toSearchTsquery('muletti')).to.equal(toSearchTsquery('muletto'));
    expect(toSearchTsquery('corso preposto')).to.equal(toSearchTsquery('corsi preposti'));
  });

  it('tells an update from the first course: "aggiornamento" and "rinnovo" are one term, required', () => {
    const update = toSearchTsquery('rinnovo antincendio');
    expect(update).to.equal(toSearchTsquery('aggiornamento antincendio'));
    expect(update.match(/\) & \(/g)).to.have.length(1);
  });

  it('takes the longest phrase typed: "patentino muletto" is one term, not "patentino" and a term', () => {
    expect(termsOf('patentino muletto')).to.have.length(1);
    expect(termsOf('corso rspp datore di lavoro')).to.deep.equal([
      {
        group: SYNONYM_GROUPS.findIndex((g) => g.phrases.includes('rspp datore di lavoro')),
        typed: ['rspp', 'datore', 'di', 'lavoro'],
      },
    ]);
  });

  it('leaves generic words out of what a service must hold, unless nothing else is left', () => {
    expect(toSearchTsquery('cerco corso economico dvr')).to.equal(toSearchTsquery('dvr'));
    expect(toSearchTsquery('corso')).to.equal('corso:*');
  });

  it("ranks by the typed words too, generic ones included, with the catalogue's own words", () => {
    expect(toRankingTsquery('corso antincendio')).to.equal('corso | antincendio');
    expect(toRankingTsquery('pronto soccorso')).to.equal('((pronto & soccorso) | (primo & soccorso))');
  });

  it('relaxes a query of two terms or more to any one of them', () => {
    expect(toAnyWordTsquery('dvr xyzzy')).to.match(/\| xyzzy$/);
    expect(toAnyWordTsquery('dvr')).to.equal('');
  });

  it('holds no phrase twice in two groups (one meaning each)', () => {
    const seen = new Map<string, number>();
    SYNONYM_GROUPS.forEach((g, i) =>
      g.phrases.forEach((p) => {
        expect(seen.get(p), p).to.equal(undefined);
        seen.set(p, i);
      }),
    );
  });
});
