import { expect } from 'chai';
import { appNavFor } from '../../../src/lib/app-nav.js';
import type { Role } from '../../../src/lib/permissions.js';

const admin = (userType: 'client' | 'provider') => ({ userType, role: 'admin' as const });
const current = (nav: ReturnType<typeof appNavFor>) => nav.items.filter((i) => i.current).map((i) => i.key);

describe('appNavFor (the signed-in navigation)', () => {
  it("gives a client's phone the four tabs Scadenzario, Lavoratori, Prenotazioni, Messaggi, the rest under Altro", () => {
    const nav = appNavFor(admin('client'), '/dashboard', 0);
    expect(nav.tabs.map((i) => i.key)).to.deep.equal(['scadenzario', 'workers', 'bookings', 'messages']);
    expect(nav.more.map((i) => i.key)).to.include.members(['dashboard', 'notifications', 'profile']);
    expect(nav.moreCurrent).to.equal(true);
  });

  it('gives a provider Richieste, Servizi, Edizioni, Attestati, Analytics and Estratto conto', () => {
    const nav = appNavFor(admin('provider'), '/dashboard', 0);
    expect(nav.items.map((i) => i.href)).to.include.members([
      '/bookings',
      '/provider/services',
      '/provider/editions',
      '/provider/attestati',
      '/analytics',
      '/provider/statements',
    ]);
  });

  it('marks the tool a page belongs to, its sub-pages included', () => {
    expect(current(appNavFor(admin('client'), '/workers/0d9c/edit', 0))).to.deep.equal(['workers']);
    expect(current(appNavFor(admin('provider'), '/services/0d9c/editions', 0))).to.deep.equal(['editions']);
    expect(current(appNavFor(admin('provider'), '/editions/0d9c/edit', 0))).to.deep.equal(['editions']);
    expect(current(appNavFor(admin('provider'), '/services/0d9c/edit', 0))).to.deep.equal(['services']);
    expect(current(appNavFor(admin('client'), '/services/0d9c', 0))).to.deep.equal([]);
    expect(appNavFor(admin('client'), '/workers', 0).moreCurrent).to.equal(false);
  });

  it('puts "Il mio account" under Altro on a phone for both parties, never in the desktop\'s row', () => {
    for (const party of ['client', 'provider'] as const) {
      const nav = appNavFor(admin(party), '/account', 0);
      expect(
        nav.more.map((i) => i.href),
        party,
      ).to.include('/account');
      expect(
        nav.items.map((i) => i.href),
        party,
      ).not.to.include('/account');
      expect(nav.moreCurrent, party).to.equal(true);
    }
  });

  it('counts unread messages beside Messaggi, "99+" past 99', () => {
    const badge = (n: number) => appNavFor(admin('client'), '/', n).items.find((i) => i.key === 'messages')!.badge;
    expect(badge(0)).to.equal(null);
    expect(badge(3)).to.equal('3');
    expect(badge(100)).to.equal('99+');
  });

  it("leaves out the tools a member's role is not granted", () => {
    const keys = (userType: 'client' | 'provider', role: Role) =>
      appNavFor({ userType, role }, '/dashboard', 0).items.map((i) => i.key);
    expect(keys('client', 'accounts')).to.include.members(['bookings', 'workers', 'scadenzario']);
    expect(keys('provider', 'trainer')).to.include.members(['requests', 'editions', 'attestati']);
    expect(keys('provider', 'trainer')).to.not.include.members(['statements']);
    expect(keys('provider', 'trainer')).to.not.include('analytics');
    expect(keys('provider', 'trainer')).to.not.include('messages');
    expect(keys('provider', 'office')).to.not.include('statements');
    expect(keys('provider', 'admin')).to.include.members(['statements', 'analytics', 'messages']);
  });

  it("keeps a desktop's row to the daily tools: the organisation's settings and the profile are under Altro", () => {
    const nav = appNavFor(admin('client'), '/sedi', 0);
    expect(nav.items.map((i) => i.key)).to.not.include.members(['sites', 'activity', 'profile', 'waitlist']);
    expect(nav.more.filter((i) => i.desktopMore).map((i) => i.key)).to.include.members([
      'sites',
      'activity',
      'profile',
    ]);
    expect(nav.desktopMore).to.equal(true);
    expect(nav.desktopMoreCurrent).to.equal(true);
    expect(appNavFor(admin('client'), '/workers', 0).desktopMoreCurrent).to.equal(false);
  });
});
