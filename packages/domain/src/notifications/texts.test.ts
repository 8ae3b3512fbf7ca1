import { describe, expect, it } from 'vitest';
import { auditActions } from '../backend/audit';
import { AWAITING_PAYMENT_DAYS } from '../backend/ledger';
import { investmentNotification, kycNotification, ledgerNotifications, paymentNotifications } from './named';
import { templateParts } from './templates';
import {
  type NotificationKind,
  type NotificationParam,
  type NotificationParams,
  notificationText,
  notificationTexts,
  parseNotificationTexts,
} from './texts';

/** A value for every placeholder name, each one distinct and found nowhere in the templates. */
const sample: Record<NotificationParam, string> = {
  amount: '<amount €1,234.50>',
  date: '<date 2026-03-31>',
  end: '<end 2026-06-30>',
  fee: '<fee €12>',
  gross: '<gross €1,246.50>',
  holders: '<holders 3>',
  impact: '<impact 1.2 tCO2e>',
  kind: '<kind income>',
  offering: '<offering Porto Heat>',
  price: '<price €125>',
  reason: '<reason $& 50%>',
  role: '<role compliance>',
  start: '<start 2026-04-01>',
  tax: '<tax €3>',
  time: '<time 2026-05-01 09:30>',
  units: '<units 40>',
};

describe('notificationTexts', () => {
  it('lists each kind once, each starting with an audit action', () => {
    const kinds = notificationTexts.map((t) => t.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(kinds.length).toBeGreaterThan(30);
    for (const kind of kinds) {
      expect(
        auditActions.some((action) => kind === action || kind.startsWith(`${action}.`)),
        kind,
      ).toBe(true);
    }
  });

  it('fills every kind with its declared params, leaving no placeholder', () => {
    for (const text of notificationTexts) {
      const filled = notificationText<NotificationKind>(text.kind, sample);
      const both = `${filled.title}\n${filled.body}`;
      expect(both, text.kind).not.toMatch(/\{[a-zA-Z]*\}/);
      for (const name of text.params) expect(both, `${text.kind} shows {${name}}`).toContain(sample[name]);
    }
  });

  it('puts a value in as given, even one that looks like a placeholder or a replacement pattern', () => {
    expect(notificationText('kyc.rejected', { reason: '{reason} $& $1 100%' }).body).toBe(
      'Your identity verification was not approved. Reason: {reason} $& $1 100%. Contact support if you think this is wrong.',
    );
  });

  it('refuses to fill a text without one of its params', () => {
    const partial = { offering: 'Porto Heat' } as unknown as NotificationParams<'investment.rejected'>;
    expect(() => notificationText('investment.rejected', partial)).toThrow(
      /"investment.rejected" needs the param "reason"/,
    );
  });

  it('keeps the texts the server sends word for word', () => {
    expect(notificationText('member.role_changed.admin', { role: 'compliance' })).toEqual({
      title: 'Your access changed',
      body: 'Your role is now compliance, with administrator rights. Sign in again to use it.',
    });
    expect(notificationText('investment.expired', { offering: 'Porto Heat' }).body).toBe(
      `Your investment in Porto Heat was cancelled: the payment did not arrive within ${AWAITING_PAYMENT_DAYS} days.`,
    );
    expect(notificationText('onramp.completed')).toEqual(paymentNotifications.onrampCompleted);
  });
});

describe('the notifications named by their area', () => {
  it('read the table', () => {
    expect(kycNotification('pending')).toEqual(notificationText('kyc.submitted'));
    expect(kycNotification('rejected', 'Blurred photo.')).toEqual(
      notificationText('kyc.rejected', { reason: 'Blurred photo.' }),
    );
    expect(paymentNotifications.failed).toEqual(notificationText('payment.failed'));
    expect(investmentNotification('rejected', 'Porto Heat', null).body).toBe(
      'Your investment in Porto Heat was not accepted. Reason: ',
    );
    expect(investmentNotification('confirmed', 'Porto Heat', null)).toEqual(
      notificationText('investment.confirmed', { offering: 'Porto Heat' }),
    );
    expect(ledgerNotifications.chargedBack).toEqual(notificationText('payment.charged_back'));
    expect(ledgerNotifications.investmentExpired('Porto Heat')).toEqual(
      notificationText('investment.expired', { offering: 'Porto Heat' }),
    );
  });
});

describe('templateParts', () => {
  it('splits a template into its text and its placeholders, in order', () => {
    expect(templateParts('{offering}: {reason}')).toEqual([{ param: 'offering' }, { text: ': ' }, { param: 'reason' }]);
    expect(templateParts('No placeholder.')).toEqual([{ text: 'No placeholder.' }]);
  });
});

describe('the notification text schema', () => {
  const valid = {
    kind: 'offering.returned.spv',
    params: ['offering'],
    title: 'Returned',
    body: '{offering} returned.',
  };

  it('accepts a well-formed entry', () => {
    expect(parseNotificationTexts([valid])).toEqual([valid]);
  });

  it('refuses a placeholder the entry does not declare', () => {
    expect(() => parseNotificationTexts([{ ...valid, body: '{offering} returned by {role}.' }])).toThrow(
      /notification text entry "offering.returned.spv": field "body": a placeholder the entry does not declare/,
    );
    expect(() => parseNotificationTexts([{ ...valid, title: 'Returned {when}' }])).toThrow(/field "title"/);
  });

  it('refuses a declared param no template uses', () => {
    expect(() => parseNotificationTexts([{ ...valid, params: ['offering', 'reason'] }])).toThrow(
      /field "params": a param neither template uses/,
    );
  });

  it('refuses a stray brace, a kind that is no audit action, and a kind listed twice', () => {
    expect(() => parseNotificationTexts([{ ...valid, body: '{offering returned.' }])).toThrow(/a brace outside/);
    expect(() => parseNotificationTexts([{ ...valid, kind: 'offering.sold.spv' }])).toThrow(/field "kind"/);
    expect(() => parseNotificationTexts([valid, valid])).toThrow(/"offering.returned.spv": the kind is listed twice/);
  });
});
