import * as v from 'valibot';
import { investorCategories } from './classification';
import { UK_COUNTRY } from './countries';
import { isFirstTimeInvestor, type PriorInvestmentRow } from './decision';

/**
 * The member's own row of `public.investor_profiles` (docs/eligibility.md), as the backend returns
 * it: written only by `save_investor_profile`; the member reads it, and so do the readers of
 * every member's records (the table contract's 'member-record' access).
 */
export const InvestorProfileRowSchema = v.object({
  member_id: v.pipe(v.string(), v.uuid()),
  country: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)),
  category: v.picklist(investorCategories),
  /** The criteria declared (jsonb object). */
  answers: v.record(v.string(), v.unknown()),
  declared_at: v.string(),
  /** The declaration this one replaced: its stricter rules hold until previous_until (30 days). */
  previous_country: v.optional(v.nullable(v.string())),
  previous_category: v.optional(v.nullable(v.string())),
  previous_until: v.optional(v.nullable(v.string())),
  /** A declared professional status waits for compliance: pending, approved or rejected. */
  professional_status: v.optional(v.nullable(v.picklist(['pending', 'approved', 'rejected']))),
  professional_reason: v.optional(v.nullable(v.string())),
});
export type InvestorProfileRow = v.InferOutput<typeof InvestorProfileRowSchema>;

/**
 * Who reads the FCA's prescribed risk warning on the opportunities list and the detail: a UK
 * resident who is a first-time investor (`isFirstTimeInvestor` over their investments).
 */
export function showsUkRiskWarning(
  profile: Pick<InvestorProfileRow, 'country'> | null,
  investments: readonly PriorInvestmentRow[],
): boolean {
  return profile?.country === UK_COUNTRY && isFirstTimeInvestor(investments);
}
