import { expect } from 'chai';
import { unionOfReads, watchText } from '../../../src/lib/page-reads.js';

describe('lib/page-reads: what kept pages read, together', () => {
  it('a table read whole by one page is watched whole', () => {
    const union = unionOfReads([{ services: ['title'] }, { services: '*' }, { reviews: '*' }]);
    expect(Object.fromEntries(union)).to.deep.equal({ services: '*', reviews: '*' });
  });

  it('columns of two pages add up, sorted; new rows count when either page shows them', () => {
    const union = unionOfReads([{ users: { updates: ['email'] } }, { users: ['company_name'] }]);
    expect(union.get('users')).to.deep.equal(['company_name', 'email']);
    const updatesOnly = unionOfReads([{ users: { updates: ['email'] } }, { users: { updates: ['user_type'] } }]);
    expect(updatesOnly.get('users')).to.deep.equal({ updates: ['email', 'user_type'] });
  });

  it('writes each form as the trigger comment that records it', () => {
    expect(watchText('*')).to.equal('*');
    expect(watchText(['a', 'b'])).to.equal('a,b');
    expect(watchText({ updates: ['completed_at'] })).to.equal('updates:completed_at');
  });
});
