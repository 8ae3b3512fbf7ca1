import { describe, expect, it } from 'vitest';
import { detailsOf, emptyOfferingForm, fieldOfServerMessage, type OfferingFormValues } from './offeringForm';

const now = new Date('2026-11-27T12:00:00Z');

const filled = (patch: Partial<OfferingFormValues> = {}): OfferingFormValues => ({
  ...emptyOfferingForm('spv-equity'),
  name: 'Porto Heat Network',
  category: 'Renewable energy',
  region: 'EU',
  country: 'Portugal',
  description: 'A district heat network.',
  ...patch,
});

describe('the offering form', () => {
  it('turns euros, percent, months and UTC times into the details, leaving blank terms out of a new draft', () => {
    const { details, errors } = detailsOf(
      filled({
        unit_price: '100',
        min_target: '500,000',
        max_target: '1000000.00',
        projected_yield: '6.5',
        early_redemption_fee: '2',
        term_months: '60',
        opens_at: '2026-12-01T09:00',
        eligible_countries: 'pt, es',
        documents: [{ kind: 'key_information', name: 'KIS', sha256: 'A'.repeat(64) }],
      }),
      true,
      now,
    );
    expect(errors).toEqual({});
    expect(details).toMatchObject({
      unit_price_cents: 10_000,
      min_target_cents: 50_000_000,
      max_target_cents: 100_000_000,
      projected_yield_bps: 650,
      early_redemption_fee_bps: 200,
      term_months: 60,
      opens_at: '2026-12-01T09:00:00Z',
      eligible_countries: ['PT', 'ES'],
      documents: [{ kind: 'key_information', name: 'KIS', sha256: 'a'.repeat(64) }],
    });
    expect(details).not.toHaveProperty('deadline_at');
  });

  it('sends a cleared term of a draft being edited as null', () => {
    expect(detailsOf(filled(), false, now).details).toMatchObject({ deadline_at: null, unit_price_cents: null });
  });

  it('gives every field its own error: what it cannot read, the domain rule, what a draft needs', () => {
    const { errors } = detailsOf(filled({ name: ' ', unit_price: 'ten', term_months: '700' }), true, now);
    expect(errors).toEqual({
      name: 'Name is required',
      unit_price: 'Unit price (€) must be an amount in euros, such as 5000 or 99.50',
      term_months: 'Term (months) must be a whole number of months from 1 to 600',
    });
  });

  it('checks the terms together once each is valid, beside the field at fault', () => {
    const { errors } = detailsOf(filled({ min_target: '1000', max_target: '500' }), true, now);
    expect(errors).toEqual({ max_target: 'Maximum (€) must be at least Minimum target (€)' });
  });

  it('finds the field of a server refusal by the detail it names', () => {
    expect(fieldOfServerMessage('spv_id: unknown SPV')).toBe('spv_id');
    expect(fieldOfServerMessage('min_ticket_cents must be at most max_target_cents')).toBe('min_ticket');
    expect(fieldOfServerMessage('only the SPV\u2019s administrators may do this')).toBeNull();
  });
});
