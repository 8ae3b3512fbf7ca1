export type { OpportunityCardProps } from './OpportunityCard';
export { OpportunityCard, opportunityHref } from './OpportunityCard';
