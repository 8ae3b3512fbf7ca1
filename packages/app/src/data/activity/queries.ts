import { useRead } from '../_query/queryRef';
import { activityQuery } from './keys';

export const useActivity = () => useRead(activityQuery);
