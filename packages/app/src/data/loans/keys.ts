import type { QueryRef } from '../_query/queryRef';

/** The credit SPV's loans. */
export const loansQuery = { table: 'loans' } as const satisfies QueryRef;

/** The loans' repayments. */
export const repaymentsQuery = { table: 'repayments' } as const satisfies QueryRef;
