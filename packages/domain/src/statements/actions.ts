import type { BackendError } from '../backend/errors';

/** The refusals of the statement functions (supabase/schemas/14_statements.sql), part of `actionErrors`. */
export const statementErrors = {
  noSuchStatement: { code: 'P0001', message: 'no such statement' },
  issueStatementsDenied: { code: '42501', message: 'only the service role may issue statements' },
} as const satisfies Record<string, BackendError>;

/** The statement functions, as backend/actions.ts declares every server action (it includes these). */
export const statementServerActions = [
  {
    name: 'issue_due_statements',
    args: ['as_of'],
    executableBy: ['service_role'],
    accepts: 'the service role',
    records: ['statement.issued'],
  },
  { name: 'my_statements', args: [], executableBy: ['authenticated'], accepts: 'the member', records: [] },
  {
    name: 'open_statement',
    args: ['statement_id'],
    executableBy: ['authenticated'],
    accepts: 'the member or ledger readers',
    records: ['statement.viewed'],
  },
] as const;
