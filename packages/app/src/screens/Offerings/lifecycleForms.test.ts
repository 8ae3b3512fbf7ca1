import { actionErrors } from '@vault/domain';
import { describe, expect, it } from 'vitest';
import {
  distributionFieldOfRefusal,
  distributionInputOf,
  incomeFieldOfRefusal,
  incomeInputOf,
  priceFieldOfRefusal,
  priceInputOf,
  timeLeftToDecide,
} from './lifecycleForms';

const now = new Date('2026-03-02T10:00:00Z');

describe('the unit price form', () => {
  it('sends the price in cents, the day and the trimmed reason', () => {
    expect(priceInputOf({ price: '€1,045.50', asOf: '2026-03-02', reason: ' Quarterly valuation ' }, now)).toEqual({
      input: { priceCents: 104_550, asOf: '2026-03-02', reason: 'Quarterly valuation' },
      errors: {},
    });
  });

  it('takes a price of zero, which the server allows', () => {
    expect(priceInputOf({ price: '0', asOf: '2026-01-31', reason: 'Written off' }, now).input?.priceCents).toBe(0);
  });

  it('says what is wrong beside each field, and sends nothing', () => {
    expect(priceInputOf({ price: 'ten', asOf: '2026-03-03', reason: '  ' }, now)).toEqual({
      input: null,
      errors: {
        price: 'Unit price (€) must be an amount in euros up to €100,000,000, such as 104.50',
        asOf: 'As of (UTC) cannot be in the future',
        reason: 'A reason is required',
      },
    });
    expect(priceInputOf({ price: '', asOf: '', reason: 'x' }, now).errors).toEqual({
      price: 'Unit price (€) is required',
      asOf: 'As of (UTC) is required',
    });
    expect(priceInputOf({ price: '100000000.01', asOf: '2026-03-01', reason: 'x' }, now).errors.price).toMatch(
      /up to €100,000,000/,
    );
    expect(priceInputOf({ price: '1', asOf: '2026-02-30x', reason: 'x' }, now).errors.asOf).toBe(
      'As of (UTC) must be a date',
    );
    expect(priceInputOf({ price: '1', asOf: '2026-03-01', reason: 'r'.repeat(501) }, now).errors.reason).toBe(
      'The reason must be at most 500 characters',
    );
  });

  it('knows the field of a server refusal', () => {
    expect(priceFieldOfRefusal('as_of is before the offering issued its units')).toBe('asOf');
    expect(priceFieldOfRefusal('price_cents must be a whole number of cents from 0 to 10000000000')).toBe('price');
    expect(priceFieldOfRefusal('a reason is required')).toBe('reason');
    expect(priceFieldOfRefusal('the offering has matured')).toBeNull();
  });
});

describe('the distribution form', () => {
  it('sends the record date, the amount in cents and the kind', () => {
    expect(distributionInputOf({ recordDate: '2026-02-28', amount: '25,000.01', kind: 'income' }, now)).toEqual({
      input: { recordDate: '2026-02-28', amountCents: 2_500_001, kind: 'income' },
      errors: {},
    });
  });

  it('refuses a future record date, no amount or zero, and no kind', () => {
    expect(distributionInputOf({ recordDate: '2026-03-03', amount: '0', kind: '' }, now)).toEqual({
      input: null,
      errors: {
        recordDate: 'Record date (UTC) cannot be in the future',
        amount: 'Amount (€) must be an amount in euros above 0, such as 25000',
        kind: 'Choose income or a return of capital',
      },
    });
    expect(distributionInputOf({ recordDate: '2026-03-02', amount: '', kind: 'capital' }, now).errors).toEqual({
      amount: 'Amount (€) is required',
    });
  });

  it('knows the field of a server refusal', () => {
    expect(distributionFieldOfRefusal('record_date must be a date, not in the future')).toBe('recordDate');
    expect(distributionFieldOfRefusal('amount_cents must be a positive whole number of cents')).toBe('amount');
    expect(distributionFieldOfRefusal('kind must be income or capital')).toBe('kind');
    expect(distributionFieldOfRefusal('nobody held units of the offering at the end of the record date')).toBeNull();
  });
});

describe('the income form', () => {
  it('sends the amount in cents, the day and the trimmed reference', () => {
    expect(incomeInputOf({ amount: '€12,500.05', receivedOn: '2026-03-02', reference: ' RENT-2026-02 ' }, now)).toEqual(
      {
        input: { amountCents: 1_250_005, receivedOn: '2026-03-02', reference: 'RENT-2026-02' },
        errors: {},
      },
    );
  });

  it('says what is wrong beside each field, and sends nothing', () => {
    expect(incomeInputOf({ amount: '0', receivedOn: '2026-03-03', reference: '   ' }, now)).toEqual({
      input: null,
      errors: {
        amount: 'Amount (€) must be an amount in euros above 0, such as 12500',
        receivedOn: 'Received on (UTC) cannot be in the future',
        reference: "A reference is required: the payer's, as on the statement",
      },
    });
    expect(incomeInputOf({ amount: '', receivedOn: '', reference: 'r' }, now).errors).toEqual({
      amount: 'Amount (€) is required',
      receivedOn: 'Received on (UTC) is required',
    });
    expect(incomeInputOf({ amount: '1.005', receivedOn: '2026-02-30x', reference: 'r'.repeat(101) }, now)).toEqual({
      input: null,
      errors: {
        amount: 'Amount (€) must be an amount in euros above 0, such as 12500',
        receivedOn: 'Received on (UTC) must be a date',
        reference: 'The reference must be at most 100 characters',
      },
    });
    expect(
      incomeInputOf({ amount: '1', receivedOn: '2026-03-02', reference: 'r'.repeat(100) }, now).input,
    ).not.toBeNull();
  });

  it('knows the field of a server refusal', () => {
    expect(incomeFieldOfRefusal(actionErrors.incomeAmountOutOfRange.message)).toBe('amount');
    expect(incomeFieldOfRefusal(actionErrors.incomeInFuture.message)).toBe('receivedOn');
    expect(incomeFieldOfRefusal(actionErrors.incomeBeforeIssue.message)).toBe('receivedOn');
    expect(incomeFieldOfRefusal(actionErrors.incomeReferenceRequired.message)).toBe('reference');
    expect(incomeFieldOfRefusal(actionErrors.incomeReferenceReused.message)).toBe('reference');
    expect(incomeFieldOfRefusal(actionErrors.offeringMatured.message)).toBeNull();
    expect(incomeFieldOfRefusal(actionErrors.unknownOffering.message)).toBeNull();
  });
});

describe('the time left to decide a redemption', () => {
  it('counts days and hours, then says it is overdue', () => {
    expect(timeLeftToDecide('2026-03-04T10:00:00Z', now)).toBe('2 days left to decide');
    expect(timeLeftToDecide('2026-03-03T15:30:00Z', now)).toBe('1 day 5 hours left to decide');
    expect(timeLeftToDecide('2026-03-02T10:20:00Z', now)).toBe('Less than an hour left to decide');
    expect(timeLeftToDecide('2026-03-02T07:00:00Z', now)).toBe('Overdue by 3 hours');
    expect(timeLeftToDecide('2026-03-02T10:00:00Z', now)).toBe('Overdue');
  });
});
