import { expect } from 'chai';
import { backoffMs, nextAttempt } from '../../../src/jobs/runner.js';

describe('job runner retries', () => {
  const HOUR = 3_600_000;
  const now = Date.UTC(2026, 0, 10, 12);

  it('backs off from 30 seconds, doubling, to one attempt an hour', () => {
    expect([1, 2, 3, 8, 9, 50].map(backoffMs)).to.deep.equal([30_000, 60_000, 120_000, HOUR, HOUR, HOUR]);
  });

  it('a job without a window stops after max_attempts', () => {
    expect(nextAttempt({ attempts: 9, maxAttempts: 10, retryUntil: null }, now)?.getTime()).to.equal(
      now + backoffMs(9),
    );
    expect(nextAttempt({ attempts: 10, maxAttempts: 10, retryUntil: null }, now)).to.equal(null);
  });

  it('a job with a window ignores the count, retries at the very end of the window, then gives up', () => {
    const until = new Date(now + 10 * 60_000);
    expect(nextAttempt({ attempts: 1, maxAttempts: 1, retryUntil: until }, now)?.getTime()).to.equal(now + 30_000);
    expect(nextAttempt({ attempts: 80, maxAttempts: 10, retryUntil: until }, now)?.getTime()).to.equal(until.getTime());
    expect(nextAttempt({ attempts: 81, maxAttempts: 10, retryUntil: until }, until.getTime())).to.equal(null);
  });
});
