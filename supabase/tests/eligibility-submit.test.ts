import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  currentQuestionnaire,
  eligibilityRefusalCodeOf,
  eligibilityRefusalError,
  eligibilityRefusals,
  sampleSharedRows,
} from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { become } from './actors';
import { type Account, asActor, createUser, seededDb, tryQuery } from './db';

/**
 * submit_investment refuses whoever may not invest (08_investments.sql):
 * every refusal code through submit_investment itself, as P0001 '<CODE>: <text>', in the issue's
 * order, after the readiness gate; a member who fixes each cause in turn invests at the end.
 */

let db: PGlite;

beforeAll(async () => {
  db = await seededDb();
});

afterAll(async () => {
  await db?.close();
});

const opportunity = sampleSharedRows.opportunities.find((o) => o.open)?.id ?? '';
const submit = 'select * from public.submit_investment($1, $2, $3, $4)';
const save = 'select * from public.save_investor_profile($1, $2, $3::jsonb)';
const answer = 'select public.submit_appropriateness($1, $2::jsonb)';
const pick = (best: boolean) =>
  JSON.stringify(
    Object.fromEntries(
      currentQuestionnaire.questions.map((q) => [
        q.id,
        [...q.options].sort((a, b) => (best ? b.points - a.points : a.points - b.points))[0]?.id,
      ]),
    ),
  );

/** A member past the readiness gate (wallet, approved KYC, first on-ramp), with no investment yet. */
async function readyFirstTimer(): Promise<Account> {
  const member = await createUser(db);
  await db.query('delete from public.investments where user_id = $1', [member.id]);
  await db.query(
    `update public.profiles set crossmint_wallet_id = 'wallet-' || id, kyc_status = 'approved', first_onramp_ok = true where id = $1`,
    [member.id],
  );
  return member;
}

async function asOwnerIn(tx: Transaction, member: Account, sql: string, params: unknown[] = []): Promise<void> {
  await tx.exec('reset role');
  await tx.query(sql, params);
  await become(tx, member);
}

async function attempt(tx: Transaction, amount = 500_000) {
  return tryQuery<{ id: string; status: string }>(tx, submit, [opportunity, amount, 'bank', crypto.randomUUID()]);
}

