import * as v from 'valibot';

/**
 * Router state of a visit from the portfolio (docs/product.md §2): from='portfolio' and an optional capital in euros.
 */
const FromPortfolioSchema = v.object({
  from: v.literal('portfolio'),
  capital: v.optional(v.pipe(v.number(), v.finite(), v.minValue(0))),
});

export type FromPortfolio = v.InferOutput<typeof FromPortfolioSchema>;

/** The portfolio state, or null for any other (or malformed) router state. */
export function readFromPortfolio(state: unknown): FromPortfolio | null {
  const parsed = v.safeParse(FromPortfolioSchema, state);
  return parsed.success ? parsed.output : null;
}
