import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  classificationError,
  classificationErrors,
  clientQuestionnaire,
  currentQuestionnaire,
  decideEligibility,
  type EligibilityInput,
  eeaCountryCodes,
  eligibilityCases,
  eligibilityRefusalMessage,
  eligibilityRefusals,
  isIsoCountry,
  parseEligibilityAnswer,
  sampleMemberRows,
  sampleSharedRows,
  scoreAppropriateness,
} from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, become } from './actors';
import { type Account, asActor, createUser, executeGrants, seededDb, tryQuery } from './db';

/**
 * Investor eligibility (09_eligibility.sql) against its domain twin
 * (packages/domain/src/eligibility/): the country list, the questionnaire and its scoring, the
 * decision over the domain's whole case space, the refusal texts; then the member's functions:
 * save_investor_profile, submit_appropriateness, acknowledge_appropriateness_warning,
 * request_to_invest and investment_eligibility, with their audit events and refusals.
 */

let db: PGlite;

beforeAll(async () => {
  db = await seededDb();
});

afterAll(async () => {
  await db?.close();
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);

describe('the SQL twin of the domain', () => {
  it('knows exactly the domain’s ISO 3166-1 alpha-2 codes among all two-letter pairs', async () => {
    const { rows } = await asOwner(db, (tx) =>
      tx.query<{ code: string; known: boolean }>(
        `select a.l || b.l as code, public.is_iso_country(a.l || b.l) as known
         from (select chr(c) l from generate_series(65, 90) c) a, (select chr(c) l from generate_series(65, 90) c) b`,
      ),
    );
    expect(rows).toHaveLength(676);
    const wrong = rows.filter((r) => r.known !== isIsoCountry(r.code));
    expect(wrong).toEqual([]);
    expect(rows.filter((r) => r.known)).toHaveLength(249);
  });

  it('current_questionnaire() is the domain’s clientQuestionnaire(): no points, no pass mark', async () => {
    const me = await createUser(db);
    const { rows } = await asActor(db, me, (tx) =>
      tx.query<{ q: unknown }>('select public.current_questionnaire() as q'),
    );
    expect(rows[0]?.q).toEqual(JSON.parse(JSON.stringify(clientQuestionnaire())));
    expect(JSON.stringify(rows[0]?.q)).not.toMatch(/points|passMark/);
  });

  it('scores every combination of answers, and refuses malformed ones, as scoreAppropriateness does', async () => {
    let combos: Record<string, string>[] = [{}];
    for (const q of currentQuestionnaire.questions)
      combos = combos.flatMap((c) => q.options.map((o) => ({ ...c, [q.id]: o.id })));
    const first = combos[0] ?? {};
    const malformed: unknown[] = [
      {},
      { ...first, extra: 'x' },
      { ...first, selling: 'maybe' },
      { ...first, selling: 1 },
      Object.fromEntries(Object.entries(first).slice(1)),
    ];
    const all = [...combos, ...malformed];
    const { rows } = await asOwner(db, (tx) =>
      tx.query<{ i: number; score: number | null }>(
        `select (t.i - 1)::int as i, public.appropriateness_score(t.a) as score
         from jsonb_array_elements($1::jsonb) with ordinality as t(a, i) order by t.i`,
        [JSON.stringify(all)],
      ),
    );
    expect(combos.length).toBe(72);
    const expected = all.map((answers) => {
      const s = scoreAppropriateness(currentQuestionnaire.version, answers);
      return s.ok ? s.score : null;
    });
    expect(rows.map((r) => r.score)).toEqual(expected);
  });

  it('eligibility_decision answers as decideEligibility over the whole case space', async () => {
    const cases = eligibilityCases();
    const input = cases.map((c, i) => ({
      i,
      category: c.classification?.category ?? null,
      country: c.classification?.country ?? null,
      declared_at: iso(c.classification?.declaredAt ?? null),
      now: iso(c.now),
      eligible_countries: c.opportunity.eligibleCountries,
      eligible_categories: c.opportunity.eligibleCategories,
      min_ticket_cents: c.opportunity.minTicketCents,
      amount_cents: c.amountCents,
      questionnaire: c.questionnaire.result,
      questionnaire_at: c.questionnaire.result === 'failed' ? iso(c.questionnaire.at) : null,
      cooling_off_started_at: iso(c.coolingOffStartedAt),
      first_time: c.firstTimeInvestor,
    }));
    const { rows } = await asOwner(db, async (tx) => {
      await tx.exec(`set local timezone = 'Pacific/Chatham'`); // the answer must not depend on the session's zone
      return tx.query<{ code: string | null; at_time: Date | null }>(
        `select d.code, d.at_time
         from jsonb_to_recordset($1::jsonb) as c(
           category text, country text, declared_at timestamptz, now timestamptz, eligible_countries text[],
           eligible_categories text[], min_ticket_cents bigint, amount_cents bigint, questionnaire text,
           questionnaire_at timestamptz, cooling_off_started_at timestamptz, first_time boolean, i integer),
         lateral public.eligibility_decision(c.category, c.country, c.declared_at, c.now, c.eligible_countries,
           c.eligible_categories, c.min_ticket_cents, c.amount_cents, c.questionnaire, c.questionnaire_at,
           c.cooling_off_started_at, c.first_time) d
         order by c.i`,
        [JSON.stringify(input)],
      );
    });
    expect(rows).toHaveLength(cases.length);
    const mismatches: { input: EligibilityInput; sql: unknown; domain: unknown }[] = [];
    cases.forEach((c, index) => {
      const d = decideEligibility(c);
      const domain = d.ok ? { code: null, at: null } : { code: d.code, at: iso(d.at) };
      const row = rows[index];
      const sql = { code: row?.code ?? null, at: row?.at_time ? iso(new Date(row.at_time)) : null };
      if (sql.code !== domain.code || sql.at !== domain.at) mismatches.push({ input: c, sql, domain });
    });
    expect(mismatches.slice(0, 3)).toEqual([]);
  });

  it('says each refusal as eligibilityRefusalMessage does', async () => {
    const at = new Date('2026-11-25T09:30:05.678Z');
    const { rows } = await asOwner(db, (tx) =>
      tx.query<{ code: string; none: string; timed: string }>(
        `select c as code, public.eligibility_refusal_message(c, null) as none,
                public.eligibility_refusal_message(c, $2::timestamptz) as timed
         from unnest($1::text[]) c`,
        [eligibilityRefusals, at.toISOString()],
      ),
    );
    for (const row of rows) {
      const code = row.code as (typeof eligibilityRefusals)[number];
      expect(row.none).toBe(eligibilityRefusalMessage(code, null));
      const timed = code === 'COOLING_OFF_ACTIVE' || code === 'APPROPRIATENESS_REQUIRED' ? at : null;
      expect(row.timed).toBe(eligibilityRefusalMessage(code, timed));
    }
    expect(rows).toHaveLength(eligibilityRefusals.length);
  });
});

const save = 'select * from public.save_investor_profile($1, $2, $3::jsonb)';
const submit = 'select public.submit_appropriateness($1, $2::jsonb) as result';
const acknowledge = 'select * from public.acknowledge_appropriateness_warning()';
const requestToInvest = 'select public.request_to_invest($1) as ends_at';
const eligibility = "select public.investment_eligibility($1, $2) ->> 'code' as code";
const eligibilityAnswer = 'select public.investment_eligibility($1, $2) as answer';

const pass = Object.fromEntries(
  currentQuestionnaire.questions.map((q) => [q.id, [...q.options].sort((a, b) => b.points - a.points)[0]?.id]),
);
const fail = Object.fromEntries(
  currentQuestionnaire.questions.map((q) => [q.id, [...q.options].sort((a, b) => a.points - b.points)[0]?.id]),
);
const version = currentQuestionnaire.version;

async function actionsOf(tx: Transaction, member: Account): Promise<string[]> {
  await tx.exec('reset role');
  const { rows } = await tx.query<{ action: string }>(
    'select action from public.audit_events where member_id = $1 order by id',
    [member.id],
  );
  await become(tx, member);
  return rows.map((r) => r.action);
}

/** Moves the member's stored times back, as the clock moving forward would. */
async function ageBy(tx: Transaction, member: Account, interval: string): Promise<void> {
  await tx.exec('reset role');
  await tx.query(`update public.investor_profiles set declared_at = declared_at - $2::interval where member_id = $1`, [
    member.id,
    interval,
  ]);
  await tx.query(
    `update public.appropriateness_assessments set submitted_at = submitted_at - $2::interval where member_id = $1`,
    [member.id, interval],
  );
  await tx.query(`update public.cooling_off_periods set started_at = started_at - $2::interval where member_id = $1`, [
    member.id,
    interval,
  ]);
  await become(tx, member);
}

/** A member with no investment yet (a new member has none; the delete keeps it so whatever the seed gives). */
async function firstTimer(): Promise<Account> {
  const member = await createUser(db);
  await db.query('delete from public.investments where user_id = $1', [member.id]);
  return member;
}

describe('save_investor_profile', () => {
  const declarations: [string, string, unknown][] = [
    ['DE', 'retail', {}],
    ['FR', 'corporate', {}],
    ['XX', 'retail', {}],
    ['de', 'retail', {}],
    ['DE', 'angel', {}],
    ['DE', 'retail', []],
    ['GB', 'retail', {}],
    ['DE', 'uk_restricted', { statement_signed: true }],
    ['DE', 'professional', { portfolio_over_500k: true }],
    ['DE', 'professional', { portfolio_over_500k: true, ten_trades_a_quarter: 'true' }],
    ['DE', 'professional', { portfolio_over_500k: true, one_year_in_finance: true }],
    ['GB', 'uk_sophisticated', {}],
    ['GB', 'uk_sophisticated', { statement_signed: 'yes' }],
    ['GB', 'uk_high_net_worth', { statement_signed: true }],
  ];

  it.each(declarations)('%s %s %j answers as classificationError does', async (country, category, answers) => {
    const me = await createUser(db);
    const result = await asActor(db, me, async (tx) => {
      const attempt = await tryQuery<{ country: string; category: string; declared_at: Date }>(tx, save, [
        country,
        category,
        JSON.stringify(answers),
      ]);
      return {
        attempt,
        actions: await actionsOf(tx, me),
        now: (await tx.query<{ n: Date }>('select now() as n')).rows[0]?.n,
      };
    });
    const error = classificationError(country, category, answers);
    if (error === null) {
      expect(result.attempt.ok).toBe(true);
      if (result.attempt.ok) {
        expect(result.attempt.value.rows[0]).toMatchObject({ country, category });
        expect(result.attempt.value.rows[0]?.declared_at).toEqual(result.now);
      }
      expect(result.actions).toEqual(['investor.classified']);
    } else {
      expect(result.attempt).toEqual({ ok: false, code: '22023', message: classificationErrors[error] });
      expect(result.actions).toEqual([]);
    }
  });

  it('is refused to anon; a member reads only their own profile and writes none directly', async () => {
    const me = await createUser(db);
    const other = await createUser(db);
    const anon = await asActor(db, 'anon', (tx) => tryQuery(tx, save, ['DE', 'retail', '{}']));
    expect(anon).toMatchObject({ ok: false, code: '42501' });
    const seen = await asActor(db, me, async (tx) => {
      await tx.query(save, ['DE', 'retail', '{}']);
      await become(tx, other);
      await tx.query(save, ['FR', 'retail', '{}']);
      await become(tx, me);
      const rows = await tx.query<{ member_id: string }>('select member_id from public.investor_profiles');
      const write = await tryQuery(tx, `update public.investor_profiles set category = 'professional'`);
      const insert = await tryQuery(
        tx,
        `insert into public.investor_profiles (member_id, country, category) values ($1, 'DE', 'corporate')`,
        [other.id],
      );
      return { rows: rows.rows.map((r) => r.member_id), write, insert };
    });
    expect(seen.rows).toEqual([me.id]);
    expect(seen.write).toMatchObject({ ok: false, code: '42501' });
    expect(seen.insert).toMatchObject({ ok: false, code: '42501' });
  });
});

describe('submit_appropriateness and acknowledge_appropriateness_warning', () => {
  it('scores on the server, keeps the answers with the version and records it', async () => {
    const me = await createUser(db);
    const out = await asActor(db, me, async (tx) => {
      await tx.query(save, ['DE', 'retail', '{}']);
      const passed = await tx.query<{ result: Record<string, unknown> }>(submit, [version, JSON.stringify(pass)]);
      const kept = await tx.query('select version, answers, score, passed from public.appropriateness_assessments');
      return { passed: passed.rows[0]?.result, kept: kept.rows, actions: await actionsOf(tx, me) };
    });
    expect(out.passed).toMatchObject({ version, score: 5, passed: true, retake_at: null });
    expect(out.kept).toEqual([{ version, answers: pass, score: 5, passed: true }]);
    expect(out.actions).toEqual(['investor.classified', 'appropriateness.submitted']);
  });

  it('refuses another version, bad answers, an unclassified member and a professional', async () => {
    const me = await createUser(db);
    const out = await asActor(db, me, async (tx) => ({
      unclassified: await tryQuery(tx, submit, [version, JSON.stringify(pass)]),
      version: await tryQuery(tx, submit, ['v0', JSON.stringify(pass)]),
      answers: await tryQuery(tx, submit, [version, JSON.stringify({ ...pass, selling: 'perhaps' })]),
      professional: await (async () => {
        await tx.query(save, [
          'DE',
          'professional',
          JSON.stringify({ portfolio_over_500k: true, one_year_in_finance: true }),
        ]);
        // A professional status counts once compliance approved it (hardening-declarations.test.ts).
        await tx.exec('reset role');
        await tx.query(`update public.investor_profiles set professional_status = 'approved' where member_id = $1`, [
          me.id,
        ]);
        await become(tx, me);
        return tryQuery(tx, submit, [version, JSON.stringify(pass)]);
      })(),
      acknowledgeUnclassified: null,
    }));
    expect(out.unclassified).toEqual({
      ok: false,
      code: 'P0001',
      message: 'tell us your country and investor category first',
    });
    expect(out.version).toEqual({ ok: false, code: '22023', message: 'this is not the current questionnaire' });
    expect(out.answers).toEqual({
      ok: false,
      code: '22023',
      message: 'answers must give one of its options for every question',
    });
    expect(out.professional).toEqual({
      ok: false,
      code: 'P0001',
      message: 'professional and corporate investors are not asked the questionnaire',
    });
  });

  it('lets an EU retail investor acknowledge a failed result, once, and go ahead', async () => {
    const me = await createUser(db);
    const out = await asActor(db, me, async (tx) => {
      await tx.query(save, ['DE', 'retail', '{}']);
      const nothing = await tryQuery(tx, acknowledge);
      const failed = await tx.query<{ result: Record<string, unknown> }>(submit, [version, JSON.stringify(fail)]);
      const before = await tx.query<{ code: string | null }>(eligibility, ['solar-park-groningen', 10_000]);
      const first = await tx.query<{ acknowledged_at: Date | null }>(acknowledge);
      const again = await tx.query<{ acknowledged_at: Date | null }>(acknowledge);
      const after = await tx.query<{ code: string | null }>(eligibility, ['solar-park-groningen', 10_000]);
      return {
        nothing,
        failed: failed.rows[0]?.result,
        before: before.rows[0]?.code,
        acknowledged: first.rows[0]?.acknowledged_at !== null,
        same: first.rows[0]?.acknowledged_at?.getTime() === again.rows[0]?.acknowledged_at?.getTime(),
        after: after.rows[0]?.code,
        actions: await actionsOf(tx, me),
      };
    });
    expect(out.nothing).toEqual({
      ok: false,
      code: 'P0001',
      message: 'there is no appropriateness warning to acknowledge',
    });
    expect(out.failed).toMatchObject({ score: 0, passed: false, retake_at: null });
    expect(out.before).toBe('APPROPRIATENESS_REQUIRED');
    expect(out.acknowledged).toBe(true);
    expect(out.same).toBe(true);
    expect(out.after).toBeNull();
    expect(out.actions).toEqual([
      'investor.classified',
      'appropriateness.submitted',
      'appropriateness.warning_acknowledged',
    ]);
  });

  it('makes a UK investor pass: no acknowledgement, a retake only 24 hours after a failure', async () => {
    const me = await createUser(db);
    const out = await asActor(db, me, async (tx) => {
      await tx.query(save, ['GB', 'uk_restricted', JSON.stringify({ statement_signed: true })]);
      const failed = await tx.query<{ result: { retake_at: string } }>(submit, [version, JSON.stringify(fail)]);
      const ack = await tryQuery(tx, acknowledge);
      const tooSoon = await tryQuery(tx, submit, [version, JSON.stringify(pass)]);
      await ageBy(tx, me, '23 hours 59 minutes');
      const stillTooSoon = await tryQuery(tx, submit, [version, JSON.stringify(pass)]);
      await ageBy(tx, me, '1 minute');
      const retake = await tryQuery<{ result: { passed: boolean } }>(tx, submit, [version, JSON.stringify(pass)]);
      const now = (await tx.query<{ n: Date }>('select now() as n')).rows[0]?.n;
      return { failed: failed.rows[0]?.result, ack, tooSoon, stillTooSoon, retake, now };
    });
    expect(new Date(out.failed?.retake_at ?? 0).getTime()).toBe((out.now?.getTime() ?? 0) + 24 * 3_600_000);
    expect(out.ack).toEqual({
      ok: false,
      code: 'P0001',
      message: 'UK investors must pass the test; a warning cannot be acknowledged',
    });
    const tooSoon = { ok: false, code: 'P0001', message: 'a failed test can be taken again 24 hours after it' };
    expect(out.tooSoon).toEqual(tooSoon);
    expect(out.stillTooSoon).toEqual(tooSoon);
    expect(out.retake.ok && out.retake.value.rows[0]?.result.passed).toBe(true);
  });
});

describe('request_to_invest', () => {
  it('starts a UK first-time investor’s cooling-off once and says when it ends; nobody else’s', async () => {
    const uk = await firstTimer();
    const out = await asActor(db, uk, async (tx) => {
      const unclassified = await tx.query<{ ends_at: Date | null }>(requestToInvest, ['solar-park-groningen']);
      await tx.query(save, ['GB', 'uk_high_net_worth', JSON.stringify({ statement_signed: true })]);
      const first = await tx.query<{ ends_at: Date | null }>(requestToInvest, ['solar-park-groningen']);
      const again = await tx.query<{ ends_at: Date | null }>(requestToInvest, ['offshore-wind-baltic']);
      const unknown = await tryQuery(tx, requestToInvest, ['no-such-opportunity']);
      const now = (await tx.query<{ n: Date }>('select now() as n')).rows[0]?.n;
      return {
        unclassified: unclassified.rows[0]?.ends_at,
        first: first.rows[0]?.ends_at,
        again: again.rows[0]?.ends_at,
        unknown,
        now,
        actions: await actionsOf(tx, uk),
      };
    });
    expect(out.unclassified).toBeNull();
    expect(out.first?.getTime()).toBe((out.now?.getTime() ?? 0) + 24 * 3_600_000);
    expect(out.again?.getTime()).toBe(out.first?.getTime());
    expect(out.unknown).toEqual({ ok: false, code: '22023', message: 'unknown opportunity' });
    expect(out.actions).toEqual(['investor.classified', 'investment.cooling_off_started']);

    const eu = await firstTimer();
    const euOut = await asActor(db, eu, async (tx) => {
      await tx.query(save, ['IE', 'retail', '{}']);
      return (await tx.query<{ ends_at: Date | null }>(requestToInvest, ['solar-park-groningen'])).rows[0]?.ends_at;
    });
    expect(euOut).toBeNull();
  });
});

describe('the first-time investor', () => {
  const ukRequest = async (member: Account) =>
    asActor(db, member, async (tx) => {
      await tx.query(save, ['GB', 'uk_restricted', JSON.stringify({ statement_signed: true })]);
      return (await tx.query<{ ends_at: Date | null }>(requestToInvest, ['solar-park-groningen'])).rows[0]?.ends_at;
    });
  const firstTime = async (member: Account) =>
    (
      await asOwner(db, (tx) =>
        tx.query<{ first: boolean }>('select public.is_first_time_investor($1) as first', [member.id]),
      )
    ).rows[0]?.first;

  it('gives a new member no investment (sample history is the demo investor’s), and rows marked sample do not count', async () => {
    const member = await createUser(db); // demo mode is on in the seed: still no investment of theirs
    const owned = () =>
      db.query<{ sample: boolean; n: number }>(
        'select sample, count(*)::int as n from public.investments where user_id = $1 group by sample',
        [member.id],
      );
    expect((await owned()).rows).toEqual([]);
    expect(await firstTime(member)).toBe(true);
    // An illustration marked sample (public.investments.sample) is never an investment they made.
    await db.query(
      `insert into public.investments (user_id, opportunity_id, opportunity_name, amount_cents, management_fee_cents,
         card_fee_cents, total_cents, method, status, decided_at, sample)
       select $1, r.opportunity_id, r.opportunity_name, r.amount_cents, r.management_fee_cents, r.card_fee_cents,
         r.total_cents, r.method, r.status, r.decided_at, true
       from public.sample_member_rows s
       cross join lateral jsonb_populate_record(null::public.investments, s.data - 'id' - 'user_id' - 'idempotency_key') r
       where s.table_name = 'investments'`,
      [member.id],
    );
    expect((await owned()).rows).toEqual([{ sample: true, n: sampleMemberRows.investments.length }]);
    expect(await firstTime(member)).toBe(true);
    expect(await ukRequest(member)).toBeInstanceOf(Date);
  });

  it('is no longer first-time with an investment of their own, unless it was rejected or cancelled', async () => {
    const member = await createUser(db);
    const add = (status: string) =>
      db.query(
        `insert into public.investments (user_id, opportunity_id, opportunity_name, amount_cents, management_fee_cents,
           card_fee_cents, total_cents, method, status)
         values ($1, 'solar-park-groningen', 'Groningen Solar Park II', 100000, 1000, 0, 101000, 'bank', $2)`,
        [member.id, status],
      );
    await add('Rejected');
    await add('Cancelled');
    expect(await firstTime(member)).toBe(true);
    await add('Pending');
    expect(await firstTime(member)).toBe(false);
    expect(await ukRequest(member)).toBeNull();
  });
});

describe('investment_eligibility', () => {
  async function restrict(
    tx: Transaction,
    id: string,
    countries: string[] | null,
    categories: string[] | null,
    min: number | null,
  ) {
    await tx.query(
      'update public.opportunities set eligible_countries = $2, eligible_categories = $3, min_ticket_cents = $4 where id = $1',
      [id, countries, categories, min],
    );
  }

  it('seeds the sample opportunities as the domain has them: no minimum, no category limit, one limited to the EEA', async () => {
    const { rows } = await db.query<{
      id: string;
      countries: string[] | null;
      categories: string[] | null;
      min: number | null;
    }>(
      `select id, eligible_countries as countries, eligible_categories as categories, min_ticket_cents as min
       from public.opportunities where eligible_countries is not null or eligible_categories is not null or min_ticket_cents is not null`,
    );
    const restricted = sampleSharedRows.opportunities.filter((o) => o.eligible_countries);
    expect(restricted.map((o) => o.id)).toEqual(['affordable-homes-lisbon']);
    expect(rows).toEqual(
      restricted.map((o) => ({ id: o.id, countries: o.eligible_countries, categories: null, min: null })),
    );
    expect(restricted[0]?.eligible_countries).toEqual([...eeaCountryCodes]);
    expect(eeaCountryCodes).not.toContain('GB');
  });

  it('refuses a UK resident the EEA-only sample with COUNTRY_NOT_ELIGIBLE, and admits an EEA company', async () => {
    const ask = async (member: Account, country: string, category: string, answers: object) =>
      asActor(db, member, async (tx) => {
        await tx.query(save, [country, category, JSON.stringify(answers)]);
        return (await tx.query<{ code: string | null }>(eligibility, ['affordable-homes-lisbon', 500_000])).rows[0]
          ?.code;
      });
    expect(await ask(await createUser(db), 'GB', 'uk_sophisticated', { statement_signed: true })).toBe(
      'COUNTRY_NOT_ELIGIBLE',
    );
    expect(await ask(await createUser(db), 'NL', 'corporate', {})).toBeNull();
  });

  it('gives each refusal in order as the member fixes the one before', async () => {
    const me = await firstTimer();
    const steps = await asActor(db, me, async (tx) => {
      await tx.exec('reset role');
      await restrict(tx, 'solar-park-groningen', ['GB'], ['uk_restricted', 'uk_high_net_worth'], 500_000);
      await become(tx, me);
      const code = async (amount = 500_000) =>
        (await tx.query<{ code: string | null }>(eligibility, ['solar-park-groningen', amount])).rows[0]?.code ?? null;
      const seen: (string | null)[] = [];
      seen.push(await code()); // not classified
      await tx.query(save, ['GB', 'uk_sophisticated', JSON.stringify({ statement_signed: true })]);
      await ageBy(tx, me, '12 months');
      seen.push(await code()); // the statement is 12 months old
      await tx.query(save, ['DE', 'retail', '{}']);
      seen.push(await code()); // Germany is not eligible
      await tx.query(save, ['GB', 'uk_sophisticated', JSON.stringify({ statement_signed: true })]);
      seen.push(await code()); // sophisticated is not eligible
      await tx.query(save, ['GB', 'uk_restricted', JSON.stringify({ statement_signed: true })]);
      seen.push(await code(499_999)); // below the minimum
      seen.push(await code()); // cooling-off not started
      await tx.query(requestToInvest, ['solar-park-groningen']);
      seen.push(await code()); // cooling-off running
      await ageBy(tx, me, '24 hours');
      seen.push(await code()); // questionnaire not taken
      await tx.query(submit, [version, JSON.stringify(pass)]);
      seen.push(await code()); // eligible
      const zero = await tryQuery(tx, eligibility, ['solar-park-groningen', 0]);
      const unknown = await tryQuery(tx, eligibility, ['nope', 100]);
      return { seen, zero, unknown };
    });
    // Each code once, in the order; the cooling-off twice (not started yet, then running).
    expect(steps.seen).toEqual([
      ...eligibilityRefusals.slice(0, 6),
      'COOLING_OFF_ACTIVE',
      'APPROPRIATENESS_REQUIRED',
      null,
    ]);
    expect(steps.zero).toEqual({
      ok: false,
      code: '22023',
      message: 'amount_cents must be a positive whole number of cents',
    });
    expect(steps.unknown).toEqual({ ok: false, code: '22023', message: 'unknown opportunity' });
  });

  it("answers COOLING_OFF_ACTIVE with when the cooling-off ends (request_to_invest's end), none before it starts, and the retake time", async () => {
    const me = await firstTimer();
    const seen = await asActor(db, me, async (tx) => {
      const answer = async () =>
        (await tx.query<{ answer: unknown }>(eligibilityAnswer, ['solar-park-groningen', 100])).rows[0]?.answer;
      await tx.query(save, ['GB', 'uk_restricted', JSON.stringify({ statement_signed: true })]);
      const before = await answer();
      const endsAt = (await tx.query<{ ends_at: Date }>(requestToInvest, ['solar-park-groningen'])).rows[0]?.ends_at;
      const during = await answer();
      await ageBy(tx, me, '1 hour');
      const anHourOn = await answer();
      await ageBy(tx, me, '23 hours');
      await tx.query(submit, [version, JSON.stringify(fail)]);
      const failed = await answer();
      const now = (await tx.query<{ now: Date }>('select now() as now')).rows[0]?.now;
      return { before, endsAt, during, anHourOn, failed, now };
    });
    expect(seen.before).toEqual({ code: 'COOLING_OFF_ACTIVE', at: null });
    expect(seen.endsAt).toBeInstanceOf(Date);
    const endsAt = seen.endsAt?.getTime() ?? Number.NaN;
    // The end the screen reads, as the domain parses it, is the one request_to_invest answered…
    expect(parseEligibilityAnswer(seen.during)).toEqual({ refusal: 'COOLING_OFF_ACTIVE', at: new Date(endsAt) });
    // …and it is stored, not computed from the call: an hour later it is an hour nearer.
    expect(parseEligibilityAnswer(seen.anHourOn)).toEqual({
      refusal: 'COOLING_OFF_ACTIVE',
      at: new Date(endsAt - 3_600_000),
    });
    // A failed UK test, past the cooling-off: the time it may be taken again, 24 hours on.
    expect(parseEligibilityAnswer(seen.failed)).toEqual({
      refusal: 'APPROPRIATENESS_REQUIRED',
      at: new Date((seen.now?.getTime() ?? Number.NaN) + 24 * 3_600_000),
    });
  });

  it('answers null when nothing refuses', async () => {
    const me = await createUser(db);
    const answer = await asActor(db, me, async (tx) => {
      await tx.query(save, ['NL', 'corporate', '{}']);
      return (await tx.query<{ answer: unknown }>(eligibilityAnswer, ['solar-park-groningen', 100])).rows[0]?.answer;
    });
    expect(answer).toBeNull();
    expect(parseEligibilityAnswer(answer)).toEqual({ refusal: null, at: null });
  });

  it('is refused to anon', async () => {
    expect(await asActor(db, 'anon', (tx) => tryQuery(tx, eligibility, ['solar-park-groningen', 100]))).toMatchObject({
      ok: false,
      code: '42501',
    });
  });
});

describe('the internal helpers and tables of eligibility', () => {
  it.each([
    'is_iso_country',
    'appropriateness_score',
    'eligibility_decision',
    'eligibility_refusal_message',
    'is_first_time_investor',
    'member_eligibility',
  ])('%s is executable by no client role and not by the service role', async (name) => {
    expect(await executeGrants(db, name)).toEqual([{ anon: false, authenticated: false, service_role: false }]);
  });

  it.each(['investor_profiles', 'appropriateness_assessments', 'cooling_off_periods'])(
    '%s has row-level security and an index leading with member_id',
    async (table) => {
      const { rows } = await db.query<{ rls: boolean; indexed: boolean }>(
        `select c.relrowsecurity as rls,
                exists (select 1 from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
                        where i.indrelid = c.oid and a.attname = 'member_id') as indexed
         from pg_class c where c.oid = ('public.' || $1)::regclass`,
        [table],
      );
      expect(rows).toEqual([{ rls: true, indexed: true }]);
    },
  );
});
