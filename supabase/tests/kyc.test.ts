import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  actionErrors,
  backendErrors,
  KYC_DEFAULT_STATUS,
  KYC_PROVIDER_NO_REASON,
  KYC_REASON_MAX_LENGTH,
  type KycDecision,
  type KycStatus,
  kycActionFor,
  kycDecisions,
  kycNotification,
  kycStatuses,
  nextKycStatus,
} from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, become, type CallerName, type Callers, callerNames, createCallers, whoIs } from './actors';
import { type Account, asActor, createUser, seededDb, setDemoMode, tryQuery } from './db';

/**
 * KYC (06_kyc_and_payments.sql): the statuses; start_kyc, apply_kyc_result and review_kyc for
 * every caller, allowed and denied; every transition of the domain's table; the audit event and
 * the notification of each; idempotency of start_kyc and of a replayed provider event;
 * demo_approve_kyc recorded too.
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

async function setStatus(tx: Transaction, member: Account, status: KycStatus): Promise<void> {
  await tx.exec('reset role');
  await tx.query('update public.profiles set kyc_status = $1 where id = $2', [status, member.id]);
}

async function statusOf(tx: Transaction, member: Account): Promise<string | undefined> {
  await tx.exec('reset role');
  const { rows } = await tx.query<{ kyc_status: string }>('select kyc_status from public.profiles where id = $1', [
    member.id,
  ]);
  return rows[0]?.kyc_status;
}

/** What the member's trail and inbox hold, as the owner sees them. */
async function recordsOf(tx: Transaction, member: Account) {
  await tx.exec('reset role');
  const events = await tx.query<{
    action: string;
    actor_id: string | null;
    actor_role: string;
    details: Record<string, unknown>;
  }>(`select action, actor_id, actor_role, details from public.audit_events where member_id = $1 order by id`, [
    member.id,
  ]);
  const notes = await tx.query<{ title: string; body: string }>(
    `select title, body from public.notifications where user_id = $1 and id like 'evt-%' order by id`,
    [member.id],
  );
  const kycCase = await tx.query<{ reason: string | null; submitted_at: unknown; decided_at: unknown }>(
    'select reason, submitted_at, decided_at from public.kyc_cases where member_id = $1',
    [member.id],
  );
  return { events: events.rows, notes: notes.rows, kycCase: kycCase.rows[0] };
}

const startKyc = 'select * from public.start_kyc()';
const applyResult = 'select * from public.apply_kyc_result($1, $2, $3, $4, $5)';
/** A provider event time: `n` minutes ago. */
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const review = 'select * from public.review_kyc($1, $2, $3)';

describe('the statuses', () => {
  it('start at not_started for a new member and allow only the five values', async () => {
    await asOwner(db, async (tx) => {
      const fresh = await createUser(tx);
      expect(await statusOf(tx, fresh)).toBe(KYC_DEFAULT_STATUS);
      for (const status of kycStatuses) {
        expect(
          await tryQuery(tx, 'update public.profiles set kyc_status = $1 where id = $2', [status, fresh.id]),
        ).toMatchObject({ ok: true });
      }
      const unknown = await tryQuery(tx, `update public.profiles set kyc_status = 'unknown' where id = $1`, [fresh.id]);
      expect(unknown).toMatchObject({ ok: false, code: '23514' });
    });
  });
});

