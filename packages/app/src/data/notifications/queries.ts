import { useRead } from '../_query/queryRef';
import { notificationsQuery } from './keys';

export const useNotifications = () => useRead(notificationsQuery);
