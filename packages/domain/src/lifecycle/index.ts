export * from './actions';
export * from './rules';
