export * from './accounts';
export * from './actionErrors';
export * from './actions';
export * from './agreement';
export * from './audit';
export * from './auditHash';
export * from './bankAccounts';
export * from './consoles';
export * from './errors';
export * from './fees';
export * from './kyc';
export * from './ledger';
export * from './payments';
export * from './rpc';
export {
  sampleCollectionAccount,
  sampleData,
  sampleLoanSchedule,
  sampleMemberRows,
  sampleSharedRows,
  sampleSpvs,
} from './sample';
export * from './schedule';
export * from './signatures';
export * from './tables';
