import { expect } from 'chai';
import { RefusalLog } from '../src/log.js';
import type { LogLine } from './helpers.js';

// The interval is driven by hand (tick) here: the server's timer calls tick once per interval.
describe('pg-embedded-server: the refusal log', () => {
  const logs: RefusalLog[] = [];

  function logged(): { lines: LogLine[]; refusals: RefusalLog } {
    const lines: LogLine[] = [];
    const refusals = new RefusalLog((level, message, fields) => lines.push({ level, message, fields }), 3_600_000);
    logs.push(refusals);
    return { lines, refusals };
  }

  afterEach(() => {
    for (const refusals of logs.splice(0)) refusals.flush();
  });

  it('logs the first refusal at once, with its details', () => {
    const { lines, refusals } = logged();
    refusals.note('authentication failed', { sqlstate: '28P01' });
    expect(lines).to.deep.equal([
      { level: 'warn', message: 'connection refused', fields: { reason: 'authentication failed', sqlstate: '28P01' } },
    ]);
  });

  it('counts the refusals that follow and logs them as one line per interval, by reason', () => {
    const { lines, refusals } = logged();
    for (let i = 0; i < 500; i += 1) refusals.note(i % 5 ? 'protocol violation' : 'authentication failed');
    expect(lines).to.have.length(1);
    refusals.tick();
    expect(lines).to.have.length(2);
    expect(lines[1]!.message).to.equal('connections refused');
    expect(lines[1]!.fields).to.deep.include({
      count: 499,
      refused: { 'protocol violation': 400, 'authentication failed': 99 },
    });
  });

  it('keeps to one line per interval while the refusals go on, and logs the first after a quiet interval at once', () => {
    const { lines, refusals } = logged();
    refusals.note('protocol violation');
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < 50; i += 1) refusals.note('protocol violation');
      refusals.tick();
    }
    expect(lines.map((l) => l.fields?.count)).to.deep.equal([undefined, 50, 50, 50]);
    refusals.tick();
    refusals.note('authentication failed');
    expect(lines).to.have.length(5);
    expect(lines[4]!.message).to.equal('connection refused');
  });

  it('logs what it counted when the server closes', () => {
    const { lines, refusals } = logged();
    refusals.note('a');
    refusals.note('a');
    refusals.flush();
    expect(lines.map((l) => l.message)).to.deep.equal(['connection refused', 'connections refused']);
  });
});
