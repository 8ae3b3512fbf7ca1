export type { ComingSoonAction, ComingSoonProps } from './ComingSoon';
export { ComingSoon } from './ComingSoon';
