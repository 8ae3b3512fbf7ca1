export * from './actions';
export * from './cases';
export * from './life';
export * from './queues';
export * from './quote';
export * from './standing';
export * from './terms';
