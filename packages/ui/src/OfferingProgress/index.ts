export type { OfferingProgressProps } from './OfferingProgress';
export { OfferingProgress } from './OfferingProgress';
