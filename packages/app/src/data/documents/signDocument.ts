import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { callForMember, useMutation } from '../_mutation/writeForMember';
import { refreshQuery } from '../_query/cache';
import { documentsQuery } from './keys';

/**
 * Signs one of the member's pending documents (`sign_document`, docs/backend.md "Signatures"):
 * the server sets it 'Signed' and keeps the evidence. The documents are then read again, so the
 * status shown is the server's.
 */
async function signDocument(store: SessionStore, documentId: string): Promise<CallResult> {
  const answer = await callForMember(store, (backend) =>
    backend.callAction('sign_document', { document_id: documentId }),
  );
  if (!answer.ok) return answer;
  refreshQuery(documentsQuery.table);
  return { ok: true };
}

export const useSignDocument = () => useMutation(signDocument);
