export type { LoadingSkeletonProps, LoadingSkeletonVariant } from './LoadingSkeleton';
export { LoadingSkeleton } from './LoadingSkeleton';
