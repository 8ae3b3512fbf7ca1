export { authHandlers, sessionFor, userJson } from './auth';
export { functionHandlers, walletHandlers } from './functions';
export { handlers } from './handlers';
export { type Caller, identify } from './identity';
export { MOCK_JWT_SECRET, signJwt, verifyJwt } from './jwt';
export { RETRY_HEADER, restHandlers, tableHandlers } from './rest';
export * from './scenario';
export { seedSignedInMember } from './seed';
export { mockSettings } from './settings';
export {
  configureMockAdminPair,
  MOCK_DB_KEY,
  type MockAccount,
  type MockProfile,
  mockAdminPair,
  mockDb,
  uuidForEmail,
} from './state';
export { type SampleTableName, sampleTables } from './tables';
