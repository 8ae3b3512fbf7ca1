import { LEDGER_LINES_PAGE_SIZE, type LedgerLineRow, LedgerLineRowSchema } from '@vault/domain';
import * as v from 'valibot';
import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { callMemberAction } from '../_mutation/writeForMember';
import { type MemberRead, useMemberRead } from '../_query/memberRead';
import { type PagedList, useOperatorCall, usePagedList } from '../audit/pagedCall';

/** One page of the member's ledger lines after `after` (`my_ledger_lines`: newest first, keyset paged on seq). */
export async function readLedgerLines(
  store: SessionStore,
  after: LedgerLineRow | null,
  pageSize = LEDGER_LINES_PAGE_SIZE,
): Promise<CallResult<{ rows: readonly LedgerLineRow[] }>> {
  const answer = await callMemberAction(store, 'my_ledger_lines', { after: after?.seq ?? null, page_size: pageSize });
  if (!answer.ok) return answer;
  const parsed = v.safeParse(v.array(LedgerLineRowSchema), answer.value ?? []);
  return parsed.success
    ? { ok: true, rows: parsed.output }
    : { ok: false, error: 'The ledger answered lines this screen cannot read' };
}

/** /wallet's lines, paged on the server; `version` changes after a movement, to read them again. */
export function useLedgerLines(version: number): PagedList<LedgerLineRow> {
  return usePagedList(`ledger-lines#${version}`, LEDGER_LINES_PAGE_SIZE, (store, after) =>
    readLedgerLines(store, after),
  );
}

/** Every line, page after page, for the CSV export: the server's pages, never a client sum. */
async function readAllLedgerLines(store: SessionStore): Promise<CallResult<{ rows: readonly LedgerLineRow[] }>> {
  const rows: LedgerLineRow[] = [];
  for (;;) {
    const page = await readLedgerLines(store, rows.at(-1) ?? null, 200);
    if (!page.ok) return page;
    rows.push(...page.rows);
    if (page.rows.length < 200) return { ok: true, rows };
  }
}

export const useAllLedgerLines = () => useOperatorCall(readAllLedgerLines);

/** The newest page of lines, cached for the session: what the dashboard's income reads. */
const recentLedgerLinesRead: MemberRead<LedgerLineRow> = { fn: 'my_ledger_lines', schema: LedgerLineRowSchema };

export const useRecentLedgerLines = () => useMemberRead(recentLedgerLinesRead);
