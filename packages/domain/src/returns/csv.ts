import { centsCsv, type Portfolio, type PortfolioCsvLine, portfolioCsvLines } from '../portfolio';
import type { Returns } from './history';

/** One line of /placements' CSV export: the portfolio's line and, for a position, its income received. */
export interface PlacementsCsvLine extends PortfolioCsvLine {
  /** Distributions received, net of withholding, as plain euros; empty for a pending subscription. */
  income: string;
}

/**
 * The portfolio's CSV lines with each position's income received: the figure its row on
 * /placements shows (`portfolioHistory`'s `incomeCents`, 0 for a position without history), in
 * the CSV's money format. `portfolioCsvLines` lists the positions first, in the portfolio's order.
 */
export function placementsCsvLines(
  portfolio: Portfolio,
  returns: ReadonlyMap<string, Pick<Returns, 'incomeCents'>>,
): PlacementsCsvLine[] {
  return portfolioCsvLines(portfolio).map((line, index) => {
    const position = line.kind === 'Position' ? portfolio.positions[index] : undefined;
    return {
      ...line,
      income: position ? centsCsv(returns.get(position.opportunityId)?.incomeCents ?? 0) : '',
    };
  });
}
