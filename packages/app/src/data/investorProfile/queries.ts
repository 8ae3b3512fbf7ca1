import { showsUkRiskWarning } from '@vault/domain';
import { useRead } from '../_query/queryRef';
import { useInvestments } from '../investments/queries';
import { investorProfileQuery } from './keys';

/** The member's country and investor category: no row until they classify. */
const useInvestorProfile = (memberId: string) => useRead(investorProfileQuery(memberId));

/**
 * Whether this member reads the FCA's prescribed risk warning (`showsUkRiskWarning`): their
 * profile says they live in the UK and they have no investment of their own yet. False while
 * either read is loading or has failed: the warning never holds up or replaces the page.
 */
export function useUkRiskWarning(memberId: string): boolean {
  const profile = useInvestorProfile(memberId);
  const investments = useInvestments();
  if (profile.status !== 'ready' || investments.status !== 'ready') return false;
  return showsUkRiskWarning(profile.rows[0] ?? null, investments.rows);
}
