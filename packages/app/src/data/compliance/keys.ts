import type { QueryRef } from '../_query/queryRef';

/** Open compliance alerts. */
export const complianceAlertsQuery = { table: 'compliance_alerts' } as const satisfies QueryRef;

/** The audit log as compliance reads it. */
export const auditLogsQuery = { table: 'audit_logs' } as const satisfies QueryRef;
