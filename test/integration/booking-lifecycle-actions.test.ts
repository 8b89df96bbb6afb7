import { expect } from 'chai';
import { db } from '../../src/db/knex.js';
import { perform } from '../../src/services/booking-lifecycle.service.js';
import { html, textOf } from '../helpers/app.js';
import { lifecycleWorld, row, startIn, type LifecycleWorld, type Status } from './booking-lifecycle.helpers.js';

/** Which action each role may take in each status, and two actions on one booking at once. */
describe('booking lifecycle (the state machine, docs/product.md §4)', () => {
  let { provider, client, providerAgent, clientAgent, make, act } = {} as LifecycleWorld;

  before(async () => {
    ({ provider, client, providerAgent, clientAgent, make, act } = await lifecycleWorld());
  });

  const ACTIONS = [
    { path: 'confirmation', fields: {} },
    { path: 'rejection', fields: { reason: 'Nessun docente disponibile' } },
    { path: 'cancellation', fields: { reason: 'Cambio di programma' } },
    { path: 'completion', fields: {} },
    { path: 'no-show', fields: {} },
  ] as const;

  /**
   * Every action × status × role. Legal ones (303 back to the booking): the provider confirms or rejects a
   * pending request; either party cancels a confirmed booking well before its start; the provider completes
   * a confirmed or in-progress booking after its start, or records a no-show of one.
   */
  describe('every action, in every status, for each role', () => {
    const statuses: Status[] = ['pending', 'confirmed', 'in_progress', 'completed', 'cancelled', 'no_show'];
    const legal: Record<'client' | 'provider', Record<string, Status[]>> = {
      provider: {
        confirmation: ['pending'],
        rejection: ['pending'],
        cancellation: ['confirmed'],
        completion: ['confirmed', 'in_progress'],
        'no-show': ['confirmed', 'in_progress'],
      },
      client: { confirmation: [], rejection: [], cancellation: ['confirmed'], completion: [], 'no-show': [] },
    };
    for (const role of ['provider', 'client'] as const) {
      for (const action of ACTIONS) {
        for (const status of statuses) {
          const allowed = legal[role][action.path]!.includes(status);
          it(`${role} ${action.path} on a ${status} booking: ${allowed ? 'done' : '409, nothing changed'}`, async () => {
            // Cancelling needs a start far ahead; completing and no-show need one in the past.
            const when = action.path === 'completion' || action.path === 'no-show' ? startIn(-3) : startIn(24 * 10);
            const id = await make(status, when);
            const before = await row(id);
            const agent = role === 'provider' ? providerAgent : clientAgent;
            const res = await act(agent, id, action.path, action.fields);
            const after = await row(id);
            if (allowed) {
              expect(res.status, res.text.slice(0, 300)).to.equal(303);
              expect(res.headers.location).to.equal(`/bookings/${id}`);
              expect(after.updated_at.getTime()).to.be.greaterThan(before.updated_at.getTime());
            } else {
              expect(res.status).to.equal(409);
              const $ = html(res.text);
              expect(textOf($, '.alert--error strong')).to.equal('Operazione non consentita');
              expect(textOf($, '.alert--error .alert__message')).to.match(/^(Solo|Il servizio|Non è più)/);
              expect(after).to.deep.equal(before);
            }
          });
        }
      }
    }
  });

  describe('two actions at once', () => {
    it('confirm and reject of the same request at the same moment: exactly one wins', async () => {
      for (let round = 0; round < 3; round += 1) {
        const id = await make('pending');
        const actor = { id: provider.id, userType: 'provider' as const };
        const results = await Promise.all([
          perform('confirm', id, actor, {}),
          perform('reject', id, actor, { reason: 'Occupati' }),
          perform('confirm', id, actor, {}),
        ]);
        expect(results.filter((r) => r.ok)).to.have.length(1);
        expect(results.filter((r) => !r.ok && r.kind === 'refused')).to.have.length(2);
        const notices = await db()('notifications')
          .where({ user_id: client.id })
          .whereRaw(`data->>'booking_id' = ?`, [id]);
        expect(notices).to.have.length(1);
      }
    });
  });
});
