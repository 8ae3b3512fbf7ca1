import type { PGlite, Transaction } from '@electric-sql/pglite';
import { actionErrors, appropriatenessErrors, currentQuestionnaire, sampleSharedRows } from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, become, type CallerName, type Callers, callerNames, createCallers, whoIs } from './actors';
import { type Account, asActor, createUser, seededDb, tryQuery } from './db';

/**
 * Declarations (docs/security.md "Rules the server holds", M3 and M7): the declared country is
 * the one KYC verified; moving keeps the stricter rules of the replaced declaration for 30 days;
 * a professional status waits for compliance; the questionnaire carries no scoring; the answers
 * are bounded and have a schema.
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

const opportunity = sampleSharedRows.opportunities.find((o) => o.open)?.id ?? '';
const save = 'select * from public.save_investor_profile($1, $2, $3::jsonb)';
const answer = 'select public.submit_appropriateness($1, $2::jsonb)';
const eligibility = "select public.investment_eligibility($1, 500000) ->> 'code' as code";
const pick = (best: boolean) =>
  JSON.stringify(
    Object.fromEntries(
      currentQuestionnaire.questions.map((q) => [
        q.id,
        [...q.options].sort((a, b) => (best ? b.points - a.points : a.points - b.points))[0]?.id,
      ]),
    ),
  );

async function openToAll(tx: Transaction, member: Account): Promise<void> {
  await tx.exec('reset role');
  await tx.query(
    'update public.opportunities set eligible_countries = null, eligible_categories = null, min_ticket_cents = null where id = $1',
    [opportunity],
  );
  await tx.query('delete from public.investments where user_id = $1', [member.id]);
  await become(tx, member);
}

async function codeOf(tx: Transaction): Promise<string | null> {
  const { rows } = await tx.query<{ code: string | null }>(eligibility, [opportunity]);
  return rows[0]?.code ?? null;
}

describe('moving keeps the stricter rules of the declaration it replaces for 30 days', () => {
  it('a UK restricted investor who failed the questions cannot invest by declaring DE and acknowledging', async () => {
    const me = await createUser(db);
    await asActor(db, me, async (tx) => {
      await openToAll(tx, me);
      await tx.query(save, ['GB', 'uk_restricted', JSON.stringify({ statement_signed: true })]);
      await tx.query('select public.request_to_invest($1)', [opportunity]);
      await tx.query(answer, [currentQuestionnaire.version, pick(false)]);
      await tx.query(save, ['DE', 'retail', '{}']);
      expect(await tryQuery(tx, 'select public.acknowledge_appropriateness_warning()')).toMatchObject({
        ok: false,
        ...appropriatenessErrors.ukMustPass,
      });
      expect(await codeOf(tx)).toBe('APPROPRIATENESS_REQUIRED');
      // A retake is still 24 hours away, as for a UK investor.
      expect(await tryQuery(tx, answer, [currentQuestionnaire.version, pick(true)])).toMatchObject({
        ok: false,
        ...appropriatenessErrors.retakeTooSoon,
      });
      // Moving back and forth does not shorten it either.
      await tx.query(save, ['FR', 'retail', '{}']);
      expect(await codeOf(tx)).toBe('APPROPRIATENESS_REQUIRED');
      // After 30 days the old declaration no longer counts.
      await tx.exec('reset role');
      await tx.query(
        `update public.investor_profiles set previous_until = now() - interval '1 second' where member_id = $1`,
        [me.id],
      );
      await become(tx, me);
      await tx.query('select public.acknowledge_appropriateness_warning()');
      expect(await codeOf(tx)).toBeNull();
    });
  });

  it('a UK first-time investor who moves to DE still has the 24-hour cooling-off', async () => {
    const me = await createUser(db);
    await asActor(db, me, async (tx) => {
      await openToAll(tx, me);
      await tx.query(save, ['GB', 'uk_high_net_worth', JSON.stringify({ statement_signed: true })]);
      await tx.query(save, ['DE', 'retail', '{}']);
      await tx.query(answer, [currentQuestionnaire.version, pick(true)]);
      expect(await codeOf(tx)).toBe('COOLING_OFF_ACTIVE');
      const { rows } = await tx.query<{ ends: string | null }>('select public.request_to_invest($1) as ends', [
        opportunity,
      ]);
      expect(rows[0]?.ends).not.toBeNull();
      expect(await codeOf(tx)).toBe('COOLING_OFF_ACTIVE');
    });
  });
});

describe('a change of category starts a declaration that keeps the stricter rules', () => {
  it('a retail investor who failed the questions cannot invest by declaring a company, until 30 days have passed', async () => {
    const me = await createUser(db);
    await asActor(db, me, async (tx) => {
      await openToAll(tx, me);
      await tx.query(save, ['DE', 'retail', '{}']);
      await tx.query('select public.request_to_invest($1)', [opportunity]);
      await tx.query(answer, [currentQuestionnaire.version, pick(false)]);
      expect(await codeOf(tx)).toBe('APPROPRIATENESS_REQUIRED');
      const saved = await tx.query<{ previous_category: string; previous_until: Date }>(save, [
        'DE',
        'corporate',
        '{}',
      ]);
      expect(saved.rows[0]?.previous_category).toBe('retail');
      expect(await codeOf(tx)).toBe('APPROPRIATENESS_REQUIRED');
      await tx.exec('reset role');
      await tx.query(
        `update public.investor_profiles set previous_until = now() - interval '1 second' where member_id = $1`,
        [me.id],
      );
      await become(tx, me);
      expect(await codeOf(tx)).toBeNull();
    });
  });
});

describe('the declared country is the one KYC verified', () => {
  it('refuses another country once the provider gave one, and takes that one', async () => {
    const me = await createUser(db);
    await asActor(db, me, async (tx) => {
      await tx.exec('reset role');
      await tx.query(`insert into public.kyc_cases (member_id, verified_country) values ($1, 'DE')`, [me.id]);
      await become(tx, me);
      expect(await tryQuery(tx, save, ['FR', 'retail', '{}'])).toMatchObject({
        ok: false,
        ...actionErrors.countryNotVerified,
      });
      expect(await tryQuery(tx, save, ['DE', 'retail', '{}'])).toMatchObject({ ok: true });
    });
  });
});

describe('a professional status waits for compliance', () => {
  const professional = JSON.stringify({ portfolio_over_500k: true, one_year_in_finance: true });

  it('counts as retail until approved: the questions apply, then no longer', async () => {
    const me = await createUser(db);
    await asActor(db, me, async (tx) => {
      await openToAll(tx, me);
      const saved = await tx.query<{ professional_status: string }>(save, ['FR', 'professional', professional]);
      expect(saved.rows[0]?.professional_status).toBe('pending');
      expect(await codeOf(tx)).toBe('APPROPRIATENESS_REQUIRED');
      await become(tx, callers.compliance);
      await tx.query('select public.review_professional_status($1, $2, null)', [me.id, 'approved']);
      await become(tx, me);
      expect(await codeOf(tx)).toBeNull();
      // Declaring it again keeps the approval; another category drops it.
      const again = await tx.query<{ professional_status: string }>(save, ['FR', 'professional', professional]);
      expect(again.rows[0]?.professional_status).toBe('approved');
    });
  });

  it.each(callerNames)('review_professional_status as %s', async (name: CallerName) => {
    const member = await createUser(db);
    const result = await asActor(db, member, async (tx) => {
      await tx.query(save, ['FR', 'professional', professional]);
      await become(tx, whoIs(callers, name));
      return tryQuery(tx, 'select professional_status from public.review_professional_status($1, $2, $3)', [
        member.id,
        'rejected',
        'Portfolio statement missing.',
      ]);
    });
    if (name === 'compliance' || name === 'adminFlag')
      expect(result).toMatchObject({ ok: true, value: { rows: [{ professional_status: 'rejected' }] } });
    else if (name === 'anon' || name === 'service_role')
      expect(result).toMatchObject({ ok: false, ...actionErrors.functionDenied('review_professional_status') });
    else expect(result).toMatchObject({ ok: false, ...actionErrors.professionalReviewDenied });
  });

  it('review_professional_status refuses one’s own, no reason for a rejection, a bad decision, nothing pending', async () => {
    await asActor(db, callers.compliance, async (tx) => {
      await tx.query(save, ['FR', 'professional', professional]);
      const other = await (async () => {
        await tx.exec('reset role');
        return createUser(tx);
      })();
      await become(tx, callers.compliance);
      const review = 'select public.review_professional_status($1, $2, $3)';
      expect(await tryQuery(tx, review, [callers.compliance.id, 'approved', null])).toMatchObject({
        ok: false,
        ...actionErrors.professionalSelfReview,
      });
      expect(await tryQuery(tx, review, [other.id, 'rejected', ' '])).toMatchObject({
        ok: false,
        ...actionErrors.professionalReasonRequired,
      });
      expect(await tryQuery(tx, review, [other.id, 'maybe', null])).toMatchObject({
        ok: false,
        ...actionErrors.professionalBadDecision,
      });
      expect(await tryQuery(tx, review, [other.id, 'approved', null])).toMatchObject({
        ok: false,
        ...actionErrors.professionalNotPending,
      });
    });
  });
});

describe('bounded input', () => {
  it('save_investor_profile refuses answers over 1 KB, unknown keys and non-boolean values', async () => {
    await asActor(db, callers.investorA, async (tx) => {
      const huge = { portfolio_over_500k: true, padding: 'x'.repeat(5_000) };
      for (const answers of [huge, { nickname: true }, { statement_signed: 'yes' }, { one_year_in_finance: 1 }]) {
        expect(await tryQuery(tx, save, ['DE', 'retail', JSON.stringify(answers)])).toMatchObject({
          ok: false,
          ...actionErrors.badDeclarationAnswers,
        });
      }
      await tx.exec('reset role');
      const { rows } = await tx.query(`select 1 from public.audit_events where action = 'investor.classified'`);
      expect(rows).toEqual([]);
    });
  });

  it('submit_appropriateness refuses answers over 2 KB', async () => {
    await asActor(db, callers.investorB, async (tx) => {
      await tx.query(save, ['DE', 'retail', '{}']);
      const answers = { ...JSON.parse(pick(true)), what_you_buy: 'x'.repeat(3_000) };
      expect(await tryQuery(tx, answer, [currentQuestionnaire.version, JSON.stringify(answers)])).toMatchObject({
        ok: false,
        ...appropriatenessErrors.BAD_ANSWERS,
      });
    });
  });

  it('the trail refuses a payload over 8 KB', async () => {
    await asOwner(db, async (tx) => {
      expect(
        await tryQuery(tx, `select public.audit_append('wallet.created', null, 't', 's', $1::jsonb)`, [
          JSON.stringify({ blob: 'x'.repeat(9_000) }),
        ]),
      ).toMatchObject({ ok: false, code: '23514' });
    });
  });

  it('current_questionnaire sends no points and no pass mark', async () => {
    const { rows } = await asActor(db, callers.investorA, (tx) =>
      tx.query<{ q: unknown }>('select public.current_questionnaire() as q'),
    );
    expect(JSON.stringify(rows[0]?.q)).not.toMatch(/points|passMark/);
  });
});
