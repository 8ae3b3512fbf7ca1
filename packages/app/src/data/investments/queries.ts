import { useRead } from '../_query/queryRef';
import { investmentsQuery } from './keys';

export const useInvestments = () => useRead(investmentsQuery);
