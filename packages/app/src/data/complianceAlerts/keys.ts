import type { QueryRef } from '../_query/queryRef';

/** Open compliance alerts. */
export const complianceAlertsQuery = { table: 'compliance_alerts' } as const satisfies QueryRef;
