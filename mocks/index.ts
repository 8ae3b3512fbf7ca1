export { walletHandlers } from './functions';

export { RETRY_HEADER, tableHandlers } from './rest';
export * from './scenario';

export { mockSettings } from './settings';
export {
  mockAdminPair,
  mockDb,
  uuidForEmail,
} from './state';
export { sampleTables } from './tables';
