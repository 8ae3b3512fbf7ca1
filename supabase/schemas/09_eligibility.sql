-- Who may invest in what (docs/eligibility.md). The rules are data and one pure function in
-- @vault/domain (packages/domain/src/eligibility/); this file is their SQL twin, proven equal by
-- supabase/tests/eligibility.test.ts.
--
-- * public.investor_profiles: one row per member, their country (ISO 3166-1 alpha-2), investor
--   category, the answers that justify it, and when they declared it. Written only by
--     save_investor_profile(country, category, answers)      the member
--     list_professional_reviews()                             compliance or the admin flag
--     review_professional_status(member_id, decision, reason) compliance or the admin flag
-- * public.appropriateness_assessments: every questionnaire submitted, with its version, answers,
--   score and result, and when an EU retail investor acknowledged a "not appropriate" warning.
--     current_questionnaire()                                 anyone signed in
--     submit_appropriateness(version, answers)                the member
--     acknowledge_appropriateness_warning()                   the member
-- * public.cooling_off_periods: when a UK first-time investor first asked to invest.
--     request_to_invest(opportunity_id)                       the member
-- * opportunities: eligible_countries, eligible_categories (null: all), min_ticket_cents (null:
--   no minimum; the samples' displayed minimum stays text in "minInvestment").
--     investment_eligibility(opportunity_id, amount_cents)    the member: the first refusal or null
-- * Errors (packages/domain/src/backend/actionErrors.ts): 42501 not signed in, 22023 an argument
--   that is not valid, P0001 a valid request the current state refuses.

create table if not exists public.investor_profiles (
  member_id uuid primary key,  -- kept when the account is deleted (retention)
  country text not null check (country ~ '^[A-Z]{2}$'),
  category text not null check (public.is_investor_category(category)),
  answers jsonb not null default '{}'::jsonb check (jsonb_typeof(answers) = 'object'),
  declared_at timestamptz not null default now(),
  -- The declaration this one replaced, whose stricter rules hold until previous_until (30 days).
  previous_country text,
  previous_category text,
  previous_until timestamptz,
  -- A declared professional status waits for compliance (review_professional_status).
  professional_status text check (professional_status is null or professional_status in ('pending', 'approved', 'rejected')),
  professional_reason text check (professional_reason is null or char_length(professional_reason) between 1 and 500)
);
-- Compliance reviews professional requests: it reads every declaration.
create index if not exists investor_profiles_professional_pending_idx on public.investor_profiles (declared_at)
  where professional_status = 'pending';
alter table public.investor_profiles enable row level security;
revoke all on table public.investor_profiles from public, anon, authenticated, service_role;
grant select on table public.investor_profiles to authenticated, service_role;
-- A member record of the table contract (packages/domain/src/backend/tables.ts,
-- docs/eligibility.md): the member reads their own row (the app shows a UK first-time investor the
-- FCA's risk warning from its country), and compliance, mfo_admin and the admin flag read every
-- member's, as they read the other records about a member (the signatures, the audit trail).
-- Nobody writes it but save_investor_profile.
drop policy if exists investor_profiles_read on public.investor_profiles;
create policy investor_profiles_read on public.investor_profiles
  for select to authenticated
  using (
    member_id = (select auth.uid())
    or (select public.vault_role()) in ('compliance', 'mfo_admin')
    or (select public.vault_is_admin())
  );

create table if not exists public.appropriateness_assessments (
  id bigint generated always as identity primary key,
  member_id uuid not null,  -- kept when the account is deleted (retention)
  version text not null check (char_length(version) between 1 and 100),
  answers jsonb not null check (jsonb_typeof(answers) = 'object'),
  score integer not null check (score >= 0),
  passed boolean not null,
  submitted_at timestamptz not null default now(),
  acknowledged_at timestamptz check (acknowledged_at is null or not passed)
);
create index if not exists appropriateness_assessments_member_id_idx
  on public.appropriateness_assessments (member_id, submitted_at desc, id desc);
alter table public.appropriateness_assessments enable row level security;
revoke all on table public.appropriateness_assessments from public, anon, authenticated, service_role;
grant select on table public.appropriateness_assessments to authenticated, service_role;
drop policy if exists appropriateness_assessments_own on public.appropriateness_assessments;
create policy appropriateness_assessments_own on public.appropriateness_assessments
  for select to authenticated
  using (member_id = (select auth.uid()));

create table if not exists public.cooling_off_periods (
  member_id uuid primary key,  -- kept when the account is deleted (retention)
  started_at timestamptz not null default now(),
  opportunity_id text not null
);
alter table public.cooling_off_periods enable row level security;
revoke all on table public.cooling_off_periods from public, anon, authenticated, service_role;
grant select on table public.cooling_off_periods to authenticated, service_role;
drop policy if exists cooling_off_periods_own on public.cooling_off_periods;
create policy cooling_off_periods_own on public.cooling_off_periods
  for select to authenticated
  using (member_id = (select auth.uid()));


-- The questionnaire as the member reads it: version, questions and options, no points and no
-- pass mark, so the answers that pass cannot be read off it. Security definer: it reads the
-- scored copy, which no client may.
create or replace function public.current_questionnaire()
returns jsonb
language sql
immutable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'version', q -> 'version',
    'questions', (
      select jsonb_agg(
        jsonb_build_object(
          'id', question -> 'id', 'topic', question -> 'topic', 'text', question -> 'text',
          'options', (select jsonb_agg(o - 'points' order by n) from jsonb_array_elements(question -> 'options') with ordinality as x (o, n))
        ) order by i)
      from jsonb_array_elements(q -> 'questions') with ordinality as y (question, i)
    )
  )
  from (select public.appropriateness_questionnaire() as q) s
$$;
revoke execute on function public.current_questionnaire() from public, anon, service_role;
grant execute on function public.current_questionnaire() to authenticated;

-- The score of the options chosen, or null when the answers are not one known option for every
-- question and nothing else (`scoreAppropriateness`), or are over 2 KB.
create or replace function public.appropriateness_score(answers jsonb)
returns integer
language sql
immutable
set search_path = ''
as $$
  select case
    when jsonb_typeof(answers) is distinct from 'object' then null
    when octet_length(answers::text) > 2048 then null
    when (select count(*) from jsonb_object_keys(answers))
         <> jsonb_array_length(public.appropriateness_questionnaire() -> 'questions') then null
    when exists (
      select 1 from jsonb_array_elements(public.appropriateness_questionnaire() -> 'questions') q
      where not exists (
        select 1 from jsonb_array_elements(q -> 'options') o
        where o ->> 'id' = answers ->> (q ->> 'id') and jsonb_typeof(answers -> (q ->> 'id')) = 'string'
      )
    ) then null
    else (
      select sum((o ->> 'points')::integer)::integer
      from jsonb_array_elements(public.appropriateness_questionnaire() -> 'questions') q,
           jsonb_array_elements(q -> 'options') o
      where o ->> 'id' = answers ->> (q ->> 'id')
    )
  end
$$;
revoke execute on function public.appropriateness_score(jsonb) from public, anon, authenticated, service_role;

-- The eligibility decision, `decideEligibility` in the domain: the first refusal that applies,
-- with its time (the cooling-off end; a UK retake time), or a null code. Pure.
--   questionnaire: not_taken, passed, failed (at questionnaire_at) or acknowledged.
create or replace function public.eligibility_decision(
  category text,
  country text,
  declared_at timestamptz,
  now timestamptz,
  eligible_countries text[],
  eligible_categories text[],
  min_ticket_cents bigint,
  amount_cents bigint,
  questionnaire text,
  questionnaire_at timestamptz,
  cooling_off_started_at timestamptz,
  first_time_investor boolean,
  out code text,
  out at_time timestamptz
)
language plpgsql
immutable
set search_path = ''
as $$
declare
  uk_category boolean := public.is_uk_category(category);
begin
  at_time := null;
  if category is null then
    code := 'NOT_CLASSIFIED'; return;
  end if;
  -- 12 calendar months in UTC, the day clamped to the month's end (`addMonthsUtc`).
  if uk_category and now >= ((declared_at at time zone 'UTC') + interval '12 months') at time zone 'UTC' then
    code := 'DECLARATION_EXPIRED'; return;
  end if;
  if eligible_countries is not null and not (country = any (eligible_countries)) then
    code := 'COUNTRY_NOT_ELIGIBLE'; return;
  end if;
  if eligible_categories is not null and not (category = any (eligible_categories)) then
    code := 'CATEGORY_NOT_ELIGIBLE'; return;
  end if;
  if min_ticket_cents is not null and amount_cents < min_ticket_cents then
    code := 'BELOW_MINIMUM'; return;
  end if;
  if country = 'GB' and first_time_investor then
    at_time := cooling_off_started_at + interval '24 hours';
    if at_time is null or now < at_time then
      code := 'COOLING_OFF_ACTIVE'; return;
    end if;
    at_time := null;
  end if;
  if not public.skips_appropriateness(category) then
    if questionnaire = 'not_taken' or (questionnaire = 'acknowledged' and uk_category) then
      code := 'APPROPRIATENESS_REQUIRED'; return;
    end if;
    if questionnaire = 'failed' then
      if uk_category and now < questionnaire_at + interval '24 hours' then
        at_time := questionnaire_at + interval '24 hours';
      end if;
      code := 'APPROPRIATENESS_REQUIRED'; return;
    end if;
  end if;
  code := null;
end
$$;
revoke execute on function public.eligibility_decision(text, text, timestamptz, timestamptz, text[], text[], bigint, bigint, text, timestamptz, timestamptz, boolean)
  from public, anon, authenticated, service_role;

-- A UK first-time investor (COBS 4.12A cooling-off, docs/eligibility.md) is one who has not yet
-- invested through Vault. A row marked sample (public.investments.sample: an illustration, as the
-- demo copies of the sample investments once were) is not an investment they made: it does not
-- count. A new member has none; the demo investor's sample history is real, funded investments
-- (seed.sql), so it counts. Only an investment the member submitted
-- (submit_investment) that was not rejected or cancelled does (`countsAsPriorInvestment` in
-- packages/domain/src/eligibility/decision.ts).
create or replace function public.is_first_time_investor(member_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select not exists (
    select 1 from public.investments i
    where i.user_id = is_first_time_investor.member_id
      and not i.sample
      and i.status not in ('Rejected', 'Cancelled')
  )
$$;
revoke execute on function public.is_first_time_investor(uuid) from public, anon, authenticated, service_role;

create or replace function public.member_eligibility(
  member_id uuid,
  opportunity_id text,
  amount_cents bigint,
  out code text,
  out at_time timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  opportunity public.opportunities;
  investor public.investor_profiles;
  latest public.appropriateness_assessments;
  cooling_off_started_at timestamptz;
  questionnaire text;
  first_time boolean;
  decision record;
  earlier record;
begin
  select * into opportunity from public.opportunities o where o.id = member_eligibility.opportunity_id;
  if not found then
    raise exception using errcode = '22023', message = 'unknown opportunity';
  end if;
  select * into investor from public.investor_profiles p where p.member_id = member_eligibility.member_id;
  select * into latest from public.appropriateness_assessments a
    where a.member_id = member_eligibility.member_id
    order by a.submitted_at desc, a.id desc limit 1;
  select c.started_at into cooling_off_started_at from public.cooling_off_periods c
    where c.member_id = member_eligibility.member_id;
  questionnaire := case
    when latest.id is null then 'not_taken'
    when latest.passed then 'passed'
    when latest.acknowledged_at is not null then 'acknowledged'
    else 'failed'
  end;
  first_time := public.is_first_time_investor(member_eligibility.member_id);
  select * into decision from public.eligibility_decision(
    case when investor.member_id is null then null else public.effective_category(investor) end,
    investor.country, investor.declared_at, now(),
    opportunity.eligible_countries, opportunity.eligible_categories, opportunity.min_ticket_cents,
    member_eligibility.amount_cents,
    questionnaire, latest.submitted_at, cooling_off_started_at, first_time
  );
  code := decision.code;
  at_time := decision.at_time;
  -- Within 30 days of a change, the replaced declaration's cooling-off and appropriateness
  -- rules still hold.
  if code is null and investor.previous_until > now() then
    select * into earlier from public.eligibility_decision(
      case when investor.previous_category = 'professional' then 'retail' else investor.previous_category end,
      investor.previous_country, now(), now(),
      null, null, null, member_eligibility.amount_cents,
      questionnaire, latest.submitted_at, cooling_off_started_at, first_time
    );
    if earlier.code in ('COOLING_OFF_ACTIVE', 'APPROPRIATENESS_REQUIRED') then
      code := earlier.code;
      at_time := earlier.at_time;
    end if;
  end if;
end
$$;
revoke execute on function public.member_eligibility(uuid, text, bigint) from public, anon, authenticated, service_role;

create or replace function public.save_investor_profile(country text, category text, answers jsonb)
returns public.investor_profiles
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  uk_category boolean;
  verified text;
  existing public.investor_profiles;
  result public.investor_profiles;
  changed boolean;
  keep_previous boolean;
begin
  if me is null then
    raise exception using errcode = '42501', message = 'not signed in';
  end if;
  if country is null or not public.is_iso_country(country) then
    raise exception using errcode = '22023', message = 'country must be an ISO 3166-1 alpha-2 code such as DE or GB';
  end if;
  if category is null or not public.is_investor_category(category) then
    raise exception using errcode = '22023',
      message = 'category must be retail, professional, corporate, uk_restricted, uk_high_net_worth or uk_sophisticated';
  end if;
  if jsonb_typeof(answers) is distinct from 'object' then
    raise exception using errcode = '22023', message = 'answers must be a JSON object';
  end if;
  if octet_length(answers::text) > 1024
     or exists (
       select 1 from jsonb_each(answers) e
       where e.key not in ('portfolio_over_500k', 'ten_trades_a_quarter', 'one_year_in_finance', 'statement_signed')
          or jsonb_typeof(e.value) <> 'boolean'
     ) then
    raise exception using errcode = '22023',
      message = 'answers may hold only portfolio_over_500k, ten_trades_a_quarter, one_year_in_finance and statement_signed, each true or false';
  end if;
  uk_category := public.is_uk_category(category);
  if (country = 'GB') <> uk_category then
    raise exception using errcode = '22023', message = 'UK residents take a UK category, and only UK residents do';
  end if;
  if category = 'professional' and (
    select count(*) from unnest(array['portfolio_over_500k', 'ten_trades_a_quarter', 'one_year_in_finance']) k
    where answers -> k = 'true'::jsonb
  ) < 2 then
    raise exception using errcode = '22023', message = 'a professional investor declares at least two of the three criteria';
  end if;
  if uk_category and answers -> 'statement_signed' is distinct from 'true'::jsonb then
    raise exception using errcode = '22023', message = 'this category needs its signed statement (statement_signed: true)';
  end if;
  select c.verified_country into verified from public.kyc_cases c where c.member_id = me;
  if verified is not null and verified <> save_investor_profile.country then
    raise exception using errcode = 'P0001', message = 'your country must be the one your identity verification confirmed';
  end if;
  select * into existing from public.investor_profiles p where p.member_id = me for update;
  changed := existing.member_id is not null
    and (existing.country <> save_investor_profile.country or existing.category <> save_investor_profile.category);
  -- An earlier UK declaration still in force is the stricter one: moving on keeps it.
  keep_previous := public.previous_declaration_uk(existing, now())
    and not public.is_uk_category(existing.category);
  insert into public.investor_profiles as p (
    member_id, country, category, answers, declared_at, professional_status
  )
  values (
    me, save_investor_profile.country, save_investor_profile.category, save_investor_profile.answers, now(),
    case when save_investor_profile.category = 'professional' then 'pending' end
  )
  on conflict on constraint investor_profiles_pkey do update set
    country = excluded.country, category = excluded.category, answers = excluded.answers, declared_at = excluded.declared_at,
    previous_country = case when changed and not keep_previous then p.country else p.previous_country end,
    previous_category = case when changed and not keep_previous then p.category else p.previous_category end,
    previous_until = case when changed and not keep_previous then now() + interval '30 days' else p.previous_until end,
    -- An approved professional status stays approved when the member declares it again.
    professional_status = case
      when excluded.category <> 'professional' then null
      when p.category = 'professional' and p.professional_status = 'approved' then 'approved'
      else 'pending'
    end,
    professional_reason = case
      when excluded.category = 'professional' and p.category = 'professional' and p.professional_status = 'approved'
        then p.professional_reason
    end
  returning * into result;
  perform public.audit_append(
    'investor.classified', me, 'investor_profile', me::text,
    jsonb_build_object('country', result.country, 'category', result.category, 'answers', result.answers,
                       'professional_status', result.professional_status)
  );
  return result;
end
$$;
revoke execute on function public.save_investor_profile(text, text, jsonb) from public, anon, service_role;
grant execute on function public.save_investor_profile(text, text, jsonb) to authenticated;

create or replace function public.submit_appropriateness(version text, answers jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  investor public.investor_profiles;
  latest public.appropriateness_assessments;
  questionnaire jsonb := public.appropriateness_questionnaire();
  score integer;
  saved public.appropriateness_assessments;
  uk_rules boolean;
begin
  if me is null then
    raise exception using errcode = '42501', message = 'not signed in';
  end if;
  if version is distinct from questionnaire ->> 'version' then
    raise exception using errcode = '22023', message = 'this is not the current questionnaire';
  end if;
  score := public.appropriateness_score(answers);
  if score is null then
    raise exception using errcode = '22023', message = 'answers must give one of its options for every question';
  end if;
  select * into investor from public.investor_profiles p where p.member_id = me;
  if not found then
    raise exception using errcode = 'P0001', message = 'tell us your country and investor category first';
  end if;
  if public.skips_appropriateness(public.effective_category(investor)) then
    raise exception using errcode = 'P0001', message = 'professional and corporate investors are not asked the questionnaire';
  end if;
  uk_rules := public.is_uk_category(investor.category)
    or public.previous_declaration_uk(investor, now());
  -- One submission at a time per member, so the retake rule sees the latest.
  perform 1 from public.profiles p where p.id = me for update;
  select * into latest from public.appropriateness_assessments a
    where a.member_id = me order by a.submitted_at desc, a.id desc limit 1;
  if uk_rules and latest.id is not null and not latest.passed and now() < latest.submitted_at + interval '24 hours' then
    raise exception using errcode = 'P0001', message = 'a failed test can be taken again 24 hours after it';
  end if;
  insert into public.appropriateness_assessments (member_id, version, answers, score, passed)
  values (me, submit_appropriateness.version, submit_appropriateness.answers, score,
          score >= (questionnaire ->> 'passMark')::integer)
  returning * into saved;
  perform public.audit_append(
    'appropriateness.submitted', me, 'appropriateness_assessment', saved.id::text,
    jsonb_build_object('version', saved.version, 'score', saved.score, 'passed', saved.passed)
  );
  return jsonb_build_object(
    'version', saved.version,
    'score', saved.score,
    'passed', saved.passed,
    'submitted_at', saved.submitted_at,
    'retake_at', case
      when not saved.passed and uk_rules then saved.submitted_at + interval '24 hours'
    end
  );
end
$$;
revoke execute on function public.submit_appropriateness(text, jsonb) from public, anon, service_role;
grant execute on function public.submit_appropriateness(text, jsonb) to authenticated;

create or replace function public.acknowledge_appropriateness_warning()
returns public.appropriateness_assessments
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  investor public.investor_profiles;
  latest public.appropriateness_assessments;
begin
  if me is null then
    raise exception using errcode = '42501', message = 'not signed in';
  end if;
  select * into investor from public.investor_profiles p where p.member_id = me;
  if not found then
    raise exception using errcode = 'P0001', message = 'tell us your country and investor category first';
  end if;
  if public.is_uk_category(investor.category)
     or public.previous_declaration_uk(investor, now()) then
    raise exception using errcode = 'P0001', message = 'UK investors must pass the test; a warning cannot be acknowledged';
  end if;
  select * into latest from public.appropriateness_assessments a
    where a.member_id = me order by a.submitted_at desc, a.id desc limit 1 for update;
  if latest.id is null or latest.passed then
    raise exception using errcode = 'P0001', message = 'there is no appropriateness warning to acknowledge';
  end if;
  if latest.acknowledged_at is not null then
    return latest;
  end if;
  update public.appropriateness_assessments a set acknowledged_at = now() where a.id = latest.id returning * into latest;
  perform public.audit_append(
    'appropriateness.warning_acknowledged', me, 'appropriateness_assessment', latest.id::text,
    jsonb_build_object('version', latest.version, 'score', latest.score)
  );
  return latest;
end
$$;
revoke execute on function public.acknowledge_appropriateness_warning() from public, anon, service_role;
grant execute on function public.acknowledge_appropriateness_warning() to authenticated;

-- A UK first-time investor's first request starts the 24-hour cooling-off; so does one whose
-- UK declaration was replaced less than 30 days ago.
create or replace function public.request_to_invest(opportunity_id text)
returns timestamptz
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  investor public.investor_profiles;
  started timestamptz;
begin
  if me is null then
    raise exception using errcode = '42501', message = 'not signed in';
  end if;
  if opportunity_id is null or not exists (select 1 from public.opportunities o where o.id = request_to_invest.opportunity_id) then
    raise exception using errcode = '22023', message = 'unknown opportunity';
  end if;
  select * into investor from public.investor_profiles p where p.member_id = me;
  if not found
     or not (investor.country = 'GB' or coalesce(investor.previous_country = 'GB' and investor.previous_until > now(), false))
     or not public.is_first_time_investor(me) then
    return null;
  end if;
  insert into public.cooling_off_periods (member_id, opportunity_id) values (me, request_to_invest.opportunity_id)
    on conflict do nothing
    returning started_at into started;
  if started is not null then
    perform public.audit_append(
      'investment.cooling_off_started', me, 'opportunity', request_to_invest.opportunity_id,
      jsonb_build_object('ends_at', started + interval '24 hours')
    );
  else
    select c.started_at into started from public.cooling_off_periods c where c.member_id = me;
  end if;
  return started + interval '24 hours';
end
$$;
revoke execute on function public.request_to_invest(text) from public, anon, service_role;
grant execute on function public.request_to_invest(text) to authenticated;

-- investment_eligibility answers the refusal's time with its code, so a screen shows a UK
-- first-time investor's cooling-off countdown from the server after a reload
-- (docs/eligibility.md). It returns null when nothing refuses, else
-- {"code": <refusal>, "at": <timestamptz or null>}: `at` is the decision's time
-- (`eligibilityAnswerOf` in packages/domain/src/eligibility/decision.ts): when the cooling-off ends
-- (COOLING_OFF_ACTIVE, null before it has started) or when a failed UK test may be taken again
-- (APPROPRIATENESS_REQUIRED).
create or replace function public.investment_eligibility(opportunity_id text, amount_cents bigint)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  decision record;
begin
  if me is null then
    raise exception using errcode = '42501', message = 'not signed in';
  end if;
  if amount_cents is null or amount_cents <= 0 then
    raise exception using errcode = '22023', message = 'amount_cents must be a positive whole number of cents';
  end if;
  select e.code, e.at_time into decision from public.member_eligibility(me, opportunity_id, amount_cents) e;
  if decision.code is null then
    return null;
  end if;
  return jsonb_build_object('code', decision.code, 'at', decision.at_time);
end
$$;
revoke execute on function public.investment_eligibility(text, bigint) from public, anon, service_role;
grant execute on function public.investment_eligibility(text, bigint) to authenticated;

-- =============================================================================================
-- Declarations: the rules the category and a replaced declaration carry (docs/security.md).
-- The category the rules apply to: a professional status not (yet) approved counts as retail.
create or replace function public.effective_category(investor public.investor_profiles)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when (investor).category = 'professional' and (investor).professional_status is distinct from 'approved' then 'retail'
    else (investor).category
  end
$$;
revoke execute on function public.effective_category(public.investor_profiles) from public, anon, authenticated, service_role;

-- When a subscription submitted at `submitted_at` may be confirmed, by its investor's declaration
-- (null: none): a retail investor's (every category the domain does not let skip it) after the
-- reflection period in which they may cancel (cancellation_window()); a professional's or a
-- company's at once. The one statement of the rule: investment_window_ends_at and an offering's
-- close (offering_reflection_ends_at) both ask it.
create or replace function public.reflection_period_ends_at(submitted_at timestamptz, investor public.investor_profiles)
returns timestamptz
language sql
immutable
set search_path = ''
as $$
  select case when (investor).member_id is not null and public.skips_reflection_period(public.effective_category(investor))
    then submitted_at else submitted_at + public.cancellation_window() end
$$;
revoke execute on function public.reflection_period_ends_at(timestamptz, public.investor_profiles) from public, anon, authenticated, service_role;

-- When one subscription may be confirmed (reflection_period_ends_at, its investor's declaration read).
create or replace function public.investment_window_ends_at(investment public.investments)
returns timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select public.reflection_period_ends_at(investment.submitted_at, p)
  from (select 1) one
  left join public.investor_profiles p on p.member_id = investment.user_id
$$;
revoke execute on function public.investment_window_ends_at(public.investments) from public, anon, authenticated, service_role;

-- Whether the declaration the member replaced less than 30 days ago was a UK one.
create or replace function public.previous_declaration_uk(investor public.investor_profiles, at_time timestamptz)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce((investor).previous_until > at_time
    and public.is_uk_category((investor).previous_category), false)
$$;
revoke execute on function public.previous_declaration_uk(public.investor_profiles, timestamptz) from public, anon, authenticated, service_role;

-- Compliance (or an administrator) decides on a declared professional status; a reason is
-- required unless approving; nobody reviews their own.
create or replace function public.review_professional_status(member_id uuid, decision text, reason text)
returns public.investor_profiles
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  kept_reason text := nullif(btrim(reason), '');
  investor public.investor_profiles;
  event public.audit_events;
begin
  if me is null or not (public.vault_role() = 'compliance' or public.vault_is_admin()) then
    raise exception using errcode = '42501', message = 'only compliance or an administrator may review a professional status';
  end if;
  if review_professional_status.member_id = me then
    raise exception using errcode = '42501', message = 'nobody reviews their own professional status';
  end if;
  if decision is null or decision not in ('approved', 'rejected') then
    raise exception using errcode = '22023', message = 'decision must be approved or rejected';
  end if;
  if decision = 'rejected' and kept_reason is null then
    raise exception using errcode = '22023', message = 'a reason is required when rejecting';
  end if;
  if char_length(kept_reason) > 500 then
    raise exception using errcode = '22023', message = 'reason must be at most 500 characters';
  end if;
  select * into investor from public.investor_profiles p where p.member_id = review_professional_status.member_id for update;
  if not found or investor.professional_status is distinct from 'pending' then
    raise exception using errcode = 'P0001', message = 'there is no professional status waiting for review';
  end if;
  update public.investor_profiles p
    set professional_status = decision, professional_reason = kept_reason
    where p.member_id = review_professional_status.member_id
    returning * into investor;
  event := public.audit_append(
    'investor.professional_reviewed', review_professional_status.member_id, 'investor_profile',
    review_professional_status.member_id::text,
    jsonb_build_object('decision', decision)
      || case when kept_reason is null then '{}'::jsonb else jsonb_build_object('reason', kept_reason) end
  );
  perform public.notify_member(review_professional_status.member_id, event, texts.title, texts.body)
  from public.notification_text(
    case when decision = 'approved'
      then 'investor.professional_reviewed.approved'
      else 'investor.professional_reviewed.rejected'
    end,
    jsonb_build_object('reason', kept_reason)
  ) texts;
  return investor;
end
$$;
revoke execute on function public.review_professional_status(uuid, text, text) from public, anon, service_role;
grant execute on function public.review_professional_status(uuid, text, text) to authenticated;

do $$
begin
  if to_regtype('public.professional_review_row') is null then
    create type public.professional_review_row as (
      member_id uuid,
      name text,
      email text,
      country text,
      category text,
      previous_category text,
      declared_at timestamptz,
      answers jsonb
    );
  end if;
end
$$;

-- The professional declarations waiting for review_professional_status, oldest first, at most
-- 200, without the caller's own (nobody reviews their own); named as the KYC queue names its
-- members. The read is recorded (member.personal_data_viewed, the members listed) as the KYC
-- queue's is. Security definer: it reads the members' emails in auth.users.
create or replace function public.list_professional_reviews()
returns setof public.professional_review_row
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  row_out public.professional_review_row;
  listed text[] := '{}';
begin
  if me is null or not (public.vault_role() = 'compliance' or public.vault_is_admin()) then
    raise exception using errcode = '42501', message = 'only compliance or an administrator may read the professional status requests';
  end if;
  for row_out in
    select ip.member_id, coalesce(nullif(p.name, ''), u.email::text, ''), coalesce(u.email::text, ''),
           ip.country, ip.category, ip.previous_category, ip.declared_at, ip.answers
    from public.investor_profiles ip
    join public.profiles p on p.id = ip.member_id
    join auth.users u on u.id = ip.member_id
    where ip.professional_status = 'pending'
      and ip.member_id <> me
    order by ip.declared_at, ip.member_id
    limit 200
  loop
    listed := listed || row_out.member_id::text;
    return next row_out;
  end loop;
  if cardinality(listed) > 0 then
    perform public.record_personal_data_view(null, 'professional_reviews', jsonb_build_object('members', to_jsonb(listed)));
  end if;
end
$$;
revoke execute on function public.list_professional_reviews() from public, anon, service_role;
grant execute on function public.list_professional_reviews() to authenticated;
