export { MOCK_DB_KEY, mockDb, type ProfileRow } from './db';
export {
  FIRST_LOAD_MS,
  handlers,
  profileHandlers,
  RETRY_HEADER,
  RETRY_LOAD_MS,
  tableHandlers,
  walletHandlers,
} from './handlers';
export * from './scenario';
export { type SampleTableName, sampleTables } from './tables';
