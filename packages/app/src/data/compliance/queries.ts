import { useRead } from '../_query/queryRef';
import { auditLogsQuery, complianceAlertsQuery } from './keys';

export const useComplianceAlerts = () => useRead(complianceAlertsQuery);
export const useAuditLogs = () => useRead(auditLogsQuery);