describe('start_kyc', () => {
  const members = ['investorA', 'investorB', 'compliance', 'eq_spv_admin', 'mfo_admin', 'adminFlag'] as const;

  it.each(members)('%s submits their own KYC: pending, kyc.submitted, a notification', async (name) => {
    const me = callers[name];
    await asActor(db, me, async (tx) => {
      const result = await tryQuery<{ id: string; kyc_status: string }>(tx, startKyc);
      expect(result).toMatchObject({ ok: true, value: { rows: [{ id: me.id, kyc_status: 'pending' }] } });
      const { events, notes, kycCase } = await recordsOf(tx, me);
      expect(events).toEqual([
        {
          action: 'kyc.submitted',
          actor_id: me.id,
          actor_role: name === 'adminFlag' ? 'admin' : me.role,
          details: { from: 'not_started', status: 'pending' },
        },
      ]);
      expect(notes).toEqual([kycNotification('pending')]);
      expect(kycCase?.submitted_at).not.toBeNull();
      expect(kycCase?.decided_at).toBeNull();
      // Nobody else changed.
      const other = name === 'investorB' ? callers.investorA : callers.investorB;
      expect(await statusOf(tx, other)).toBe('not_started');
    });
  });

  it.each(['anon', 'service_role'] as const)('is refused to %s', async (name) => {
    const result = await asActor(db, name, (tx) => tryQuery(tx, startKyc));
    expect(result).toMatchObject({ ok: false, ...actionErrors.functionDenied('start_kyc') });
  });

  it('refuses a token with no user', async () => {
    const result = await asActor(db, 'anon', async (tx) => {
      await tx.exec('reset role');
      await tx.query(`select set_config('request.jwt.claims', '{"role":"authenticated"}', true)`);
      await tx.exec('set local role authenticated');
      return tryQuery(tx, startKyc);
    });
    expect(result).toMatchObject({ ok: false, ...actionErrors.notSignedIn });
  });

  it('is idempotent: a second call while pending returns the same row and records nothing', async () => {
    const me = callers.investorA;
    await asActor(db, me, async (tx) => {
      const first = await tx.query<Record<string, unknown>>(startKyc);
      const before = await recordsOf(tx, me);
      await become(tx, me);
      const second = await tx.query<Record<string, unknown>>(startKyc);
      expect(second.rows).toEqual(first.rows);
      expect(await recordsOf(tx, me)).toEqual(before);
    });
  });
});

describe('every transition of the domain’s table', () => {
  type Case = { fn: 'start_kyc' | 'apply_kyc_result' | 'review_kyc'; from: KycStatus; decision?: KycDecision };
  const cases: Case[] = [];
  for (const from of kycStatuses) {
    cases.push({ fn: 'start_kyc', from });
    for (const decision of kycDecisions) {
      cases.push({ fn: 'apply_kyc_result', from, decision });
      cases.push({ fn: 'review_kyc', from, decision });
    }
  }
  let n = 0;

  it.each(cases)('$fn from $from ($decision)', async ({ fn, from, decision }) => {
    const me = callers.investorA;
    const want = nextKycStatus(fn, from, decision);
    n += 1;
    await asActor(db, me, async (tx) => {
      await setStatus(tx, me, from);
      const before = await recordsOf(tx, me);
      if (fn === 'start_kyc') await become(tx, me);
      else if (fn === 'apply_kyc_result') await become(tx, 'service_role');
      else await become(tx, callers.compliance);
      const reason = decision === 'approved' ? null : 'The photo is blurred.';
      const result =
        fn === 'start_kyc'
          ? await tryQuery(tx, startKyc)
          : fn === 'apply_kyc_result'
            ? await tryQuery(tx, applyResult, [me.id, decision, reason, `evt-table-${n}`, minutesAgo(1)])
            : await tryQuery(tx, review, [me.id, decision, reason]);
      const after = await recordsOf(tx, me);
      const status = await statusOf(tx, me);
      if (want === 'refused') {
        expect(result.ok).toBe(false);
        expect(status).toBe(from);
        expect(after).toEqual(before);
      } else if (want === 'unchanged') {
        expect(result.ok).toBe(true);
        expect(status).toBe(from);
        expect(after).toEqual(before);
      } else if (want === 'ignored') {
        expect(result.ok).toBe(true);
        expect(status).toBe(from);
        expect(after.events.slice(before.events.length).map((e) => e.action)).toEqual(['kyc.result_ignored']);
        expect(after.notes).toEqual(before.notes);
        expect(after.kycCase).toEqual(before.kycCase);
      } else {
        expect(result).toMatchObject({ ok: true, value: { rows: [{ kyc_status: want }] } });
        expect(status).toBe(want);
        if (want === 'not_started') throw new Error('no transition leads to not_started');
        expect(after.events.slice(before.events.length).map((e) => e.action)).toEqual([kycActionFor[want]]);
        expect(after.notes.slice(before.notes.length)).toEqual([kycNotification(want, reason ?? '')]);
        expect(after.kycCase?.reason ?? null).toBe(want === 'approved' || want === 'pending' ? null : reason);
      }
    });
  });
});

