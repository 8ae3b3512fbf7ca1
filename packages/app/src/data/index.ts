export { prefetch } from './cache';
export { prefetchScreen } from './queries';
