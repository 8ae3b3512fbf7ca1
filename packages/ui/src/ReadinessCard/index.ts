export { ReadinessCard, type ReadinessCardProps } from './ReadinessCard';
