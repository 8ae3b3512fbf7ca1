import { describe, expect, it } from 'vitest';
import { sampleSharedRows, sampleSpvs } from '../backend';
import { validOfferingDetails } from './cases';
import { allocateUnits, nextOfferingStatus, offeringRefusal, offeringTransitions } from './life';
import {
  offeringConsistencyError,
  offeringDetailsError,
  sampleOfferingDefaults,
  spvKinds,
  spvRoleOfKind,
  termMonthsOf,
  yieldDisplay,
} from './terms';

describe('the sample opportunities', () => {
  it('carry their display yield and term as the same typed facts, and the defaults for the rest', () => {
    for (const o of sampleSharedRows.opportunities) {
      expect(yieldDisplay(o.projected_yield_bps ?? -1), o.id).toBe(o.apy);
      expect(o.term_months, o.id).toBe(termMonthsOf(o.term));
      expect(o.distribution_frequency).toBe(sampleOfferingDefaults.distribution_frequency);
      expect(o.lockup_months).toBe(sampleOfferingDefaults.lockup_months);
      expect(o.early_redemption_fee_bps).toBe(sampleOfferingDefaults.early_redemption_fee_bps);
      // No deadline and no enforced minimum: the specification's €5,000 is shown, not enforced.
      expect(o.deadline_at).toBeNull();
      expect(o.min_ticket_cents).toBeNull();
      expect(o.status).toBe(o.open ? 'open' : 'closed');
      expect(sampleSpvs.map((s) => s.id)).toContain(o.spv_id);
    }
  });

  it('belong, with every loan, holding and asset, to one sample SPV of each kind', () => {
    expect(sampleSpvs.map((s) => s.kind).sort()).toEqual([...spvKinds].sort());
    const kindOf = (id: string | undefined) => sampleSpvs.find((s) => s.id === id)?.kind;
    for (const loan of sampleSharedRows.loans) expect(kindOf(loan.spv_id)).toBe('lending');
    for (const holding of sampleSharedRows.equity_holdings) expect(kindOf(holding.spv_id)).toBe('equity');
    for (const asset of sampleSharedRows.production_assets) expect(kindOf(asset.spv_id)).toBe('production');
    expect(new Set(spvKinds.map((k) => spvRoleOfKind[k])).size).toBe(spvKinds.length);
  });
});

describe('the terms', () => {
  it('of the valid details are whole and consistent', () => {
    expect(offeringDetailsError(validOfferingDetails)).toBeNull();
    expect(offeringConsistencyError(validOfferingDetails, true, new Date('2026-06-01T00:00:00Z'))).toBeNull();
  });

  it('writes a yield as the cards do', () => {
    expect([720, 650, 700, 1234, 0].map(yieldDisplay)).toEqual(['7.2%', '6.5%', '7%', '12.34%', '0%']);
  });
});

describe('the life', () => {
  it('has one row per action, each leading from states to one state', () => {
    expect(new Set(offeringTransitions.map((t) => t.action)).size).toBe(offeringTransitions.length);
    expect(nextOfferingStatus('approve', 'in_review')).toBe('open');
    expect(nextOfferingStatus('withdraw', 'issued')).toBeNull();
  });

  it('allocates nothing when nothing is held', () => {
    expect(allocateUnits('pro_rata', 100, 1_000, [])).toEqual([]);
  });

  it('refuses nothing on an open sample opportunity, whatever the amount', () => {
    const sample = {
      status: 'open' as const,
      deadlineAt: null,
      opensAt: null,
      allocationRule: 'first_come' as const,
      maxTargetCents: null,
      minTicketCents: 500_000,
      maxTicketCents: null,
      heldCents: 0,
    };
    expect(offeringRefusal(sample, 1, new Date())).toBeNull();
  });
});
