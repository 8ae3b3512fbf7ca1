-- Who may invest in what (docs/eligibility.md). The rules are data and one pure function in
-- @vault/domain (packages/domain/src/eligibility/); this file is their SQL twin, proven equal by
-- supabase/tests/eligibility.test.ts.
--
-- * public.investor_profiles: one row per member, their country (ISO 3166-1 alpha-2), investor
--   category, the answers that justify it, and when they declared it. Written only by
--     save_investor_profile(country, category, answers)      the member
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

-- ISO 3166-1 alpha-2, the same list as `isoCountryCodes` in the domain.
create or replace function public.is_iso_country(code text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select code = any (array[
    'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ',
    'BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS',
    'BT', 'BV', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN',
    'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ', 'EC', 'EE',
    'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF',
    'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY', 'HK', 'HM',
    'HN', 'HR', 'HT', 'HU', 'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM',
    'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC',
    'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK',
    'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA',
    'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG',
    'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW',
    'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS',
    'ST', 'SV', 'SX', 'SY', 'SZ', 'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO',
    'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI',
    'VN', 'VU', 'WF', 'WS', 'YE', 'YT', 'ZA', 'ZM', 'ZW'
  ])
$$;
revoke execute on function public.is_iso_country(text) from public, anon, authenticated, service_role;

create table if not exists public.investor_profiles (
  member_id uuid primary key references auth.users (id) on delete cascade,
  country text not null check (country ~ '^[A-Z]{2}$'),
  category text not null check (category in (
    'retail', 'professional', 'corporate', 'uk_restricted', 'uk_high_net_worth', 'uk_sophisticated'
  )),
  answers jsonb not null default '{}'::jsonb check (jsonb_typeof(answers) = 'object'),
  declared_at timestamptz not null default now()
);
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
  member_id uuid not null references auth.users (id) on delete cascade,
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
  member_id uuid primary key references auth.users (id) on delete cascade,
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


-- The questionnaire, as `currentQuestionnaire` in the domain. A new version replaces this
-- function; answers already given keep the version they answered.
create or replace function public.current_questionnaire()
returns jsonb
language sql
immutable
set search_path = ''
as $questionnaire$
  select $json${
  "version": "appropriateness-2026-1",
  "passMark": 4,
  "questions": [
    {
      "id": "what_you_buy",
      "topic": "knowledge",
      "text": "What do you own when you invest in an opportunity on Vault?",
      "options": [
        {
          "id": "share_of_private_asset",
          "text": "A share of a private asset, whose value can fall to nothing",
          "points": 1
        },
        {
          "id": "bank_deposit",
          "text": "A bank deposit covered by a guarantee scheme",
          "points": 0
        },
        {
          "id": "guaranteed_return",
          "text": "A fixed amount I am sure to get back",
          "points": 0
        }
      ]
    },
    {
      "id": "selling",
      "topic": "knowledge",
      "text": "Can you sell your investment whenever you want?",
      "options": [
        {
          "id": "not_always",
          "text": "Not always: there may be no buyer until the term ends",
          "points": 1
        },
        {
          "id": "any_time",
          "text": "Yes, at any time, for at least what I paid",
          "points": 0
        }
      ]
    },
    {
      "id": "private_investments_made",
      "topic": "experience",
      "text": "How many times have you invested in unlisted assets (private companies, private loans, crowdfunding) in the last three years?",
      "options": [
        {
          "id": "never",
          "text": "Never",
          "points": 0
        },
        {
          "id": "one_to_four",
          "text": "One to four times",
          "points": 1
        },
        {
          "id": "five_or_more",
          "text": "Five times or more",
          "points": 1
        }
      ]
    },
    {
      "id": "market_experience",
      "topic": "experience",
      "text": "Have you bought shares, bonds or funds yourself, or worked in finance?",
      "options": [
        {
          "id": "yes",
          "text": "Yes",
          "points": 1
        },
        {
          "id": "no",
          "text": "No",
          "points": 0
        }
      ]
    },
    {
      "id": "losing_everything",
      "topic": "loss_capacity",
      "text": "If you lost all the money you invest here, how would it affect you?",
      "options": [
        {
          "id": "no_change",
          "text": "My standard of living would not change",
          "points": 1
        },
        {
          "id": "must_change",
          "text": "I would have to change how I live",
          "points": 0
        }
      ]
    }
  ]
}$json$::jsonb
$questionnaire$;
revoke execute on function public.current_questionnaire() from public, anon, service_role;
grant execute on function public.current_questionnaire() to authenticated;

-- The score of the options chosen, or null when the answers are not one known option for every
-- question and nothing else (`scoreAppropriateness`).
create or replace function public.appropriateness_score(answers jsonb)
returns integer
language sql
immutable
set search_path = ''
as $$
  select case
    when jsonb_typeof(answers) is distinct from 'object' then null
    when (select count(*) from jsonb_object_keys(answers))
         <> jsonb_array_length(public.current_questionnaire() -> 'questions') then null
    when exists (
      select 1 from jsonb_array_elements(public.current_questionnaire() -> 'questions') q
      where not exists (
        select 1 from jsonb_array_elements(q -> 'options') o
        where o ->> 'id' = answers ->> (q ->> 'id') and jsonb_typeof(answers -> (q ->> 'id')) = 'string'
      )
    ) then null
    else (
      select sum((o ->> 'points')::integer)::integer
      from jsonb_array_elements(public.current_questionnaire() -> 'questions') q,
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
  uk_category boolean := category in ('uk_restricted', 'uk_high_net_worth', 'uk_sophisticated');
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
  if category not in ('professional', 'corporate') then
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

-- A refusal's text (`eligibilityRefusalMessage`).
create or replace function public.eligibility_refusal_message(code text, at_time timestamptz)
returns text
language sql
immutable
set search_path = ''
as $$
  select case code
    when 'NOT_CLASSIFIED' then 'Tell us where you live and what kind of investor you are, then try again.'
    when 'DECLARATION_EXPIRED' then 'Your investor statement is more than 12 months old. Sign it again, then try again.'
    when 'COUNTRY_NOT_ELIGIBLE' then 'This opportunity is not offered where you live. Choose another opportunity.'
    when 'CATEGORY_NOT_ELIGIBLE' then 'This opportunity is not offered to your investor category. Choose another opportunity.'
    when 'BELOW_MINIMUM' then 'This amount is below the minimum for this opportunity. Enter at least the minimum.'
    when 'COOLING_OFF_ACTIVE' then case when at_time is null
      then 'As a first-time investor you have a 24-hour cooling-off period. Ask to invest to start it.'
      else 'Your 24-hour cooling-off period ends at '
        || to_char(at_time at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') || ' UTC. Come back then to continue.'
      end
    when 'APPROPRIATENESS_REQUIRED' then case when at_time is null
      then 'Answer the appropriateness questions, then try again.'
      else 'You did not pass the appropriateness questions. You can take them again after '
        || to_char(at_time at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') || ' UTC.'
      end
  end
$$;
revoke execute on function public.eligibility_refusal_message(text, timestamptz) from public, anon, authenticated, service_role;

-- A UK first-time investor (COBS 4.12A cooling-off, docs/eligibility.md) is one who has not yet
-- invested through Vault. The copies of the sample investments every member receives while demo
-- mode is on (public.investments.sample, set by the new-user trigger) are illustration, not
-- investments they made: they do not count. Only an investment the member submitted
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

-- The member's decision for an opportunity and an amount: gathers their rows and asks
-- eligibility_decision. Internal: investment_eligibility and submit_investment call it.
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
  decision record;
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
  select * into decision from public.eligibility_decision(
    investor.category, investor.country, investor.declared_at, now(),
    opportunity.eligible_countries, opportunity.eligible_categories, opportunity.min_ticket_cents,
    member_eligibility.amount_cents,
    case
      when latest.id is null then 'not_taken'
      when latest.passed then 'passed'
      when latest.acknowledged_at is not null then 'acknowledged'
      else 'failed'
    end,
    latest.submitted_at,
    cooling_off_started_at,
    public.is_first_time_investor(member_eligibility.member_id)
  );
  code := decision.code;
  at_time := decision.at_time;
end
$$;
revoke execute on function public.member_eligibility(uuid, text, bigint) from public, anon, authenticated, service_role;

-- The member declares their country and category. Validated as `classificationError` does;
-- the declaration date is the server's.
create or replace function public.save_investor_profile(country text, category text, answers jsonb)
returns public.investor_profiles
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  uk_category boolean;
  result public.investor_profiles;
begin
  if me is null then
    raise exception using errcode = '42501', message = 'not signed in';
  end if;
  if country is null or not public.is_iso_country(country) then
    raise exception using errcode = '22023', message = 'country must be an ISO 3166-1 alpha-2 code such as DE or GB';
  end if;
  if category is null or category not in (
    'retail', 'professional', 'corporate', 'uk_restricted', 'uk_high_net_worth', 'uk_sophisticated'
  ) then
    raise exception using errcode = '22023',
      message = 'category must be retail, professional, corporate, uk_restricted, uk_high_net_worth or uk_sophisticated';
  end if;
  if jsonb_typeof(answers) is distinct from 'object' then
    raise exception using errcode = '22023', message = 'answers must be a JSON object';
  end if;
  uk_category := category in ('uk_restricted', 'uk_high_net_worth', 'uk_sophisticated');
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
  insert into public.investor_profiles as p (member_id, country, category, answers, declared_at)
  values (me, save_investor_profile.country, save_investor_profile.category, save_investor_profile.answers, now())
  on conflict on constraint investor_profiles_pkey do update set
    country = excluded.country, category = excluded.category, answers = excluded.answers, declared_at = excluded.declared_at
  returning * into result;
  perform public.audit_append(
    'investor.classified', me, 'investor_profile', me::text,
    jsonb_build_object('country', result.country, 'category', result.category, 'answers', result.answers)
  );
  return result;
end
$$;
revoke execute on function public.save_investor_profile(text, text, jsonb) from public, anon, service_role;
grant execute on function public.save_investor_profile(text, text, jsonb) to authenticated;

-- The member answers the questionnaire; the server scores it and keeps the answers with the
-- version. Not asked of professionals and companies; a UK investor who failed waits 24 hours.
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
  questionnaire jsonb := public.current_questionnaire();
  score integer;
  saved public.appropriateness_assessments;
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
  if investor.category in ('professional', 'corporate') then
    raise exception using errcode = 'P0001', message = 'professional and corporate investors are not asked the questionnaire';
  end if;
  -- One submission at a time per member, so the retake rule sees the latest.
  perform 1 from public.profiles p where p.id = me for update;
  select * into latest from public.appropriateness_assessments a
    where a.member_id = me order by a.submitted_at desc, a.id desc limit 1;
  if investor.category in ('uk_restricted', 'uk_high_net_worth', 'uk_sophisticated')
     and latest.id is not null and not latest.passed and now() < latest.submitted_at + interval '24 hours' then
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
      when not saved.passed and investor.category like 'uk\_%' then saved.submitted_at + interval '24 hours'
    end
  );
end
$$;
revoke execute on function public.submit_appropriateness(text, jsonb) from public, anon, service_role;
grant execute on function public.submit_appropriateness(text, jsonb) to authenticated;

-- An EU retail investor whose latest result is "not appropriate" confirms the warning and may
-- go ahead. A retry changes nothing. A UK investor must pass instead.
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
  if investor.category in ('uk_restricted', 'uk_high_net_worth', 'uk_sophisticated') then
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

-- The member asks to invest in an opportunity. For a UK first-time investor the first request
-- starts the 24-hour cooling-off (once; a retry keeps the first start). Returns when it ends,
-- or null when none applies.
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
  if not found or investor.country <> 'GB' or not public.is_first_time_investor(me) then
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

