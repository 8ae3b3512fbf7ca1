import type { assetStatusChoices } from '@vault/domain';
import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { useMutation } from '../_mutation/writeForMember';
import { refreshQuery } from '../_query/cache';
import { callForOperator } from '../audit/pagedCall';
import { productionAssetsQuery } from './keys';

export type AssetStatusChoice = (typeof assetStatusChoices)[number];

/**
 * A production asset's new status with the operator's note (`set_asset_status`; the asset's id
 * is its name). The server checks the caller, the status and the note, and records the change.
 */
async function setAssetStatus(
  store: SessionStore,
  assetName: string,
  status: AssetStatusChoice,
  note: string,
): Promise<CallResult> {
  const answer = await callForOperator(store, 'set_asset_status', {
    asset_id: assetName,
    status,
    note: note.trim(),
  });
  if (!answer.ok) return answer;
  // The inventory (and the dashboard's list) read the table the function wrote.
  refreshQuery(productionAssetsQuery.table);
  return { ok: true };
}

export const useSetAssetStatus = () => useMutation(setAssetStatus);
