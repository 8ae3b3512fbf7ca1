import { activityQuery } from '../../data/activity/keys';
import { complianceAlertsQuery } from '../../data/complianceAlerts/keys';
import { equityHoldingsQuery } from '../../data/equityHoldings/keys';
import { loansQuery } from '../../data/loans/keys';
import { productionAssetsQuery } from '../../data/productionAssets/keys';

/**
 * What MfoAdminDashboard reads on its first render (besides its member count, a `list_members`
 * call: data/members/members.ts), declared once: the first-screen preload
 * (screens/firstScreenReads.ts) and the bench start these, and reads.test.ts fails when the
 * component's data hooks and this list part ways.
 */
export const mfoAdminDashboardReads = [
  complianceAlertsQuery,
  activityQuery,
  loansQuery,
  equityHoldingsQuery,
  productionAssetsQuery,
] as const;
