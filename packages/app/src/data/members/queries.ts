import { useRead } from '../_query/queryRef';
import { membersQuery } from './keys';

export const useMembers = () => useRead(membersQuery);
