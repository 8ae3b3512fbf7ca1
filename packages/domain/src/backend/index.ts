export * from './accounts';
export * from './conformance';
export * from './errors';
export * from './rpc';
export { sampleData, sampleMemberRows, sampleSharedRows } from './sample';
export * from './tables';
