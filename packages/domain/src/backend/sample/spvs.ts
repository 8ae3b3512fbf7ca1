import type { SpvKind } from '../../offerings/terms';

/** The sample SPVs, one of each kind; the seed makes each SPV role's demo account its administrator. */
export const sampleSpvIds = {
  equity: 'spv-equity',
  lending: 'spv-lending',
  production: 'spv-production',
} as const satisfies Record<SpvKind, string>;

export const spvs: { id: string; name: string; kind: SpvKind }[] = [
  { id: sampleSpvIds.equity, name: 'Vault Impact Equity SPV', kind: 'equity' },
  { id: sampleSpvIds.lending, name: 'Vault Community Lending SPV', kind: 'lending' },
  { id: sampleSpvIds.production, name: 'Vault Renewable Production SPV', kind: 'production' },
];

/**
 * Which SPV issues each sample opportunity: the ones financed by notes or loans the lending SPV,
 * the water kiosks that sell what they produce the production SPV, the stakes in projects the
 * equity SPV.
 */
const opportunitySpv: Partial<Record<string, string>> = {
  'offshore-wind-baltic': sampleSpvIds.lending,
  'social-housing-rotterdam': sampleSpvIds.lending,
  'schools-ghana': sampleSpvIds.lending,
  'edtech-vietnam': sampleSpvIds.lending,
  'clean-water-kenya': sampleSpvIds.production,
};

export function spvOfOpportunity(id: string): string {
  return opportunitySpv[id] ?? sampleSpvIds.equity;
}
