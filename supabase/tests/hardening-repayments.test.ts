import type { PGlite } from '@electric-sql/pglite';
import { actionErrors } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { become, type CallerName, type Callers, callerNames, createCallers, runSampleSpv, whoIs } from './actors';
import { type Account, asActor, createUser, seededDb, tryQuery } from './db';

/**
 * Repayments (docs/security.md "Rules the server holds", L1): each carries the lender's reference,
 * unique per loan; its date is within the loan's life; its amount is at most what is outstanding.
 */

let db: PGlite;
let callers: Callers;
let lender: Account;

beforeAll(async () => {
  db = await seededDb();
  callers = await createCallers(db);
  lender = await createUser(db, { role: 'cl_spv_admin' });
  // An SPV's administrators record repayments on their own SPV's loans only.
  await runSampleSpv(db, lender);
});

afterAll(async () => {
  await db?.close();
});

const record = 'select id, reference from public.record_repayment($1, $2, $3, $4)';
// The seed's LN-2025-017: €480,000, its first instalment due 2025-04-10.
const loan = 'LN-2025-017';

describe('record_repayment', () => {
  it('keeps two repayments of the same amount on the same day apart by their references', async () => {
    await asActor(db, lender, async (tx) => {
      const a = await tx.query<{ id: number }>(record, [loan, 2_400_000, '2025-04-10', 'BANK-001']);
      const b = await tx.query<{ id: number }>(record, [loan, 2_400_000, '2025-04-10', 'BANK-002']);
      expect(a.rows[0]?.id).not.toBe(b.rows[0]?.id);
      // A retry with the same reference and the same content finds the first.
      const again = await tx.query<{ id: number }>(record, [loan, 2_400_000, '2025-04-10', 'BANK-001']);
      expect(again.rows[0]?.id).toBe(a.rows[0]?.id);
      // The same reference for another amount or day is refused.
      expect(await tryQuery(tx, record, [loan, 100, '2025-04-10', 'BANK-001'])).toMatchObject({
        ok: false,
        ...actionErrors.repaymentReferenceReused,
      });
      await tx.exec('reset role');
      const { rows } = await tx.query<{ n: number }>(
        `select count(*)::int as n from public.audit_events where action = 'repayment.recorded'`,
      );
      expect(rows).toEqual([{ n: 2 }]);
    });
  });

  it('refuses a date before the loan’s life, an amount over what is outstanding, and no reference', async () => {
    await asActor(db, lender, async (tx) => {
      expect(await tryQuery(tx, record, [loan, 100, '1900-01-01', 'OLD'])).toMatchObject({
        ok: false,
        ...actionErrors.repaymentOutsideLoanLife,
      });
      expect(await tryQuery(tx, record, [loan, 1_000_000_000_000_000, '2025-05-01', 'HUGE'])).toMatchObject({
        ok: false,
        ...actionErrors.repaymentOverOutstanding,
      });
      await tx.query(record, [loan, 47_000_000, '2025-05-01', 'MOST']);
      expect(await tryQuery(tx, record, [loan, 1_000_001, '2025-05-02', 'REST+1'])).toMatchObject({
        ok: false,
        ...actionErrors.repaymentOverOutstanding,
      });
      expect(await tryQuery(tx, record, [loan, 1_000_000, '2025-05-02', 'REST'])).toMatchObject({ ok: true });
      for (const reference of [null, ' ', 'r'.repeat(101)]) {
        expect(await tryQuery(tx, record, [loan, 1, '2025-05-02', reference])).toMatchObject({
          ok: false,
          ...actionErrors.repaymentReferenceRequired,
        });
      }
    });
  });

  it('takes the loan’s own start date where it is known', async () => {
    await asActor(db, lender, async (tx) => {
      await tx.exec('reset role');
      await tx.query(`update public.loans set starts_on = '2025-03-01' where id = $1`, [loan]);
      await become(tx, lender);
      expect(await tryQuery(tx, record, [loan, 100, '2025-02-28', 'EARLY'])).toMatchObject({
        ok: false,
        ...actionErrors.repaymentOutsideLoanLife,
      });
      expect(await tryQuery(tx, record, [loan, 100, '2025-03-01', 'FIRST-DAY'])).toMatchObject({ ok: true });
    });
  });

  it.each(callerNames)('as %s', async (name: CallerName) => {
    const result = await asActor(db, whoIs(callers, name), (tx) =>
      tryQuery(tx, record, [loan, 100, '2025-05-01', `ROLE-${name}`]),
    );
    if (name === 'adminFlag') expect(result).toMatchObject({ ok: true });
    else if (name === 'anon' || name === 'service_role')
      expect(result).toMatchObject({ ok: false, ...actionErrors.functionDenied('record_repayment') });
    else expect(result).toMatchObject({ ok: false, ...actionErrors.repaymentDenied });
  });
});
