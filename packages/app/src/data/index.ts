export { type Eq, prefetch, type QueryState, setQueryScope } from './cache';
export * from './queries';
export { type Query, useQuery } from './useQuery';
