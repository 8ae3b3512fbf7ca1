import type { Session } from '@vault/domain';
import { mockDb } from '../../../../mocks';

/**
 * Stories that sign start from a member who has signed nothing: the embedded backend keeps its
 * rows across stories (localStorage), so this removes the member's signature evidence first.
 */
export function forgetSignaturesOf(session: Session | undefined): void {
  const memberId = session?.user?.id;
  if (!memberId) return;
  for (const table of ['agreement_signatures', 'document_signatures']) {
    mockDb.withServerRows(table, (rows) => {
      const kept = rows.filter((row) => row.member_id !== memberId);
      rows.splice(0, rows.length, ...kept);
    });
  }
}

/** The signature evidence a member who signed earlier has, as the server actions write it. */
export function seedSignature(
  table: 'agreement_signatures' | 'document_signatures',
  row: Record<string, string>,
): void {
  mockDb.insertServerRow(table, { id: crypto.randomUUID(), document_sha256: 'a'.repeat(64), ...row });
}
