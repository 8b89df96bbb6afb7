import { expect } from 'chai';
import { notificationTarget } from '../../../src/services/notifications.service.js';

describe('notificationTarget: course edition notices', () => {
  const id = '0b6f3c1e-4a1d-4c59-9d3e-2f1a6b7c8d90';

  it('leads to the page the notice names: the waitlist, an edition, the editions of a service, a booking', () => {
    for (const target of ['/waitlist', `/editions/${id}`, `/services/${id}/editions`, `/bookings/${id}`]) {
      expect(notificationTarget({ data: { edition_id: id, target } })).to.equal(target);
    }
  });

  it('never leads off the site nor to a page it does not expect', () => {
    for (const target of ['https://esempio.it/', '//esempio.it', '/auth/logout', `/editions/${id}/../../x`]) {
      expect(notificationTarget({ data: { edition_id: id, target } })).to.equal('/notifications');
    }
  });
});
