import { useRead } from '../_query/queryRef';
import { equityHoldingsQuery } from './keys';

export const useEquityHoldings = () => useRead(equityHoldingsQuery);
