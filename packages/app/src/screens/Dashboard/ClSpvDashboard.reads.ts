import { loansQuery, repaymentsQuery } from '../../data/loans/keys';

/**
 * What ClSpvDashboard reads on its first render, declared once: the first-screen preload
 * (screens/firstScreenReads.ts) and the bench start these, and reads.test.ts fails when the
 * component's data hooks and this list part ways.
 */
export const clSpvDashboardReads = [loansQuery, repaymentsQuery] as const;
