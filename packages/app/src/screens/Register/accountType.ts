/** The registration entries of the landing page (docs/product.md §2), read from `?type=`. */
export const accountTypes = {
  individual: 'Individual',
  professional: 'Professional/Corporate',
} as const;
export type AccountType = keyof typeof accountTypes;

/** `?type=individual|professional`; anything else (or nothing) is no choice yet. */
export function accountTypeFrom(value: string | null): AccountType | null {
  return value === 'individual' || value === 'professional' ? value : null;
}
