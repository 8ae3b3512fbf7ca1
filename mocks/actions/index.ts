import { auditActions } from './audit';
import { consoleActions } from './consoles';
import { eligibilityActions } from './eligibility';
import { investmentActions } from './investments';
import { kycActions } from './kyc';
import { paymentActions } from './payments';
import { signatureActions } from './signatures';
import type { MockActions } from './types';

/**
 * The server actions of the embedded backend (`POST /rest/v1/rpc/<name>`), one file per area,
 * each taking its rules from @vault/domain (docs/adding-a-server-action.md). mocks/rest.ts
 * dispatches here; a name missing here and from the demo functions answers PGRST202.
 */
export const mockActions: MockActions = {
  ...auditActions,
  ...signatureActions,
  ...kycActions,
  ...paymentActions,
  ...eligibilityActions,
  ...investmentActions,
  ...consoleActions,
};

export { complianceAlertRows, productionAssetRows } from './consoles';
export { investmentRowsOf } from './investments';
export { documentRowsOf } from './signatures';
export type { MockAction, MockActions } from './types';
