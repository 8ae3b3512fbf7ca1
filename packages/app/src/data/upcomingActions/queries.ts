import { useRead } from '../_query/queryRef';
import { upcomingActionsQuery } from './keys';

export const useUpcomingActions = () => useRead(upcomingActionsQuery);
