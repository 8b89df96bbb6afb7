import { expect } from 'chai';
import { parseDay } from '../../../src/lib/worker-fields.js';

describe('worker-fields: parseDay (dates as a spreadsheet or a form writes them)', () => {
  it('reads gg/mm/aaaa, with or without leading zeros, and aaaa-mm-gg', () => {
    expect(parseDay('01/03/2019')).to.equal('2019-03-01');
    expect(parseDay('1/3/2019')).to.equal('2019-03-01');
    expect(parseDay(' 2020-01-15 ')).to.equal('2020-01-15');
  });

  it('accepts 29 February only in a leap year', () => {
    expect(parseDay('29/02/2024')).to.equal('2024-02-29');
    expect(parseDay('29/02/2023')).to.equal(null);
  });

  it('refuses days that do not exist and other formats', () => {
    for (const bad of ['31/02/2020', '2020-13-01', '00/01/2020', '03-01-2019', '2019/03/01', '1.3.2019', '', 'ieri']) {
      expect(parseDay(bad), bad).to.equal(null);
    }
  });
});
