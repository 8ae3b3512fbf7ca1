import { useRead } from '../_query/queryRef';
import { loansQuery, repaymentsQuery } from './keys';

export const useLoans = () => useRead(loansQuery);
export const useRepayments = () => useRead(repaymentsQuery);
