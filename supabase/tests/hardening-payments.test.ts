import type { PGlite, Transaction } from '@electric-sql/pglite';
import { actionErrors } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, become, type CallerName, type Callers, callerNames, createCallers, whoIs } from './actors';
import { type Account, asActor, createUser, seededDb, tryQuery } from './db';

/**
 * Payments (docs/security.md "Rules the server holds", H2 and L6): a failed attempt is not
 * final, a later success on the same provider payment settles it; an event refused for its
 * content is taken (so the provider stops retrying), kept in the operators' review list with its
 * reason and the money it names, and changes nothing else.
 */

let db: PGlite;
let callers: Callers;

beforeAll(async () => {
  db = await seededDb();
  callers = await createCallers(db);
});

afterAll(async () => {
  await db?.close();
});

const record = 'select * from public.record_payment($1, $2, $3, $4, $5, $6)';

async function money(tx: Transaction, member: Account) {
  await tx.exec('reset role');
  const { rows } = await tx.query<{ onramp: boolean; payments: unknown; cash: number | null; events: string[] }>(
    `select p.first_onramp_ok as onramp,
            (select coalesce(jsonb_agg(jsonb_build_object('ref', x.provider_ref, 'status', x.status) order by x.provider_ref), '[]')
               from public.payments x where x.member_id = p.id) as payments,
            (select (a.credits_posted - a.debits_posted)::int from public.ledger_accounts a
               where a.kind = 'member_cash' and a.currency = 'EUR' and a.member_id = p.id) as cash,
            (select coalesce(array_agg(e.action order by e.id), '{}') from public.audit_events e
               where e.member_id = p.id and e.action <> 'ledger.transferred') as events
     from public.profiles p where p.id = $1`,
    [member.id],
  );
  return rows[0];
}

async function refusals(tx: Transaction, eventPrefix: string) {
  await tx.exec('reset role');
  const { rows } = await tx.query(
    `select event_id, provider_ref, member_id, kind, reason, amount_cents::int as amount_cents, currency, status
     from public.ledger_refusals where event_id like $1 order by id`,
    [`${eventPrefix}%`],
  );
  return rows;
}

describe('a failed attempt is not final', () => {
  it('a later success on the same provider payment settles it, credits the cash and unlocks the first on-ramp', async () => {
    const me = await createUser(db);
    await asActor(db, 'service_role', async (tx) => {
      await tx.query(record, [me.id, 'pi_retry', 2500, 'EUR', 'failed', 'evt-retry-1']);
      expect(await money(tx, me)).toMatchObject({
        onramp: false,
        payments: [{ ref: 'pi_retry', status: 'failed' }],
        events: ['payment.failed'],
      });
      await become(tx, 'service_role');
      const settled = await tx.query(record, [me.id, 'pi_retry', 2500, 'EUR', 'settled', 'evt-retry-2']);
      expect(settled.rows[0]).toMatchObject({ status: 'settled', provider_ref: 'pi_retry' });
      expect(await money(tx, me)).toEqual({
        onramp: true,
        payments: [{ ref: 'pi_retry', status: 'settled' }],
        cash: 2500,
        events: ['payment.failed', 'payment.settled', 'onramp.completed'],
      });
      // A late failure, a replay and a pending event change nothing more.
      for (const [status, eventId] of [
        ['failed', 'evt-retry-3'],
        ['settled', 'evt-retry-2'],
        ['pending', 'evt-retry-4'],
      ]) {
        await become(tx, 'service_role');
        await tx.query(record, [me.id, 'pi_retry', 2500, 'EUR', status, eventId]);
      }
      expect(await money(tx, me)).toMatchObject({ cash: 2500, payments: [{ status: 'settled' }] });
    });
  });

  it('a second failure keeps it failed', async () => {
    const me = await createUser(db);
    await asActor(db, 'service_role', async (tx) => {
      await tx.query(record, [me.id, 'pi_twice', 2500, 'EUR', 'failed', 'evt-twice-1']);
      await become(tx, 'service_role');
      await tx.query(record, [me.id, 'pi_twice', 2500, 'EUR', 'failed', 'evt-twice-2']);
      expect(await money(tx, me)).toMatchObject({ onramp: false, cash: null, events: ['payment.failed'] });
    });
  });
});

