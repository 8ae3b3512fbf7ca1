import type { PGlite } from '@electric-sql/pglite';
import {
  completesFirstOnramp,
  MIN_FIRST_ONRAMP_CENTS,
  type PaymentArgs,
  type PaymentStatus,
  paymentArgsError,
  paymentStatuses,
  paymentStep,
} from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { become } from './actors';
import { type Account, asActor, createUser, seededDb, tryQuery } from './db';

/**
 * `public.record_payment` over every case of the domain's payment rules
 * (packages/domain/src/backend/payments.ts), which serve as the expected outcomes: each case gives
 * the same outcome in SQL. The SQL is the implementation; the table of cases is the oracle.
 */

let db: PGlite;
let member: Account;

beforeAll(async () => {
  db = await seededDb();
  member = await createUser(db, { role: 'investor', isAdmin: false });
});

afterAll(async () => {
  await db?.close();
});

const record = 'select * from public.record_payment($1, $2, $3, $4, $5, $6)';

describe('completesFirstOnramp agrees with record_payment', () => {
  const cases = [];
  for (const alreadyOnramped of [false, true])
    for (const status of paymentStatuses)
      for (const currency of ['EUR', 'USD'])
        for (const amountCents of [1, MIN_FIRST_ONRAMP_CENTS - 1, MIN_FIRST_ONRAMP_CENTS, 250_000])
          cases.push({ alreadyOnramped, status, currency, amountCents });

  it.each(cases)('%o', async (c) => {
    const after = await asActor(db, 'service_role', async (tx) => {
      await tx.exec('reset role');
      await tx.query('update public.profiles set first_onramp_ok = $2 where id = $1', [member.id, c.alreadyOnramped]);
      await become(tx, 'service_role');
      await tx.query(record, [member.id, 'pi_rule', c.amountCents, c.currency, c.status, 'evt-rule']);
      await tx.exec('reset role');
      const profile = await tx.query<{ first_onramp_ok: boolean }>(
        'select first_onramp_ok from public.profiles where id = $1',
        [member.id],
      );
      const completed = await tx.query(
        `select 1 from public.audit_events where member_id = $1 and action = 'onramp.completed'`,
        [member.id],
      );
      return { onramp: profile.rows[0]?.first_onramp_ok, completed: completed.rows.length === 1 };
    });
    const expected = completesFirstOnramp(c);
    expect(after.completed).toBe(expected);
    expect(after.onramp).toBe(c.alreadyOnramped || expected);
  });
});

describe('paymentStep agrees with record_payment', () => {
  const cases: [PaymentStatus | null, PaymentStatus][] = [];
  for (const incoming of paymentStatuses) {
    cases.push([null, incoming]);
    for (const current of paymentStatuses) cases.push([current, incoming]);
  }

  it.each(cases)('from %s, an event saying %s', async (current, incoming) => {
    const result = await asActor(db, 'service_role', async (tx) => {
      if (current) await tx.query(record, [member.id, 'pi_step', 3000, 'EUR', current, 'evt-step-1']);
      await become(tx, 'service_role');
      const answer = await tx.query<{ status: string }>(record, [
        member.id,
        'pi_step',
        3000,
        'EUR',
        incoming,
        'evt-step-2',
      ]);
      await tx.exec('reset role');
      const rows = await tx.query(`select 1 from public.payments where provider_ref = 'pi_step'`);
      return { status: answer.rows[0]?.status, rows: rows.rows.length };
    });
    const step = paymentStep(current, incoming);
    expect(result.rows).toBe(1);
    expect(result.status).toBe(step === 'unchanged' ? current : incoming);
  });
});

describe('paymentArgsError agrees with record_payment', () => {
  const good = {
    provider_ref: 'pi_args',
    amount_cents: 2000,
    currency: 'EUR',
    status: 'settled',
    event_id: 'evt-args',
  };
  const cases: [string, PaymentArgs][] = [
    ['valid', good],
    ['no event id', { ...good, event_id: null }],
    ['an empty event id', { ...good, event_id: '' }],
    ['an event id too long', { ...good, event_id: 'e'.repeat(201) }],
    ['no provider ref', { ...good, provider_ref: null }],
    ['a provider ref too long', { ...good, provider_ref: 'p'.repeat(201) }],
    ['a zero amount', { ...good, amount_cents: 0 }],
    ['a negative amount', { ...good, amount_cents: -5 }],
    ['a lower-case currency', { ...good, currency: 'eur' }],
    ['no currency', { ...good, currency: null }],
    ['an unknown status', { ...good, status: 'refunded' }],
    ['everything wrong (the first check wins)', { event_id: null, provider_ref: null, amount_cents: 0 }],
  ];

  it.each(cases)('%s', async (_name, args) => {
    const attempt = await asActor(db, 'service_role', (tx) =>
      tryQuery(tx, record, [
        member.id,
        args.provider_ref ?? null,
        args.amount_cents ?? null,
        args.currency ?? null,
        args.status ?? null,
        args.event_id ?? null,
      ]),
    );
    const error = paymentArgsError(args);
    if (error) expect(attempt).toMatchObject({ ok: false, code: error.code, message: error.message });
    else expect(attempt).toMatchObject({ ok: true });
  });
});
