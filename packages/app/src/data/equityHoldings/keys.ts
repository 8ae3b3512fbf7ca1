import type { QueryRef } from '../_query/queryRef';

/** The equity SPV's holdings. */
export const equityHoldingsQuery = { table: 'equity_holdings' } as const satisfies QueryRef;
