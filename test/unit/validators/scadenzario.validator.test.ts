import { expect } from 'chai';
import { parseFilters, parseUpdateRequest } from '../../../src/validators/scadenzario.validator.js';

const A = '0b7c6f1e-8a3d-4c5e-9f10-2a3b4c5d6e7f';
const B = '1c8d7a2f-9b4e-4d6f-8a21-3b4c5d6e7f80';

describe('scadenzario validator', () => {
  it('keeps a known status and a site, and drops anything else without an error', () => {
    expect(parseFilters({ status: 'scaduto', site: ' Bergamo ' })).to.deep.equal({
      status: 'scaduto',
      site: 'Bergamo',
    });
    expect(parseFilters({ status: 'boh', site: '' })).to.deep.equal({ status: null, site: null });
    expect(parseFilters({ status: ['in_regola', 'scaduto'], site: { x: 1 } })).to.deep.equal({
      status: 'in_regola',
      site: null,
    });
    expect(parseFilters(undefined)).to.deep.equal({ status: null, site: null });
  });

  it('reads a reminder link: a training kind, distinct worker ids, and the update unless it says otherwise', () => {
    expect(parseUpdateRequest({ kind: 'preposti', workers: `${A},${B.toUpperCase()},${A}` })).to.deep.equal({
      kind: 'preposti',
      level: 'aggiornamento',
      workerIds: [A, B],
    });
    expect(parseUpdateRequest({ kind: 'ple', level: 'iniziale', workers: A })).to.deep.equal({
      kind: 'ple',
      level: 'iniziale',
      workerIds: [A],
    });
  });

  it('refuses an unknown kind, a malformed id or a missing parameter', () => {
    expect(parseUpdateRequest({ kind: 'ufo', workers: A })).to.equal(null);
    expect(parseUpdateRequest({ kind: 'preposti', workers: `${A},123` })).to.equal(null);
    expect(parseUpdateRequest({ kind: 'preposti', workers: '' })).to.equal(null);
    expect(parseUpdateRequest({ kind: 'preposti' })).to.equal(null);
    expect(parseUpdateRequest({ kind: ['preposti', 'dirigenti'], workers: A })).to.equal(null);
    expect(parseUpdateRequest({ kind: 'preposti', level: 'completo', workers: A })).to.equal(null);
  });
});
