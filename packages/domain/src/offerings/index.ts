export * from './actions';
export * from './cases';
export * from './life';
export * from './terms';
export * from './quote';
