import {
  actionErrors,
  currentAgreement,
  documentSha256,
  sampleMemberRows,
  validAgreementArgs,
  validDocumentId,
} from '@vault/domain';
import { mockDb, type ServerRow } from '../state';
import { appendAudit } from './audit';
import type { ActionAnswer, ActionCaller, MockActions } from './types';

/**
 * `sign_agreement` and `sign_document` of supabase/schemas/07_signatures.sql: the current agreement,
 * the document hash and the errors come from @vault/domain. The evidence lives in the server rows
 * `agreement_signatures` and `document_signatures`; a document's 'Signed' status is read from
 * its evidence (`documentRowsOf`), never stored a second time.
 */

const AGREEMENT_SIGNATURES = 'agreement_signatures';
const DOCUMENT_SIGNATURES = 'document_signatures';

/** A member's copy of the sample documents, each 'Signed' once its evidence exists. */
export function documentRowsOf(memberId: string): ServerRow[] {
  const signed = new Set(
    mockDb
      .serverRows(DOCUMENT_SIGNATURES)
      .filter((s) => s.member_id === memberId)
      .map((s) => s.document_id),
  );
  return sampleMemberRows.documents.map((doc) => ({
    ...doc,
    user_id: memberId,
    ...(signed.has(doc.id) ? { status: 'Signed' } : {}),
  }));
}

function memberOf(caller: ActionCaller, fn: string): { id: string } | ActionAnswer {
  // anon and the service role hold no EXECUTE grant on either function.
  if (caller.kind !== 'member') return { ok: false, error: actionErrors.functionDenied(fn) };
  return { id: caller.id };
}

export const signatureActions: MockActions = {
  sign_agreement: (caller, args) => {
    const me = memberOf(caller, 'sign_agreement');
    if ('ok' in me) return me;
    const { version, document_sha256: hash } = args;
    if (!validAgreementArgs(version, hash)) return { ok: false, error: actionErrors.agreementArgs };
    if (version !== currentAgreement.version || hash !== currentAgreement.sha256) {
      return { ok: false, error: actionErrors.notCurrentAgreement };
    }
    const made = mockDb.withServerRows(AGREEMENT_SIGNATURES, (rows) => {
      const first = rows.find((s) => s.member_id === me.id && s.version === version);
      if (first) return { row: { ...first }, isNew: false };
      const row: ServerRow = {
        id: crypto.randomUUID(),
        member_id: me.id,
        version,
        document_sha256: hash,
        signed_at: new Date().toISOString(),
      };
      rows.push(row);
      return { row: { ...row }, isNew: true };
    });
    if (made.isNew) {
      appendAudit(caller, {
        action: 'agreement.signed',
        memberId: me.id,
        subjectType: 'agreement',
        subjectId: version,
        details: { document_sha256: hash, signature_id: String(made.row.id) },
      });
    }
    return { ok: true, value: made.row as Record<string, string> };
  },

  sign_document: (caller, args) => {
    const me = memberOf(caller, 'sign_document');
    if ('ok' in me) return me;
    const documentId = args.document_id;
    if (!validDocumentId(documentId)) return { ok: false, error: actionErrors.documentIdRequired };
    const doc = documentRowsOf(me.id).find((d) => d.id === documentId);
    // Another member's document answers the same: its existence is not the caller's to learn.
    if (!doc) return { ok: false, error: actionErrors.noSuchDocument };
    const email = mockDb.accountById(me.id)?.email ?? '';
    const made = mockDb.withServerRows(DOCUMENT_SIGNATURES, (rows) => {
      const first = rows.find((s) => s.member_id === me.id && s.document_id === documentId);
      if (first) return { row: { ...first }, isNew: false } as const;
      if (doc.status !== 'Pending') return null;
      const row: ServerRow = {
        id: crypto.randomUUID(),
        member_id: me.id,
        document_id: documentId,
        document_sha256: documentSha256({
          user_id: me.id,
          id: documentId,
          name: String(doc.name),
          type: typeof doc.type === 'string' ? doc.type : undefined,
          date: typeof doc.date === 'string' ? doc.date : undefined,
        }),
        signer_email: email,
        signed_at: new Date().toISOString(),
      };
      rows.push(row);
      return { row: { ...row }, isNew: true } as const;
    });
    if (!made) return { ok: false, error: actionErrors.documentNotPending };
    if (made.isNew) {
      appendAudit(caller, {
        action: 'document.signed',
        memberId: me.id,
        subjectType: 'document',
        subjectId: documentId,
        details: { document_sha256: String(made.row.document_sha256), signature_id: String(made.row.id) },
      });
    }
    return { ok: true, value: made.row as Record<string, string> };
  },
};
