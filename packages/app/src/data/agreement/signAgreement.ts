import { currentAgreement } from '@vault/domain';
import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { callForMember, useMutation } from '../_mutation/writeForMember';
import { refreshQuery } from '../_query/cache';
import { agreementSignatureQuery } from './keys';

/**
 * Signs the current membership agreement (`sign_agreement`, docs/backend.md "Signatures") with the
 * version and hash of the text the screen shows (@vault/domain `currentAgreement`). A second
 * signature returns the first; the server refuses any other version or hash.
 */
async function signAgreement(store: SessionStore): Promise<CallResult> {
  const answer = await callForMember(store, (backend) =>
    backend.callAction('sign_agreement', {
      version: currentAgreement.version,
      document_sha256: currentAgreement.sha256,
    }),
  );
  if (!answer.ok) return answer;
  const query = agreementSignatureQuery(answer.user.id);
  refreshQuery(query.table, query.eq);
  return { ok: true };
}

export const useSignAgreement = () => useMutation(signAgreement);
