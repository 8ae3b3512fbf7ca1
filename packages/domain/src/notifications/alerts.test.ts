import { describe, expect, it } from 'vitest';
import { WITHDRAWAL_OVERDUE_DAYS } from '../backend/ledger';
import { complianceAlertText, complianceAlertTexts, parseComplianceAlertTexts } from './alerts';

const valid = {
  kind: 'withdrawal.overdue',
  params: ['withdrawal'],
  issue: 'Withdrawal {withdrawal} is late',
  priority: 'High',
};

describe('complianceAlertTexts', () => {
  it('fills each placeholder with its value as given, and names a missing one', () => {
    expect(complianceAlertText('withdrawal.overdue', { withdrawal: 'w-1', amountCents: '3000' })).toEqual({
      issue: `Withdrawal w-1 of 3000 cents has had no payout event for ${WITHDRAWAL_OVERDUE_DAYS} days`,
      priority: 'High',
    });
    expect(
      complianceAlertText('payment.charged_back', { payment: "pi_$&'", amountCents: '100', owedCents: '40' }).issue,
    ).toBe("Chargeback of payment pi_$&': 100 cents, 40 cents owed");
    expect(() => complianceAlertText('payment.charged_back', { payment: 'pi', amountCents: '1' } as never)).toThrow(
      'compliance alert "payment.charged_back" needs the param "owedCents"',
    );
  });

  it('lists each kind once', () => {
    const kinds = complianceAlertTexts.map((a) => a.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
  });

  it('refuses an entry whose kind is no audit action, an unknown priority, undeclared or unused params, or a kind twice', () => {
    expect(parseComplianceAlertTexts([valid])).toHaveLength(1);
    expect(() => parseComplianceAlertTexts([{ ...valid, kind: 'nothing.happened' }])).toThrow(/field "kind"/);
    expect(() => parseComplianceAlertTexts([{ ...valid, priority: 'Low' }])).toThrow(/field "priority"/);
    expect(() => parseComplianceAlertTexts([{ ...valid, params: [] }])).toThrow(/field "params"/);
    expect(() => parseComplianceAlertTexts([{ ...valid, params: ['withdrawal', 'amountCents'] }])).toThrow(
      /field "params"/,
    );
    expect(() => parseComplianceAlertTexts([{ ...valid, issue: 'Withdrawal {withdrawal is late' }])).toThrow(
      /field "issue"/,
    );
    expect(() => parseComplianceAlertTexts([valid, valid])).toThrow('"withdrawal.overdue": the kind is listed twice');
  });
});