describe('apply_kyc_result', () => {
  it.each(callerNames)('as %s', async (name: CallerName) => {
    const me = callers.investorB;
    const result = await asActor(db, whoIs(callers, name), async (tx) => {
      await setStatus(tx, me, 'pending');
      await become(tx, whoIs(callers, name));
      return tryQuery(tx, applyResult, [me.id, 'approved', null, 'evt-roles-1', minutesAgo(1)]);
    });
    if (name === 'service_role')
      expect(result).toMatchObject({ ok: true, value: { rows: [{ kyc_status: 'approved' }] } });
    else expect(result).toMatchObject({ ok: false, ...actionErrors.functionDenied('apply_kyc_result') });
  });

  it('checks the caller itself too: the owner without the service role’s claims is refused', async () => {
    const result = await asOwner(db, (tx) =>
      tryQuery(tx, applyResult, [callers.investorB.id, 'approved', null, 'evt-owner-1', minutesAgo(1)]),
    );
    expect(result).toMatchObject({ ok: false, ...actionErrors.serviceRoleOnly('apply_kyc_result') });
  });

  it('applies an event once: a replay, even with another answer, changes nothing and records nothing new', async () => {
    const me = callers.investorB;
    await asActor(db, 'service_role', async (tx) => {
      await setStatus(tx, me, 'pending');
      await become(tx, 'service_role');
      const first = await tx.query<Record<string, unknown>>(applyResult, [
        me.id,
        'resubmission_requested',
        'Expired ID.',
        'evt-1',
        minutesAgo(3),
      ]);
      expect(first.rows[0]).toMatchObject({ kyc_status: 'resubmission_requested' });
      const before = await recordsOf(tx, me);
      expect(before.events.map((e) => e.action)).toEqual(['kyc.resubmission_requested']);
      expect(before.events[0]).toMatchObject({
        actor_id: null,
        actor_role: 'service_role',
        details: { event_id: 'evt-1', by: 'provider', reason: 'Expired ID.' },
      });
      for (const replay of [
        [me.id, 'resubmission_requested', 'Expired ID.', 'evt-1', minutesAgo(3)],
        [me.id, 'approved', null, 'evt-1', minutesAgo(1)],
      ]) {
        await become(tx, 'service_role');
        const again = await tx.query<Record<string, unknown>>(applyResult, replay);
        expect(again.rows).toEqual(first.rows);
        expect(await recordsOf(tx, me)).toEqual(before);
      }
      // A new event id is a new answer, once the member is under review again.
      await setStatus(tx, me, 'pending');
      await become(tx, 'service_role');
      await tx.query(applyResult, [me.id, 'approved', null, 'evt-2', minutesAgo(1)]);
      expect(await statusOf(tx, me)).toBe('approved');
    });
  });

  it('keeps a placeholder reason when the provider rejects without one', async () => {
    const me = callers.investorA;
    await asActor(db, 'service_role', async (tx) => {
      await setStatus(tx, me, 'pending');
      await become(tx, 'service_role');
      await tx.query(applyResult, [me.id, 'rejected', '  ', 'evt-noreason', minutesAgo(1)]);
      const { kycCase, notes } = await recordsOf(tx, me);
      expect(kycCase?.reason).toBe(KYC_PROVIDER_NO_REASON);
      expect(notes.at(-1)).toEqual(kycNotification('rejected', KYC_PROVIDER_NO_REASON));
    });
  });

  it('refuses bad input and records nothing, not even the event id', async () => {
    const me = callers.investorA;
    const cases: [unknown[], { code: string; message: string }][] = [
      [[me.id, 'maybe', null, 'evt-bad-1', minutesAgo(1)], actionErrors.kycBadResult],
      [[me.id, null, null, 'evt-bad-2', minutesAgo(1)], actionErrors.kycBadResult],
      [[me.id, 'approved', null, null, minutesAgo(1)], actionErrors.eventIdRequired],
      [[me.id, 'approved', null, '', minutesAgo(1)], actionErrors.eventIdRequired],
      [
        [me.id, 'rejected', 'x'.repeat(KYC_REASON_MAX_LENGTH + 1), 'evt-bad-3', minutesAgo(1)],
        actionErrors.reasonTooLong,
      ],
      [
        ['00000000-0000-4000-8000-00000000ffff', 'approved', null, 'evt-bad-4', minutesAgo(1)],
        actionErrors.unknownMember,
      ],
      [[null, 'approved', null, 'evt-bad-5', minutesAgo(1)], actionErrors.unknownMember],
      [[me.id, 'approved', null, 'evt-bad-6', null], actionErrors.occurredAtRequired],
      [[me.id, 'approved', null, 'evt-bad-7', minutesAgo(-60)], actionErrors.occurredAtRequired],
    ];
    await asActor(db, 'service_role', async (tx) => {
      for (const [params, error] of cases) {
        expect(await tryQuery(tx, applyResult, params), JSON.stringify(params)).toMatchObject({ ok: false, ...error });
      }
      await tx.exec('reset role');
      const { rows } = await tx.query(`select * from public.provider_events where event_id like 'evt-bad-%'`);
      expect(rows).toEqual([]);
      expect(await statusOf(tx, me)).toBe('not_started');
    });
  });
});

