export { MOCK_DB_KEY, mockDb, type ProfileRow } from './db';
export {
  handlers,
  profileHandlers,
  RETRY_HEADER,
  tableHandlers,
  walletHandlers,
} from './handlers';
export * from './scenario';
export { type SampleTableName, sampleTables } from './tables';
