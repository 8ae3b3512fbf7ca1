import * as v from 'valibot';
import type { VaultDocument } from '../entities';
import { jsonbText, sha256Hex } from './auditHash';

/**
 * The evidence of a signature (07_signatures.sql): the rows `sign_agreement` and
 * `sign_document` write, and the SHA-256 a document signature records. Both backends compute it
 * from here or from `public.document_sha256`, proven equal in supabase/tests/signatures.test.ts.
 */

const Sha256Schema = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/));

/** One row of `public.agreement_signatures`: who signed which agreement version, when. */
export const AgreementSignatureRowSchema = v.object({
  id: v.pipe(v.string(), v.uuid()),
  member_id: v.pipe(v.string(), v.uuid()),
  version: v.string(),
  document_sha256: Sha256Schema,
  signed_at: v.string(),
});

/** One row of `public.document_signatures`: the evidence of a signed document. */
export const DocumentSignatureRowSchema = v.object({
  id: v.pipe(v.string(), v.uuid()),
  member_id: v.pipe(v.string(), v.uuid()),
  document_id: v.string(),
  document_sha256: Sha256Schema,
  signer_email: v.string(),
  signed_at: v.string(),
});

/** A member's copy of a document, as `public.documents` holds it (type and date default to ''). */
export type DocumentRow = Pick<VaultDocument, 'name' | 'type' | 'date'> & { id: string; user_id: string };

/**
 * The SHA-256 a document signature records, as `public.document_sha256(doc)` computes it: the
 * jsonb text of `{user_id, id, name, type, date}` in UTF-8. The status is left out: signing
 * changes it.
 */
export function documentSha256(doc: DocumentRow): string {
  return sha256Hex(
    jsonbText({ user_id: doc.user_id, id: doc.id, name: doc.name, type: doc.type ?? '', date: doc.date ?? '' }),
  );
}
