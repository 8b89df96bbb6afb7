import { expect } from 'chai';
import { columnsOf, names, pick } from '../../../src/db/columns.js';
import { fromJsonRow, fromJsonRows } from '../../../src/db/json-rows.js';

interface ExampleRow {
  id: string;
  total_amount: string;
  seats: number;
  starts_on: string;
  confirmed_at: Date | null;
  created_at: Date;
  data: unknown;
}

const COLUMNS = columnsOf<ExampleRow>({
  id: 'text',
  total_amount: 'numeric',
  seats: 'number',
  starts_on: 'date',
  confirmed_at: 'timestamp',
  created_at: 'timestamp',
  data: 'json',
});

describe('rows read as JSON take their types from the column descriptor', () => {
  it('turns timestamps into Dates and numerics into their decimal text, as the driver gives them', () => {
    const [row] = fromJsonRows(
      [
        {
          id: 'a',
          total_amount: 72.5,
          seats: 3,
          starts_on: '2026-03-02',
          confirmed_at: '2026-03-01T09:30:00.123+00:00',
          created_at: '2026-02-28T08:00:00+00:00',
          data: { booking_id: 'b' },
        },
      ],
      COLUMNS,
    );
    expect(row).to.deep.equal({
      id: 'a',
      total_amount: '72.5',
      seats: 3,
      starts_on: '2026-03-02',
      confirmed_at: new Date('2026-03-01T09:30:00.123Z'),
      created_at: new Date('2026-02-28T08:00:00Z'),
      data: { booking_id: 'b' },
    });
  });

  it('leaves nulls null, reads no rows as none and one missing row as null', () => {
    expect(fromJsonRows([{ confirmed_at: null, total_amount: null }], COLUMNS)[0]).to.include({
      confirmed_at: null,
      total_amount: null,
    });
    expect(fromJsonRows(null, COLUMNS)).to.deep.equal([]);
    expect(fromJsonRow(null, COLUMNS)).to.equal(null);
  });

  it('converts only what a projection of the row carries', () => {
    const projection = pick(COLUMNS, ['id', 'created_at']);
    expect(names(projection, 'e')).to.deep.equal(['e.id', 'e.created_at']);
    const [row] = fromJsonRows([{ id: 'x', created_at: '2026-01-01T00:00:00Z', confirmed_at: 'text' }], projection);
    expect(row!.created_at).to.be.instanceOf(Date);
    expect((row as unknown as Record<string, unknown>).confirmed_at).to.equal('text');
  });
});
