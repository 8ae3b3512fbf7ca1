import * as v from 'valibot';
import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { callForOperator, useOperatorCall } from '../audit/pagedCall';

/** The `public.unit_prices` row `set_unit_price` answers (docs/lifecycle.md §1). */
const UnitPriceSchema = v.object({
  opportunity_id: v.string(),
  as_of: v.string(),
  price_cents: v.number(),
  reason: v.string(),
});
type UnitPrice = v.InferOutput<typeof UnitPriceSchema>;

interface UnitPriceInput {
  opportunityId: string;
  priceCents: number;
  /** yyyy-mm-dd, today or before. */
  asOf: string;
  reason: string;
}

/**
 * The SPV's administrators set the price of a day (`set_unit_price`); the server checks the
 * caller, the date and the reason, and a refusal comes back with its message and code.
 */
export async function setUnitPrice(
  store: SessionStore,
  input: UnitPriceInput,
): Promise<CallResult<{ price: UnitPrice }>> {
  const answer = await callForOperator(store, 'set_unit_price', {
    opportunity_id: input.opportunityId,
    price_cents: input.priceCents,
    as_of: input.asOf,
    reason: input.reason,
  });
  if (!answer.ok) return answer;
  const parsed = v.safeParse(UnitPriceSchema, answer.value);
  return parsed.success ? { ok: true, price: parsed.output } : { ok: false, error: 'The price set answered no price' };
}
export const useSetUnitPrice = () => useOperatorCall(setUnitPrice);
