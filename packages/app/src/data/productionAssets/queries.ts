import { useRead } from '../_query/queryRef';
import { productionAssetsQuery } from './keys';

export const useProductionAssets = () => useRead(productionAssetsQuery);