describe('submit_investment and eligibility', () => {
  it('refuses with each code in order, as P0001 "<CODE>: <text>", until the member may invest', async () => {
    const me = await readyFirstTimer();
    const out = await asActor(db, me, async (tx) => {
      const seen: { ok: boolean; code?: string | null; message?: string }[] = [];
      const record = async (amount?: number) => {
        const r = await attempt(tx, amount);
        seen.push(r.ok ? { ok: true } : { ok: false, code: r.code, message: r.message });
      };
      await asOwnerIn(
        tx,
        me,
        `update public.opportunities set eligible_countries = '{GB}', eligible_categories = '{uk_restricted,uk_high_net_worth}', min_ticket_cents = 500000 where id = $1`,
        [opportunity],
      );
      await record();
      await tx.query(save, ['GB', 'uk_sophisticated', JSON.stringify({ statement_signed: true })]);
      await asOwnerIn(tx, me, `update public.investor_profiles set declared_at = now() - interval '12 months'`);
      await record();
      await tx.query(save, ['FR', 'retail', '{}']);
      await record();
      await tx.query(save, ['GB', 'uk_sophisticated', JSON.stringify({ statement_signed: true })]);
      await record();
      await tx.query(save, ['GB', 'uk_restricted', JSON.stringify({ statement_signed: true })]);
      await record(499_999);
      const endsAt = (await tx.query<{ e: Date }>('select public.request_to_invest($1) as e', [opportunity])).rows[0]
        ?.e;
      await record();
      await asOwnerIn(tx, me, `update public.cooling_off_periods set started_at = started_at - interval '24 hours'`);
      await tx.query(answer, [currentQuestionnaire.version, pick(false)]);
      const failedAt = (
        await tx.query<{ at: Date }>('select submitted_at as at from public.appropriateness_assessments')
      ).rows[0]?.at;
      await record();
      await asOwnerIn(
        tx,
        me,
        `update public.appropriateness_assessments set submitted_at = submitted_at - interval '24 hours'`,
      );
      await tx.query(answer, [currentQuestionnaire.version, pick(true)]);
      await record();
      // Invested once: no longer a first-time investor, so no cooling-off for the next one.
      await asOwnerIn(tx, me, 'delete from public.cooling_off_periods');
      await record();
      return { seen, endsAt, failedAt };
    });
    expect(out.seen.map((s) => (s.ok ? 'ok' : eligibilityRefusalCodeOf(s.message ?? '')))).toEqual([
      ...eligibilityRefusals,
      'ok',
      'ok',
    ]);
    const at = (code: string) => out.seen[eligibilityRefusals.indexOf(code as (typeof eligibilityRefusals)[number])];
    for (const code of [
      'NOT_CLASSIFIED',
      'DECLARATION_EXPIRED',
      'COUNTRY_NOT_ELIGIBLE',
      'CATEGORY_NOT_ELIGIBLE',
      'BELOW_MINIMUM',
    ] as const)
      expect(at(code)).toEqual({ ok: false, ...eligibilityRefusalError(code, null) });
    expect(at('COOLING_OFF_ACTIVE')).toEqual({
      ok: false,
      ...eligibilityRefusalError('COOLING_OFF_ACTIVE', out.endsAt ?? null),
    });
    const retakeAt = out.failedAt ? new Date(out.failedAt.getTime() + 24 * 3_600_000) : null;
    expect(at('APPROPRIATENESS_REQUIRED')).toEqual({
      ok: false,
      ...eligibilityRefusalError('APPROPRIATENESS_REQUIRED', retakeAt),
    });
  });

  it('refuses a UK first-time investor who has not asked to invest yet, saying how to start the cooling-off', async () => {
    const me = await readyFirstTimer();
    const result = await asActor(db, me, async (tx) => {
      await tx.query(save, ['GB', 'uk_high_net_worth', JSON.stringify({ statement_signed: true })]);
      await tx.query(answer, [currentQuestionnaire.version, pick(true)]);
      return attempt(tx);
    });
    expect(result).toEqual({ ok: false, ...eligibilityRefusalError('COOLING_OFF_ACTIVE', null) });
  });

  it('lets a professional and an EU retail investor who acknowledged the warning invest; writes nothing when refused', async () => {
    const pro = await readyFirstTimer();
    const proResult = await asActor(db, pro, async (tx) => {
      await tx.query(save, [
        'NL',
        'professional',
        JSON.stringify({ ten_trades_a_quarter: true, one_year_in_finance: true }),
      ]);
      // A professional status counts once compliance approved it (hardening-declarations.test.ts).
      await asOwnerIn(
        tx,
        pro,
        `update public.investor_profiles set professional_status = 'approved' where member_id = $1`,
        [pro.id],
      );
      return attempt(tx, 100);
    });
    expect(proResult.ok).toBe(true);

    const eu = await readyFirstTimer();
    const euResult = await asActor(db, eu, async (tx) => {
      await tx.query(save, ['ES', 'retail', '{}']);
      await tx.query(answer, [currentQuestionnaire.version, pick(false)]);
      const refused = await attempt(tx, 100);
      const written = (await tx.query<{ n: number }>('select count(*)::int as n from public.investments')).rows[0]?.n;
      await tx.query('select public.acknowledge_appropriateness_warning()');
      return { refused, written, after: await attempt(tx, 100) };
    });
    expect(euResult.refused).toEqual({ ok: false, ...eligibilityRefusalError('APPROPRIATENESS_REQUIRED', null) });
    expect(euResult.written).toBe(0);
    expect(euResult.after.ok).toBe(true);
  });

  it('checks the readiness gate before eligibility', async () => {
    const member = await createUser(db);
    const result = await asActor(db, member, (tx) => attempt(tx));
    expect(result).toEqual({ ok: false, code: 'P0001', message: 'create your wallet before investing' });
  });
});
