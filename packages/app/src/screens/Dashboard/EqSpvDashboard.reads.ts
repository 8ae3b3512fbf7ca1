import { equityHoldingsQuery } from '../../data/equityHoldings/keys';

/**
 * What EqSpvDashboard reads on its first render, declared once: the first-screen preload
 * (screens/firstScreenReads.ts) and the bench start these, and reads.test.ts fails when the
 * component's data hooks and this list part ways.
 *
 * The subscriptions waiting come from a server function (`list_subscriptions`, keyed paging
 * through data/subscriptions), not a table query: like the consoles' lists (screens/
 * firstScreenReads.ts) they start with the component, so they are not in this list.
 */
export const eqSpvDashboardReads = [equityHoldingsQuery] as const;