describe('review_kyc', () => {
  it.each(callerNames)('as %s, on a pending member', async (name: CallerName) => {
    const me = callers.investorB;
    const result = await asActor(db, whoIs(callers, name), async (tx) => {
      await setStatus(tx, me, 'pending');
      await become(tx, whoIs(callers, name));
      const attempt = await tryQuery(tx, review, [me.id, 'approved', null]);
      return { attempt, status: await statusOf(tx, me), records: await recordsOf(tx, me) };
    });
    if (name === 'compliance' || name === 'adminFlag') {
      expect(result.attempt).toMatchObject({ ok: true, value: { rows: [{ kyc_status: 'approved' }] } });
      expect(result.records.events).toEqual([
        {
          action: 'kyc.approved',
          actor_id: callers[name].id,
          actor_role: name === 'adminFlag' ? 'admin' : 'compliance',
          details: { from: 'pending', by: 'reviewer', status: 'approved' },
        },
      ]);
    } else {
      const error =
        name === 'anon' || name === 'service_role'
          ? actionErrors.functionDenied('review_kyc')
          : actionErrors.kycReviewDenied;
      expect(result.attempt).toMatchObject({ ok: false, ...error });
      expect(result.status).toBe('pending');
      expect(result.records.events).toEqual([]);
    }
  });

  it('needs a reason unless approving, a known decision and a known member; nobody reviews their own', async () => {
    const me = callers.investorA;
    await asActor(db, callers.compliance, async (tx) => {
      await setStatus(tx, me, 'pending');
      await setStatus(tx, callers.compliance, 'pending');
      await become(tx, callers.compliance);
      const cases: [unknown[], { code: string; message: string }][] = [
        [[me.id, 'rejected', null], actionErrors.kycReasonRequired],
        [[me.id, 'rejected', '   '], actionErrors.kycReasonRequired],
        [[me.id, 'resubmission_requested', ''], actionErrors.kycReasonRequired],
        [[me.id, 'declined', 'x'], actionErrors.kycBadDecision],
        [[me.id, 'rejected', 'x'.repeat(KYC_REASON_MAX_LENGTH + 1)], actionErrors.reasonTooLong],
        [['00000000-0000-4000-8000-00000000ffff', 'approved', null], actionErrors.unknownMember],
        [[callers.compliance.id, 'approved', null], actionErrors.kycSelfReview],
      ];
      for (const [params, error] of cases) {
        expect(await tryQuery(tx, review, params), JSON.stringify(params)).toMatchObject({ ok: false, ...error });
      }
      expect(await statusOf(tx, me)).toBe('pending');
      await become(tx, callers.compliance);
      const rejected = await tryQuery(tx, review, [me.id, 'resubmission_requested', 'Upload the back of the card.']);
      expect(rejected).toMatchObject({ ok: true, value: { rows: [{ kyc_status: 'resubmission_requested' }] } });
      const { kycCase, notes } = await recordsOf(tx, me);
      expect(kycCase?.reason).toBe('Upload the back of the card.');
      expect(kycCase?.decided_at).not.toBeNull();
      expect(notes).toEqual([kycNotification('resubmission_requested', 'Upload the back of the card.')]);
      // Not pending any more: a second decision is refused.
      await become(tx, callers.compliance);
      expect(await tryQuery(tx, review, [me.id, 'approved', null])).toMatchObject({
        ok: false,
        ...actionErrors.kycNotPending,
      });
    });
  });

  it('lets the member see their case and reason, and compliance every case; not other members', async () => {
    await asActor(db, callers.compliance, async (tx) => {
      await setStatus(tx, callers.investorA, 'pending');
      await become(tx, callers.compliance);
      await tx.query(review, [callers.investorA.id, 'rejected', 'Name mismatch.']);
      const seen: Record<string, number> = {};
      for (const name of ['investorA', 'investorB', 'compliance', 'eq_spv_admin', 'mfo_admin', 'adminFlag'] as const) {
        await become(tx, callers[name]);
        const { rows } = await tx.query('select reason from public.kyc_cases where member_id = $1', [
          callers.investorA.id,
        ]);
        seen[name] = rows.length;
      }
      expect(seen).toEqual({ investorA: 1, investorB: 0, compliance: 1, eq_spv_admin: 0, mfo_admin: 1, adminFlag: 1 });
      await become(tx, 'anon');
      expect(await tryQuery(tx, 'select * from public.kyc_cases')).toMatchObject({ ok: false, code: '42501' });
    });
  });
});

