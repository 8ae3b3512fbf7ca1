import { type DashboardKind, dashboardFor, type ScreenKey, type Session } from '@vault/domain';
import { prefetchReads, type QueryRef } from '../data/_query/queryRef';
import { agreementSignatureQuery } from '../data/agreement/keys';
import { documentsQuery } from '../data/documents/keys';
import { investmentsQuery } from '../data/investments/keys';
import { repaymentsQuery } from '../data/loans/keys';
import { opportunitiesQuery, opportunityDetailQuery, opportunityQuery } from '../data/opportunities/keys';
import { productionAssetsQuery } from '../data/productionAssets/keys';
import { clSpvDashboardReads } from './Dashboard/ClSpvDashboard.reads';
import { complianceDashboardReads } from './Dashboard/ComplianceDashboard.reads';
import { eqSpvDashboardReads } from './Dashboard/EqSpvDashboard.reads';
import { investorDashboardReads } from './Dashboard/InvestorDashboard.reads';
import { mfoAdminDashboardReads } from './Dashboard/MfoAdminDashboard.reads';
import { productionSpvDashboardReads } from './Dashboard/ProductionSpvDashboard.reads';

/**
 * Each role's dashboard, by what it declares it reads (screens/Dashboard/*Dashboard.reads.ts).
 * The bench loads this module by path to know which requests bring the dashboard's data.
 * @public
 */
export const dashboardReads: Record<Exclude<DashboardKind, 'signed-out' | 'unknown'>, readonly QueryRef[]> = {
  investor: investorDashboardReads,
  'mfo-admin': mfoAdminDashboardReads,
  'cl-spv': clSpvDashboardReads,
  'eq-spv': eqSpvDashboardReads,
  'production-spv': productionSpvDashboardReads,
  compliance: complianceDashboardReads,
};

type Reads = (params: Readonly<Record<string, string>>, session: Session) => readonly QueryRef[];

/**
 * What each screen reads on its first render, so the first-screen preload (boot/preloadFirstScreen.ts)
 * can start it with the screen's code. Screens not listed read no table on their first render;
 * firstScreenReads.test.ts holds this to the hooks each screen's code calls.
 */
const screenReads: Partial<Record<ScreenKey, Reads>> = {
  dashboard: (_params, session) => {
    const kind = dashboardFor(session);
    return kind === 'signed-out' || kind === 'unknown' ? [] : dashboardReads[kind];
  },
  // A signed-in member's signature of the current agreement; signed out, the form reads nothing.
  agreement: (_params, session) => (session.user ? [agreementSignatureQuery(session.user.id)] : []),
  opportunities: () => [opportunitiesQuery],
  // Both at once: the facts under the detail do not wait for the detail (OpportunityDetail).
  opportunityDetail: ({ id = '' }) => [opportunityDetailQuery(id), opportunityQuery(id)],
  // The offering's row too: the terms step quotes its typed fields.
  investmentFlow: ({ id = '' }) => [opportunityDetailQuery(id), opportunityQuery(id)],
  // The positions and the balance are the member's functions, read beside these.
  placements: () => [opportunitiesQuery, investmentsQuery],
  documents: () => [documentsQuery],
  // The consoles' lists come from their server functions; these are the tables beside them.
  loans: () => [repaymentsQuery],
  assets: () => [productionAssetsQuery],
};

/** The queries a screen starts with, for these route params and this session (firstScreenReads.test.ts). */
export function firstScreenReads(
  screen: ScreenKey,
  params: Readonly<Record<string, string>>,
  session: Session,
): readonly QueryRef[] {
  return screenReads[screen]?.(params, session) ?? [];
}

/** Starts a screen's first reads; the first-screen preload calls it once the screen's code is here. */
export function prefetchFirstScreenReads(
  screen: ScreenKey,
  params: Readonly<Record<string, string>>,
  session: Session,
): void {
  prefetchReads(firstScreenReads(screen, params, session));
}
