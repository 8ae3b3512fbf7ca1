import { describe, expect, it } from 'vitest';
import { nudgeFor, parseReadinessSteps, readiness, readinessHint } from './readiness';
import { type Role, roleIds } from './roles';
import type { User } from './session';

function investor(flags: { wallet: boolean; kyc: boolean; onramp: boolean }, role: Role = 'investor'): User {
  return {
    id: 'u-1',
    name: 'Ada',
    email: 'ada@example.eu',
    role,
    kycStatus: flags.kyc ? 'approved' : 'pending',
    firstOnrampOk: flags.onramp,
    ...(flags.wallet ? { crossmintWalletId: 'w-1' } : {}),
  };
}

const combos = [false, true].flatMap((wallet) =>
  [false, true].flatMap((kyc) => [false, true].map((onramp) => ({ wallet, kyc, onramp }))),
);

describe('readiness', () => {
  for (const flags of combos) {
    it(`wallet ${flags.wallet}, kyc ${flags.kyc}, onramp ${flags.onramp}`, () => {
      const r = readiness(investor(flags));
      // Agreement always counts as done.
      const done = 1 + Number(flags.wallet) + Number(flags.kyc) + Number(flags.onramp);
      expect(r.completed).toBe(done);
      expect(r.percent).toBe(done * 25);
      expect(r.steps.map((s) => s.id)).toEqual(['wallet', 'kyc', 'agreement', 'onramp']);
      expect(r.steps.map((s) => s.done)).toEqual([flags.wallet, flags.kyc, true, flags.onramp]);
      const next = !flags.wallet ? 'wallet' : !flags.kyc ? 'kyc' : !flags.onramp ? 'onramp' : null;
      expect(r.next?.id ?? null).toBe(next);
    });
  }

  it('shows the labels, estimates, buttons and targets of the specification', () => {
    const rows = readiness(investor({ wallet: false, kyc: false, onramp: false })).steps.map((s) => [
      s.label,
      s.estimate,
      s.buttonText,
      s.target,
    ]);
    expect(rows).toEqual([
      ['Create wallet', '~1 min', 'Create Wallet', '/settings'],
      ['Complete KYC', '~3-5 min', 'Continue KYC', '/kyc-verification'],
      ['Sign agreement', '~2 min', 'Sign Agreement', '/agreement'],
      ['First onramp (€20+)', '~2-3 min', 'Start Onramp', '/wallet'],
    ]);
  });

  it('counts only an approved KYC', () => {
    for (const status of ['pending', 'declined', 'rejected', 'unknown', 'Approved', '']) {
      const u = { ...investor({ wallet: true, kyc: false, onramp: false }), kycStatus: status };
      expect(readiness(u).next?.id).toBe('kyc');
    }
  });

  it('gives the hint for the next step and for all set', () => {
    expect(readinessHint(readiness(investor({ wallet: true, kyc: false, onramp: false })))).toBe(
      "You're close! Complete 'Complete KYC' to unlock more features.",
    );
    expect(readinessHint(readiness(investor({ wallet: true, kyc: true, onramp: true })))).toBe(
      "All set. You've unlocked the full investor experience.",
    );
  });
});

describe('nudgeFor', () => {
  it('follows the order wallet, KYC, first onramp', () => {
    expect(nudgeFor(investor({ wallet: false, kyc: true, onramp: true }))).toEqual({
      step: 'wallet',
      label: 'Create your wallet',
      estimate: '~1 min',
      target: '/settings',
    });
    expect(nudgeFor(investor({ wallet: true, kyc: false, onramp: true }))).toEqual({
      step: 'kyc',
      label: 'Complete KYC',
      estimate: '~3–5 min',
      target: '/kyc-verification',
    });
    expect(nudgeFor(investor({ wallet: true, kyc: true, onramp: false }))).toEqual({
      step: 'onramp',
      label: 'Make your first onramp (€20+)',
      estimate: '~2–3 min',
      target: '/wallet',
    });
    expect(nudgeFor(investor({ wallet: true, kyc: true, onramp: true }))).toBeNull();
  });

  it('nudges investors only', () => {
    for (const role of roleIds.filter((r) => r !== 'investor')) {
      expect(nudgeFor(investor({ wallet: false, kyc: false, onramp: false }, role))).toBeNull();
    }
    expect(nudgeFor(null)).toBeNull();
  });
});

describe('readiness step validation', () => {
  it('rejects a step without a target, naming the entry and the field', () => {
    expect(() =>
      parseReadinessSteps([{ id: 'wallet', label: 'Create wallet', estimate: '~1 min', buttonText: 'Create Wallet' }]),
    ).toThrow(/readiness step entry "wallet": field "target"/);
  });
  it('rejects an external target', () => {
    expect(() =>
      parseReadinessSteps([
        { id: 'kyc', label: 'KYC', estimate: '~1 min', buttonText: 'Go', target: 'https://evil.example' },
      ]),
    ).toThrow(/entry "kyc": field "target"/);
  });
});
