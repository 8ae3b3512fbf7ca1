import { currentAgreement, messages } from '@vault/domain';
import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { superseded, useMutation } from '../_mutation/writeForMember';
import { refreshQuery } from '../_query/cache';
import { agreementSignatureQuery } from './keys';

/**
 * Signs the current membership agreement (`sign_agreement`, docs/backend.md "Signatures") with the
 * version and hash of the text the screen shows (@vault/domain `currentAgreement`). A second
 * signature returns the first; the server refuses any other version or hash.
 */
async function signAgreement(store: SessionStore): Promise<CallResult> {
  const user = store.getState().session.user;
  if (!user) return { ok: false, error: messages.notAuthenticated };
  const loaded = await store.backend();
  if (!loaded.ok) return loaded;
  const answer = await loaded.backend.callAction('sign_agreement', {
    version: currentAgreement.version,
    document_sha256: currentAgreement.sha256,
  });
  if (store.getState().session.user?.id !== user.id) return superseded;
  if (!answer.ok) return answer;
  const query = agreementSignatureQuery(user.id);
  refreshQuery(query.table, query.eq);
  return { ok: true };
}

export const useSignAgreement = () => useMutation(signAgreement);
