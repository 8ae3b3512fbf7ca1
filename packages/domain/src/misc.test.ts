import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { demoParam, isDemoFlag } from './demo';
import { readCreateWalletResponse } from './entities';
import { dashboardFor, guideCardsFor } from './guides';
import { correlationId, explorersThisWeek, nameFromEmail, userIdForEmail } from './identity';
import { validateSignIn } from './messages';
import { emptyRegistrationForm, validateRegistrationStep } from './registration';
import { type Role, roleIds, roles } from './roles';
import { mergeProfile, SessionSchema, type User, UserSchema } from './session';

const base: User = {
  id: 'u',
  name: 'U',
  email: 'u@example.eu',
  role: 'investor',
  kycStatus: 'unknown',
  firstOnrampOk: false,
};
const as = (role: Role, isAdmin = false, patch: Partial<User> = {}) => ({ user: { ...base, role, ...patch }, isAdmin });

describe('roles', () => {
  it('declares the six roles with labels', () => {
    expect(roles.map((r) => r.id)).toEqual([...roleIds]);
    for (const r of roles) expect(r.label).not.toBe('');
  });
});

describe('session schema', () => {
  it('fills kycStatus "unknown" and firstOnrampOk false when missing', () => {
    const user = v.parse(UserSchema, { id: 'u', name: 'U', email: 'e', role: 'investor' });
    expect(user.kycStatus).toBe('unknown');
    expect(user.firstOnrampOk).toBe(false);
  });
  it('rejects unknown roles and wrong shapes', () => {
    expect(v.is(UserSchema, { ...base, role: 'superuser' })).toBe(false);
    expect(v.is(SessionSchema, { user: base, isAdmin: 'yes' })).toBe(false);
    expect(v.is(SessionSchema, { user: null, isAdmin: false })).toBe(true);
  });
  it('merges a partial profile refresh without losing other fields', () => {
    const merged = mergeProfile({ ...base, crossmintWalletId: 'w' }, { kycStatus: 'approved' });
    expect(merged).toEqual({ ...base, crossmintWalletId: 'w', kycStatus: 'approved' });
  });
});

describe('guide cards and dashboards', () => {
  it('investors get three cards; Create Wallet only without a wallet', () => {
    const cards = guideCardsFor(as('investor'));
    expect(cards.map((c) => c.title)).toEqual(['Start here', 'Keep going', 'Next steps']);
    expect(cards[0]?.links.map((l) => l.label)).toEqual(['Create Wallet', 'Sign Agreement']);
    const withWallet = guideCardsFor(as('investor', false, { crossmintWalletId: 'w' }));
    expect(withWallet[0]?.links.map((l) => l.label)).toEqual(['Sign Agreement']);
  });
  it('admins get admin shortcuts; other roles nothing', () => {
    expect(guideCardsFor(as('mfo_admin')).map((c) => c.title)).toEqual(['Admin shortcuts']);
    expect(guideCardsFor(as('compliance', true)).map((c) => c.title)).toEqual(['Admin shortcuts']);
    for (const role of ['cl_spv_admin', 'eq_spv_admin', 'production_spv', 'compliance'] as const) {
      expect(guideCardsFor(as(role))).toEqual([]);
    }
    expect(guideCardsFor({ user: null, isAdmin: false })).toEqual([]);
  });
  it('picks the dashboard by admin flag, then role', () => {
    expect(dashboardFor({ user: null, isAdmin: false })).toBe('signed-out');
    expect(dashboardFor(as('investor', true))).toBe('mfo-admin');
    expect(roleIds.map((r) => dashboardFor(as(r)))).toEqual([
      'investor',
      'mfo-admin',
      'cl-spv',
      'eq-spv',
      'production-spv',
      'compliance',
    ]);
  });
});

describe('validation messages', () => {
  it('sign-in needs both fields', () => {
    expect(validateSignIn({ email: '', password: 'x' })).toBe('Please fill in all fields');
    expect(validateSignIn({ email: 'a@b.c', password: '' })).toBe('Please fill in all fields');
    expect(validateSignIn({ email: 'a@b.c', password: 'x' })).toBeNull();
  });
  it('registration step 1 needs names, email and matching passwords; other steps nothing', () => {
    const filled = {
      ...emptyRegistrationForm,
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.c',
      password: 'p',
      confirmPassword: 'p',
    };
    expect(validateRegistrationStep(1, emptyRegistrationForm)).toBe('Please fill in all required fields');
    expect(validateRegistrationStep(1, { ...filled, lastName: '  ' })).toBe('Please fill in all required fields');
    expect(validateRegistrationStep(1, { ...filled, confirmPassword: 'q' })).toBe('Passwords do not match');
    expect(validateRegistrationStep(1, filled)).toBeNull();
    expect(validateRegistrationStep(2, emptyRegistrationForm)).toBeNull();
  });
});

describe('wallet function answers', () => {
  it('succeeds only with success true and a wallet id', () => {
    expect(readCreateWalletResponse({ success: true, walletId: 'w-1' })).toEqual({ ok: true, walletId: 'w-1' });
    expect(readCreateWalletResponse({ success: true })).toMatchObject({ ok: false });
    expect(readCreateWalletResponse({ success: false, error: 'KYC service down' })).toEqual({
      ok: false,
      error: 'KYC service down',
    });
    expect(readCreateWalletResponse('<html>')).toMatchObject({ ok: false });
    expect(readCreateWalletResponse(null)).toMatchObject({ ok: false });
  });
});

describe('identity', () => {
  it('explorers: 12 plus under 19, stable per id', () => {
    const ids = Array.from({ length: 500 }, (_, i) => `opp-${i}`);
    const values = ids.map(explorersThisWeek);
    for (const n of values) expect(n >= 12 && n <= 30).toBe(true);
    expect(new Set(values).size).toBeGreaterThan(15);
    expect(explorersThisWeek('solar-1')).toBe(explorersThisWeek('solar-1'));
  });
  it('correlation ids have a prefix, a time part and a random part', () => {
    expect(correlationId(0, () => 0)).toBe('vault-0-00000000');
    expect(correlationId(1_700_000_000_000, () => 0.5)).toMatch(/^vault-[0-9a-z]+-[0-9a-z]{8}$/);
    expect(correlationId()).not.toBe(correlationId());
  });
  it('user ids are stable per email, whatever the case', () => {
    expect(userIdForEmail('Ada@Example.eu ')).toBe(userIdForEmail('ada@example.eu'));
    expect(userIdForEmail('ada@example.eu')).not.toBe(userIdForEmail('bob@example.eu'));
    expect(nameFromEmail('jane.doe@x.eu')).toBe('Jane Doe');
    expect(nameFromEmail('@x')).toBe('Member');
  });
  it('demo flag: 1 and true on, 0 and false off, anything else no change', () => {
    expect(['1', 'true', 'TRUE', ' 1 '].map(isDemoFlag)).toEqual([true, true, true, true]);
    expect(['0', 'false', 'yes', '', null].map(demoParam)).toEqual(['off', 'off', null, null, null]);
  });
});
