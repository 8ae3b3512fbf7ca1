import { useRead } from '../_query/queryRef';
import { documentsQuery } from './keys';

export const useDocuments = () => useRead(documentsQuery);
