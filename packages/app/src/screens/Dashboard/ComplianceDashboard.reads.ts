import { complianceAlertsQuery } from '../../data/complianceAlerts/keys';

/**
 * What ComplianceDashboard reads on its first render, declared once: the first-screen preload
 * (screens/firstScreenReads.ts) and the bench start these, and reads.test.ts fails when the
 * component's data hooks and this list part ways.
 * The audit list reads the trail through `list_audit_events` (data/audit/), not a table read.
 */
export const complianceDashboardReads = [complianceAlertsQuery] as const;
