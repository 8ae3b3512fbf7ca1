export {
  type AccessTokenSource,
  backend,
  configureBackend,
  createBackendClient,
  setAccessTokenSource,
  setBackendStarter,
} from './client';
export { type BackendConfig, isMockBackend, readBackendConfig } from './config';
export { profilePatchFromRow, profileRowFromUser } from './profileRow';
export { readProfile, upsertProfile } from './profiles';
export { messageOf, type Result } from './result';
export * from './schemas';
export { type LoadOptions, loadSampleTable, loadTable, MOCK_RETRY_HEADER, type TableResult } from './tables';
export { type TableState, useTable } from './useTable';
export { CREATE_WALLET_FUNCTION, type CreateWalletResult, createWallet } from './wallet';
