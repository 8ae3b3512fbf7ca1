import type { QueryRef } from '../_query/queryRef';

/** Every open opportunity. */
export const opportunitiesQuery = { table: 'opportunities' } as const satisfies QueryRef;

/** One opportunity of the list; answered from the list's rows when they are here. */
export const opportunityQuery = (id: string) => ({ table: 'opportunities', eq: { id } }) as const satisfies QueryRef;

/** One opportunity's detail. The detail and the investment flow share it: going from one to the other fetches nothing. */
export const opportunityDetailQuery = (id: string) =>
  ({ table: 'opportunity_details', eq: { id } }) as const satisfies QueryRef;
