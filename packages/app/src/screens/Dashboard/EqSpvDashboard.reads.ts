import { equityHoldingsQuery } from '../../data/equityHoldings/keys';

/**
 * What EqSpvDashboard reads on its first render, declared once: the first-screen preload
 * (screens/firstScreenReads.ts) and the bench start these, and reads.test.ts fails when the
 * component's data hooks and this list part ways.
 */
export const eqSpvDashboardReads = [equityHoldingsQuery] as const;
