import type { QueryRef } from '../_query/queryRef';

/** The member's notifications. */
export const notificationsQuery = { table: 'notifications' } as const satisfies QueryRef;
