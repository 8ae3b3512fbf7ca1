import { type OpenedStatement, OpenedStatementSchema, type StatementRow, StatementRowSchema } from '@vault/domain';
import { useCallback, useEffect, useState } from 'react';
import * as v from 'valibot';
import type { CallResult } from '../../backend/callResult';
import { useSessionStore } from '../../session/context';
import type { SessionStore } from '../../session/store';
import type { QueryState } from '../_query/cache';
import type { Query } from '../_query/queryRef';
import { callForOperator } from '../audit/pagedCall';

/** The caller's statements (`my_statements()`, docs/statements.md), newest period first. */
async function readStatements(store: SessionStore): Promise<CallResult<{ rows: StatementRow[] }>> {
  const answer = await callForOperator(store, 'my_statements', {});
  if (!answer.ok) return answer;
  const parsed = v.safeParse(v.array(StatementRowSchema), answer.value ?? []);
  return parsed.success
    ? { ok: true, rows: parsed.output }
    : { ok: false, error: 'The statements answered rows this screen cannot read' };
}

/** The statements as screen state, with Retry, in the shape TableData takes. */
export function useStatements(): Query<StatementRow> {
  const store = useSessionStore();
  const [generation, setGeneration] = useState(0);
  const [state, setState] = useState<QueryState<StatementRow>>({
    status: 'loading',
    rows: null,
    error: null,
  });
  useEffect(() => {
    let current = true;
    // The generation is the effect's key: Retry reads again.
    void generation;
    setState({ status: 'loading', rows: null, error: null });
    void readStatements(store).then((answer) => {
      if (!current) return;
      setState(
        answer.ok
          ? { status: 'ready', rows: answer.rows, error: null }
          : { status: 'error', rows: null, error: answer.error },
      );
    });
    return () => {
      current = false;
    };
  }, [store, generation]);
  const retry = useCallback(() => setGeneration((g) => g + 1), []);
  return { ...state, retry };
}

/**
 * Opens one statement (`open_statement`): the server records statement.viewed and answers its
 * content and CSV, from which the screen, the PDF and the CSV download are made.
 */
export async function openStatement(
  store: SessionStore,
  statementId: string,
): Promise<CallResult<{ statement: OpenedStatement }>> {
  const answer = await callForOperator(store, 'open_statement', { statement_id: statementId });
  if (!answer.ok) return answer;
  const parsed = v.safeParse(OpenedStatementSchema, answer.value);
  return parsed.success
    ? { ok: true, statement: parsed.output }
    : { ok: false, error: 'The statement answered content this screen cannot read' };
}
