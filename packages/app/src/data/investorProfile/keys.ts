import type { QueryRef } from '../_query/queryRef';

/**
 * The member's row of `public.investor_profiles` (no row until they classify). Filtered by member:
 * the readers of every member's records (compliance, mfo_admin, the admin flag) read every row.
 */
export function investorProfileQuery(memberId: string) {
  return { table: 'investor_profiles', eq: { member_id: memberId } } as const satisfies QueryRef;
}
