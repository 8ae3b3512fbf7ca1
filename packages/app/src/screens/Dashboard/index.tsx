import { dashboardFor, messages } from '@vault/domain';
import { useSession } from '../../session/SessionProvider';
import { ClSpvDashboard } from './ClSpvDashboard';
import { ComplianceDashboard } from './ComplianceDashboard';
import { DashboardMessage } from './DashboardMessage';
import { EqSpvDashboard } from './EqSpvDashboard';
import { InvestorDashboard } from './InvestorDashboard';
import { MfoAdminDashboard } from './MfoAdminDashboard';
import { ProductionSpvDashboard } from './ProductionSpvDashboard';

/** /dashboard: the view of the signed-in role (docs/product.md §2 'Dashboards by role'), chosen by the domain. */
export default function DashboardScreen() {
  const { session, loading } = useSession();
  if (loading) return <DashboardMessage message={messages.loading} busy />;
  const kind = dashboardFor(session);
  const { user } = session;
  if (kind === 'signed-out' || !user) return <DashboardMessage message={messages.notAuthenticated} />;
  switch (kind) {
    case 'mfo-admin':
      return <MfoAdminDashboard session={session} />;
    case 'investor':
      return <InvestorDashboard session={session} user={user} />;
    case 'cl-spv':
      return <ClSpvDashboard />;
    case 'eq-spv':
      return <EqSpvDashboard />;
    case 'production-spv':
      return <ProductionSpvDashboard />;
    case 'compliance':
      return <ComplianceDashboard />;
    case 'unknown':
      return <DashboardMessage message={messages.unknownRole} />;
  }
}
