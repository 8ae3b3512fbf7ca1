export { kycSessionHandlers, onrampSessionHandlers, walletHandlers } from './functions';

export { tableHandlers } from './rest';
export * from './scenario';

export { mockSettings } from './settings';
export {
  MOCK_DEMO_PASSWORD,
  mockAdminPair,
  mockDb,
  uuidForEmail,
} from './state';
export { sampleTables } from './tables';