describe('demo_approve_kyc', () => {
  it.each(callerNames)('as %s, demo mode on', async (name: CallerName) => {
    const result = await asActor(db, whoIs(callers, name), async (tx) => {
      const attempt = await tryQuery(tx, 'select id, kyc_status from public.demo_approve_kyc()');
      await tx.exec('reset role');
      const { rows } = await tx.query<{ n: number }>(
        `select count(*)::int as n from public.audit_events where action = 'kyc.approved'`,
      );
      return { attempt, events: rows[0]?.n };
    });
    if (name === 'anon') {
      expect(result.attempt).toMatchObject({ ok: false, ...actionErrors.functionDenied('demo_approve_kyc') });
      expect(result.events).toBe(0);
    } else if (name === 'service_role') {
      // No user in the service role's token: nobody to approve.
      expect(result.attempt).toMatchObject({ ok: false, code: '42501' });
      expect(result.events).toBe(0);
    } else {
      expect(result.attempt).toMatchObject({
        ok: true,
        value: { rows: [{ id: callers[name].id, kyc_status: 'approved' }] },
      });
      expect(result.events).toBe(1);
    }
  });

  it('records kyc.approved and a notification, once', async () => {
    const me = callers.investorA;
    await asActor(db, me, async (tx) => {
      await tx.query('select * from public.demo_approve_kyc()');
      await become(tx, me);
      const again = await tx.query<{ kyc_status: string }>('select * from public.demo_approve_kyc()');
      expect(again.rows[0]?.kyc_status).toBe('approved');
      const { events, notes } = await recordsOf(tx, me);
      expect(events.map((e) => [e.action, e.details.by])).toEqual([['kyc.approved', 'demo']]);
      expect(notes).toEqual([kycNotification('approved')]);
    });
  });

  it('is still refused with demo mode off, and records nothing', async () => {
    const me = callers.investorA;
    await asActor(db, me, async (tx) => {
      await tx.exec('reset role');
      await setDemoMode(tx, false);
      await become(tx, me);
      expect(await tryQuery(tx, 'select * from public.demo_approve_kyc()')).toMatchObject({
        ok: false,
        ...backendErrors.demoModeOff,
      });
      expect((await recordsOf(tx, me)).events).toEqual([]);
    });
  });
});
