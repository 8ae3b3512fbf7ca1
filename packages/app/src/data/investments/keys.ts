import type { QueryRef } from '../_query/queryRef';

/** The member's investments. */
export const investmentsQuery = { table: 'investments' } as const satisfies QueryRef;
