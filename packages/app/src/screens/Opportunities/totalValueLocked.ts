/**
 * The total value locked shown above the list: docs/product.md §9 calls it a fixed figure, and no domain
 * constant holds it yet, so the sample figure lives here (in integer cents) until one does.
 */
export const TOTAL_VALUE_LOCKED_CENTS = 4_826_500_000;
