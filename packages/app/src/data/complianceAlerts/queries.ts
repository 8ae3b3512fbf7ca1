import { useRead } from '../_query/queryRef';
import { complianceAlertsQuery } from './keys';

export const useComplianceAlerts = () => useRead(complianceAlertsQuery);