describe('an event refused for its content is kept for review and answered', () => {
  it('an unknown member, another member, amount or currency: taken, kept with the reason and the money, nothing else changes', async () => {
    const me = await createUser(db);
    const other = await createUser(db);
    const nobody = '00000000-0000-4000-8000-00000000ffff';
    await asActor(db, 'service_role', async (tx) => {
      await tx.query(record, [me.id, 'pi_known', 2500, 'EUR', 'pending', 'evt-rv-0']);
      const before = await money(tx, me);
      const cases: [unknown[], string][] = [
        [[nobody, 'pi_nobody', 5000, 'EUR', 'settled', 'evt-rv-1'], 'unknown member'],
        [[null, 'pi_anonymous', 5000, 'EUR', 'settled', 'evt-rv-2'], 'unknown member'],
        [
          [me.id, 'pi_known', 9999, 'EUR', 'settled', 'evt-rv-3'],
          'the amount differs from the payment recorded for provider_ref',
        ],
        [
          [me.id, 'pi_known', 2500, 'GBP', 'settled', 'evt-rv-4'],
          'the currency differs from the payment recorded for provider_ref',
        ],
        [
          [other.id, 'pi_known', 2500, 'EUR', 'settled', 'evt-rv-5'],
          'the payment recorded for provider_ref belongs to another member',
        ],
      ];
      for (const [params] of cases) {
        await become(tx, 'service_role');
        expect(await tryQuery(tx, record, params), JSON.stringify(params)).toMatchObject({ ok: true });
        // The provider's retry of the same event adds nothing.
        await become(tx, 'service_role');
        expect(await tryQuery(tx, record, params)).toMatchObject({ ok: true });
      }
      expect(await money(tx, me)).toEqual(before);
      expect(await money(tx, other)).toMatchObject({ payments: [], cash: null, events: [] });
      expect(await refusals(tx, 'evt-rv-')).toEqual(
        cases.map(([[member, ref, amount, currency, status, eventId], reason]) => ({
          event_id: eventId,
          provider_ref: ref,
          member_id: member,
          kind: 'payment',
          reason,
          amount_cents: amount,
          currency,
          status,
        })),
      );
    });
  });
});

describe('list_ledger_refusals', () => {
  const readers: CallerName[] = ['compliance', 'mfo_admin', 'adminFlag'];

  it.each(callerNames)('as %s', async (name: CallerName) => {
    const result = await asActor(db, 'service_role', async (tx) => {
      await tx.query(record, ['00000000-0000-4000-8000-00000000eeee', 'pi_list', 4200, 'EUR', 'settled', 'evt-list-1']);
      await become(tx, whoIs(callers, name));
      return tryQuery<{ event_id: string; reason: string; amount_cents: string }>(
        tx,
        'select event_id, reason, amount_cents from public.list_ledger_refusals()',
      );
    });
    if (name === 'anon' || name === 'service_role')
      expect(result).toMatchObject({ ok: false, ...actionErrors.functionDenied('list_ledger_refusals') });
    else if (readers.includes(name))
      expect(result.ok && result.value.rows[0]).toMatchObject({ event_id: 'evt-list-1', reason: 'unknown member' });
    else expect(result).toMatchObject({ ok: false, ...actionErrors.ledgerReadDenied });
  });

  it('pages newest first by id', async () => {
    await asOwner(db, async (tx) => {
      for (const n of [1, 2, 3])
        await tx.query(
          `insert into public.ledger_refusals (event_id, provider_ref, kind, reason) values ($1, 'pi_page', 'payment', 'unknown member')`,
          [`evt-page-${n}`],
        );
      await become(tx, callers.compliance);
      const first = await tx.query<{ id: number; event_id: string }>(
        'select id, event_id from public.list_ledger_refusals(null, 2)',
      );
      expect(first.rows.map((r) => r.event_id)).toEqual(['evt-page-3', 'evt-page-2']);
      const next = await tx.query<{ event_id: string }>('select event_id from public.list_ledger_refusals($1, 2)', [
        first.rows[1]?.id,
      ]);
      expect(next.rows[0]?.event_id).toBe('evt-page-1');
    });
  });
});
