import type { QueryRef } from '../_query/queryRef';

/** The members an administrator may see. */
export const membersQuery = { table: 'members' } as const satisfies QueryRef;
