import { execMsSql, ledgerTimingSql } from './ledger';

/**
 * The statements' part of `npm run bench:db` (docs/statements.md): a quarterly statement (its
 * content, CSV and SHA-256, as issue_due_statements makes them) for a member with
 * STATEMENT_LINES ledger lines in the quarter, against an indexed range read of those lines.
 * The fill writes the lines directly, spread over 2025's third quarter, with running balances.
 */

export const STATEMENT_LINES = Number(process.env.STATEMENT_BENCH_LINES ?? 10_000);
export const STATEMENT_RATIO_GOAL = 2;

/** Fills the member's lines; answers one row: their cash account. */
export function statementFillSql(member: string): string {
  // bench.exec_ms again: BENCH_ONLY=statements runs without the ledger's fill, which makes it.
  return `${execMsSql}
insert into public.ledger_transfers (id, flags, debit_account_id, credit_account_id, currency, amount_cents, kind,
  subject_type, subject_id, member_id, description, linked_id, audit_event_id, debit_balance_after, credit_balance_after,
  created_at)
select g.id, 'posted', c.clearing, c.cash, 'EUR', 100, 'deposit', 'bench', i::text, '${member}',
       'Bench deposit ' || i, g.id, -20000000 - i, -i * 100, i * 100,
       timestamptz '2025-07-01 00:00:00+00' + (i * interval '1 second') * (7776000 / ${STATEMENT_LINES + 1})
from generate_series(1, ${STATEMENT_LINES}) i
cross join lateral (select md5('bench-statement-' || i)::uuid as id) g
cross join (select public.ledger_account('provider_clearing', 'EUR') as clearing,
                   public.ledger_account('member_cash', 'EUR', '${member}') as cash) c;
-- The balances these lines add, so the ledger's invariants still hold for the parts that follow.
update public.ledger_accounts a
  set debits_posted = a.debits_posted + case when a.kind = 'provider_clearing' then ${STATEMENT_LINES * 100} else 0 end,
      credits_posted = a.credits_posted + case when a.kind = 'member_cash' then ${STATEMENT_LINES * 100} else 0 end
  where a.id in (public.ledger_account('provider_clearing', 'EUR'), public.ledger_account('member_cash', 'EUR', '${member}'));
analyze public.ledger_transfers;
select public.ledger_account('member_cash', 'EUR', '${member}');`;
}

export function statementTiming(member: string, cash: string) {
  return {
    label: `a quarterly statement at ${STATEMENT_LINES.toLocaleString('en')} lines (vs an indexed range read of them)`,
    call: `select public.statement_sha256(c), length(public.statement_csv(c))
      from public.statement_content('${member}', 'quarterly_assets', '2025-07-01', '2025-09-30') c`,
    reference: `select * from public.ledger_transfers
      where credit_account_id = ${cash} and created_at >= '2025-07-01' and created_at < '2025-10-01'
      order by created_at`,
    as: 'owner' as const,
  };
}

export function statementTimingSql(member: string, cash: string, side: 'call' | 'reference'): string {
  return ledgerTimingSql(statementTiming(member, cash), side);
}
