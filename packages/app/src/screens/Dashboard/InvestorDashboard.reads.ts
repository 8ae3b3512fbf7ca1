import { investmentsQuery } from '../../data/investments/keys';
import { notificationsQuery } from '../../data/notifications/keys';
import { opportunitiesQuery } from '../../data/opportunities/keys';
import { upcomingActionsQuery } from '../../data/upcomingActions/keys';

/**
 * What InvestorDashboard reads on its first render, declared once: the first-screen preload
 * (screens/firstScreenReads.ts) and the bench start these, and reads.test.ts fails when the
 * component's data hooks and this list part ways.
 */
export const investorDashboardReads = [
  investmentsQuery,
  notificationsQuery,
  upcomingActionsQuery,
  opportunitiesQuery,
] as const;
