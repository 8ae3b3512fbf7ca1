export {
  backend,
  configureBackend,
  createBackendClient,
  setAuthStorage,
  setBackendStarter,
} from './client';
export { type BackendConfig, isMockBackend, readBackendConfig } from './config';
export { profilePatchFromRow, readProfileRow } from './profileRow';
export { messageOf, type Result } from './result';
export * from './schemas';
export { appSessionBackend, createSessionBackend } from './sessionBackend';
export { type LoadOptions, loadSampleTable, loadTable, MOCK_RETRY_HEADER, type TableResult } from './tables';
export { TimeoutError, withTimeout } from './timeout';
export { CREATE_WALLET_FUNCTION, type CreateWalletResult, createWallet, IDEMPOTENCY_HEADER } from './wallet';
