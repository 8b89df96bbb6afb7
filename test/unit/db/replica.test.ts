import { expect } from 'chai';
import { lsnValue, readingReplicaWhenCurrent, replicaState, usableReplica } from '../../../src/db/replica.js';

describe('read replica state (src/db/replica.ts)', () => {
  it('orders WAL positions by both their halves, as PostgreSQL does', () => {
    expect(lsnValue('0/0')).to.equal(0n);
    expect(lsnValue('1/0') > lsnValue('0/FFFFFFFF')).to.equal(true);
    expect(lsnValue('16/B374D848') > lsnValue('16/B374D847')).to.equal(true);
    expect(lsnValue('A/10') === lsnValue('a/10')).to.equal(true);
    expect(() => lsnValue('16-B374D848')).to.throw(/bad LSN/);
  });

  it('without DATABASE_REPLICA_URL reads the primary and shows no replica', () => {
    expect(replicaState()).to.equal(null);
    expect(usableReplica()).to.equal(null);
    let ran = false;
    expect(readingReplicaWhenCurrent('0/1', () => (ran = true))).to.equal('primary');
    expect(ran).to.equal(true);
  });
});
