import { useRead } from '../_query/queryRef';
import { opportunitiesQuery, opportunityDetailQuery, opportunityQuery } from './keys';

export const useOpportunities = () => useRead(opportunitiesQuery);
export const useOpportunity = (id: string) => useRead(opportunityQuery(id));
export const useOpportunityDetail = (id: string) => useRead(opportunityDetailQuery(id));
