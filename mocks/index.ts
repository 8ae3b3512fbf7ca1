export { kycSessionHandlers, onrampSessionHandlers, walletHandlers } from './functions';

export { tableHandlers } from './rest';
export * from './scenario';

export { mockDb } from './state';
export { sampleTables } from './tables';
