import type { QueryRef } from '../_query/queryRef';

/** The platform's recent activity (the MFO admin's dashboard). */
export const activityQuery = { table: 'activity' } as const satisfies QueryRef;
