import type { QueryRef } from '../_query/queryRef';

/** What the member has to do next (the dashboard's list). */
export const upcomingActionsQuery = { table: 'upcoming_actions' } as const satisfies QueryRef;
