import type { QueryRef } from '../_query/queryRef';

/** The member's documents. */
export const documentsQuery = { table: 'documents' } as const satisfies QueryRef;
