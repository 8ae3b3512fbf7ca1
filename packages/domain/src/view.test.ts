import { describe, expect, it } from 'vitest';
import { type Session, signedOut } from './session';
import { testUser as user } from './testUser';
import { finalView, resolveView, sameView } from './view';

const investor: Session = { user: user('investor'), isAdmin: false };
const readyInvestor: Session = {
  user: user('investor', { crossmintWalletId: 'w-1', kycStatus: 'approved', firstOnrampOk: true }),
  isAdmin: false,
};
const compliance: Session = { user: user('compliance'), isAdmin: false };
const admin: Session = { user: user('mfo_admin'), isAdmin: true };

describe('resolveView', () => {
  it('shows the public pages to anyone signed out, outside the shell', () => {
    expect(resolveView(signedOut, '/')).toEqual({ kind: 'screen', screen: 'landing', shell: false });
    expect(resolveView(signedOut, '/login')).toEqual({ kind: 'screen', screen: 'login', shell: false });
    expect(resolveView(signedOut, '/admin/login')).toEqual({ kind: 'screen', screen: 'adminLogin', shell: false });
    expect(resolveView(signedOut, '/register/')).toEqual({ kind: 'screen', screen: 'register', shell: false });
  });

  it('sends signed-in people from the sign-in pages to the dashboard; /admin/login only admins', () => {
    expect(resolveView(investor, '/')).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(resolveView(investor, '/login')).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(resolveView(investor, '/admin/login')).toEqual({ kind: 'screen', screen: 'adminLogin', shell: false });
    expect(resolveView(admin, '/admin/login')).toEqual({ kind: 'redirect', to: '/dashboard' });
    // Public pages without a sign-in form stay.
    expect(resolveView(investor, '/welcome')).toEqual({ kind: 'screen', screen: 'welcome', shell: false });
  });

  it('sends signed-out people to /login, or home when the session ended on the page', () => {
    expect(resolveView(signedOut, '/dashboard')).toEqual({ kind: 'redirect', to: '/login' });
    expect(resolveView(signedOut, '/dashboard', { endedHere: true })).toEqual({ kind: 'redirect', to: '/' });
  });

  it('answers signed-in pages by role, admin flag and readiness gate', () => {
    expect(resolveView(investor, '/dashboard')).toEqual({ kind: 'screen', screen: 'dashboard', shell: true });
    expect(resolveView(compliance, '/wallet')).toEqual({ kind: 'denied' });
    expect(resolveView(admin, '/wallet')).toEqual({ kind: 'screen', screen: 'wallet', shell: true });
    expect(resolveView(investor, '/investments/green-bond-7')).toEqual({
      kind: 'redirect',
      to: '/access-required?need=wallet&from=%2Finvestments%2Fgreen-bond-7',
    });
    expect(resolveView(readyInvestor, '/investments/green-bond-7')).toEqual({
      kind: 'screen',
      screen: 'investmentFlow',
      shell: true,
    });
  });

  it('gives the 404 for paths outside the route table, signed in or not', () => {
    expect(resolveView(signedOut, '/no-such-page')).toEqual({ kind: 'not-found' });
    expect(resolveView(investor, '/Dashboard')).toEqual({ kind: 'not-found' });
  });
});

describe('sameView', () => {
  it('compares kinds and what they carry', () => {
    expect(sameView(resolveView(signedOut, '/login/'), resolveView(signedOut, '/login'))).toBe(true);
    expect(sameView(resolveView(signedOut, '/login'), resolveView(signedOut, '/'))).toBe(false);
    expect(sameView(resolveView(signedOut, '/x'), resolveView(investor, '/y'))).toBe(true);
    expect(sameView(resolveView(investor, '/'), resolveView(signedOut, '/dashboard'))).toBe(false);
    expect(sameView(resolveView(signedOut, '/'), resolveView(investor, '/'))).toBe(false);
  });
});

describe('finalView', () => {
  it('follows redirects to the view that renders', () => {
    expect(finalView(investor, '/')).toEqual({
      path: '/dashboard',
      view: { kind: 'screen', screen: 'dashboard', shell: true },
    });
    expect(finalView(investor, '/investments/x')).toEqual({
      path: '/access-required',
      view: { kind: 'screen', screen: 'accessRequired', shell: true },
    });
    expect(finalView(signedOut, '/settings')).toEqual({
      path: '/login',
      view: { kind: 'screen', screen: 'login', shell: false },
    });
    expect(finalView(signedOut, '/nowhere')).toEqual({ path: '/nowhere', view: { kind: 'not-found' } });
  });
});
