export type { OpportunityCardProps } from './OpportunityCard';
export { OpportunityCard } from './OpportunityCard';
