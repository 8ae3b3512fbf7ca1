import type { QueryRef } from '../_query/queryRef';

/** The production SPV's assets. */
export const productionAssetsQuery = { table: 'production_assets' } as const satisfies QueryRef;
