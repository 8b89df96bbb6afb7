import { expect } from 'chai';
import { daysIn, monthStart, monthsOf, namedPeriod, periodQuery } from '../../../src/lib/analytics-period.js';
import { median, rate } from '../../../src/lib/booking-analytics.js';
import { csvCell, csvDocument } from '../../../src/lib/csv.js';
import { chart, niceStep } from '../../../src/lib/svg-chart.js';

describe('lib/analytics-period', () => {
  it('names the days of each period ending on a given day', () => {
    expect(namedPeriod('30d', '2026-03-10')).to.deep.equal({ kind: '30d', from: '2026-02-09', to: '2026-03-10' });
    expect(namedPeriod('3m', '2026-01-31')).to.deep.equal({ kind: '3m', from: '2025-11-01', to: '2026-01-31' });
    expect(namedPeriod('12m', '2026-11-24')).to.deep.equal({ kind: '12m', from: '2025-12-01', to: '2026-11-24' });
    expect(namedPeriod('this_year', '2026-11-24').from).to.equal('2026-01-01');
    expect(namedPeriod('last_year', '2026-01-01')).to.deep.equal({
      kind: 'last_year',
      from: '2025-01-01',
      to: '2025-12-31',
    });
  });

  it('counts months and days across years and leap days', () => {
    expect(monthStart('2026-01-15', -1)).to.equal('2025-12-01');
    expect(monthsOf({ from: '2025-11-20', to: '2026-02-01' })).to.deep.equal([
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
    ]);
    expect(daysIn('2024-02-28', '2024-03-01')).to.equal(3);
    expect(daysIn('2026-03-29', '2026-03-29')).to.equal(1);
    expect(periodQuery({ kind: 'custom', from: '2026-01-01', to: '2026-02-01' })).to.equal(
      'period=custom&from=2026-01-01&to=2026-02-01',
    );
  });
});

describe('lib/booking-analytics', () => {
  it('median: the middle value, the mean of the two middle ones, none for nothing', () => {
    expect(median([600, 60, 120])).to.equal(120);
    expect(median([60, 600, 270, 120])).to.equal(195);
    expect(median([])).to.equal(null);
  });

  it('rate: no percentage when there is nothing to divide by', () => {
    expect(rate(1, 4)).to.deep.equal({ count: 1, of: 4, percent: 25 });
    expect(rate(0, 0).percent).to.equal(null);
  });
});

describe('lib/csv', () => {
  it('quotes separators and quotes, neutralises formulas, starts with a BOM and ends lines with CRLF', () => {
    expect(csvCell('Rossi; Bianchi')).to.equal('"Rossi; Bianchi"');
    expect(csvCell('=SUM(A1)')).to.equal("'=SUM(A1)");
    expect(csvDocument([['a', 'b "c"']])).to.equal('\uFEFFa;"b ""c"""\r\n');
  });
});

describe('lib/svg-chart', () => {
  it('a round step for the y axis', () => {
    expect([niceStep(0), niceStep(3), niceStep(9), niceStep(1700), niceStep(0.4)]).to.deep.equal([1, 1, 5, 500, 1]);
  });

  it('bars as tall as their values, on an axis that reaches a round number above the largest', () => {
    const model = chart({
      kind: 'bar',
      title: 'T',
      description: 'D',
      xAxisLabel: 'Mese',
      yAxisLabel: 'N',
      points: [
        { label: 'gen', value: 4, valueLabel: '4' },
        { label: 'feb', value: 2, valueLabel: '2' },
        { label: 'mar', value: 0, valueLabel: '0' },
      ],
      tickLabel: String,
    });
    expect(model.ticks.map((t) => t.label)).to.deep.equal(['0', '1', '2', '3', '4']);
    const [a, b, c] = model.bars;
    expect(a!.height).to.be.closeTo(2 * b!.height, 0.2);
    expect(c!.height).to.equal(0);
    expect(a!.y + a!.height).to.equal(model.plot.bottom);
    expect(model.xLabels.map((l) => l.label)).to.deep.equal(['gen', 'feb', 'mar']);
  });

  it('a line breaks where a value is missing', () => {
    const model = chart({
      kind: 'line',
      title: 'T',
      description: 'D',
      xAxisLabel: 'Mese',
      yAxisLabel: 'Stelle',
      points: ['4', null, '3', '5'].map((v, i) => ({
        label: String(i),
        value: v === null ? null : Number(v),
        valueLabel: '',
      })),
      tickLabel: String,
      max: 5,
    });
    expect(model.lines).to.have.length(2);
    expect(model.dots).to.have.length(3);
    expect(model.lines[1]!.split(' ')).to.have.length(2);
    expect(model.ticks).to.have.length(6);
  });
});
