/**
 * The SQL of `npm run bench:db` (run.ts): the fill, and each console query three ways:
 * - 'role': the call the console makes, as its role (`authenticated` with the role's claims),
 *   through row-level security;
 * - 'owner': the same call with the same claims, as the table owner, whom row-level security
 *   does not bind: the ratio role / owner is what row-level security costs;
 * - 'bare': the statement inside the function, on its own, as the owner (for reference).
 */

export const MEMBERS = 100_000;
const AUDIT_EVENTS = 1_000_000;
/** Compliance alerts, most of them resolved: the open ones come first on /compliance. */
const ALERTS = 100_000;
/** One member in this many waits in the KYC queue. */
const PENDING_EVERY = 10;
/** Each timing is the median of this many runs, after one to warm the caches. */
const RUNS = 41;

/** The tables the consoles' queries read; a logged plan that touches none is a role check's. */
export const consoleTables = ['profiles', 'users', 'kyc_cases', 'audit_events', 'compliance_alerts'];

const vaultRoles = `('investor', 'mfo_admin', 'cl_spv_admin', 'eq_spv_admin', 'production_spv', 'compliance')`;

/**
 * Members (through auth.users, as Supabase Auth inserts them: the trigger makes each profile),
 * their KYC cases and readiness (a wallet for half, a first on-ramp for a quarter: one member in
 * ten needs KYC, a steady share of each step), an mfo_admin and a compliance officer, the
 * compliance alerts and the audit events; then ANALYZE.
 * The last step answers one row: the two officers' ids, the cursors of a later page of /users, /audit and
 * /kyc, and a member with events.
 */
export const fillSteps = [
  `update public.app_settings set demo_mode = false;
insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select gen_random_uuid(), 'authenticated', 'authenticated', 'member' || i || '@bench.test',
       jsonb_build_object('role', case when i = 1 then 'mfo_admin' when i = 2 then 'compliance' else 'investor' end),
       jsonb_build_object('name', 'Member ' || i), now() - make_interval(mins => i), now()
from generate_series(1, ${MEMBERS}) as i;`,
  `create table bench_numbered as
  select p.id, row_number() over (order by p.id) as n from public.profiles p;
insert into public.kyc_cases (member_id, submitted_at, decided_at)
  select id, now() - make_interval(secs => n), case when n % ${PENDING_EVERY} = 0 then null else now() end from bench_numbered;
update public.profiles p set kyc_status = case when x.n % ${PENDING_EVERY} = 0 then 'pending' else 'approved' end,
    crossmint_wallet_id = case when x.n % 2 = 0 then 'bench-wallet-' || x.n end,
    first_onramp_ok = x.n % 4 = 0
  from bench_numbered x where x.id = p.id;
insert into public.compliance_alerts ("user", issue, priority, status)
  select 'member' || i || '@bench.test', 'Alert ' || i, case when i % 2 = 0 then 'High' else 'Medium' end,
         case when i % 20 = 0 then 'open' when i % 20 = 1 then 'acknowledged' else 'resolved' end
  from generate_series(1, ${ALERTS}) as i;`,
  `create index on bench_numbered (n);
insert into public.audit_events (id, occurred_at, actor_id, actor_role, action, member_id, subject_type, subject_id, details, prev_hash, hash)
overriding system value
select base.max_id + i, timestamptz '2024-01-01 00:00Z' + make_interval(secs => i * 30), null, 'system',
       (array['kyc.submitted', 'kyc.approved', 'payment.settled', 'wallet.created', 'document.signed', 'agreement.signed'])[1 + i % 6],
       b.id, 'bench', i::text, '{}'::jsonb, repeat('0', 64), md5(i::text) || md5('bench' || i)
from generate_series(1, ${AUDIT_EVENTS}) as i
join bench_numbered b on b.n = 1 + (i::bigint * 7919) % ${MEMBERS}
cross join (select coalesce(max(id), 0) as max_id from public.audit_events) base;
select setval(pg_get_serial_sequence('public.audit_events', 'id'), (select max(id) from public.audit_events));`,
  'vacuum analyze',
  `create schema bench;
grant usage on schema bench to authenticated;
-- The median time of a statement, in milliseconds, run as whoever calls it.
create function bench.time_ms(statement text, runs integer) returns double precision
language plpgsql as $$
declare
  started timestamptz;
  times double precision[] := '{}';
begin
  execute 'select count(*) from (' || statement || ') q';
  for i in 1..runs loop
    started := clock_timestamp();
    execute 'select count(*) from (' || statement || ') q';
    times := times || extract(epoch from clock_timestamp() - started) * 1000;
  end loop;
  return (select t from unnest(times) as t order by t offset runs / 2 limit 1);
end
$$;
grant execute on function bench.time_ms(text, integer) to authenticated;`,
  `select
  (select u.id from auth.users u where u.email = 'member1@bench.test'),
  (select u.id from auth.users u where u.email = 'member2@bench.test'),
  (select id from public.profiles order by id offset ${MEMBERS / 2} limit 1),
  (select max(id) - ${AUDIT_EVENTS / 2} from public.audit_events),
  (select c.member_id from public.kyc_cases c where c.decided_at is null order by c.submitted_at, c.member_id offset 5000 limit 1),
  (select member_id from public.audit_events where member_id is not null order by id desc limit 1),
  (select id from public.profiles
    where public.member_readiness(crossmint_wallet_id, kyc_status, first_onramp_ok) = 'kyc'
    order by id offset ${MEMBERS / 20} limit 1),
  (select id from public.compliance_alerts
    order by public.alert_status_rank(status), -id offset ${ALERTS / 2} limit 1);`,
];

export interface ConsoleQuery {
  label: string;
  role: 'mfo_admin' | 'compliance';
  /** The caller's id (the token's sub). */
  callerId: string;
  /** What the console calls. */
  asRole: string;
  /** The statement inside that call, on its own, as the owner: what the function adds, for reference. */
  bare: string;
}

interface Ids {
  mfoAdmin: string;
  compliance: string;
  usersCursor: string;
  auditCursor: string;
  kycCursor: string;
  auditMember: string;
  readinessCursor: string;
  alertsCursor: string;
}

/** The page of one readiness step: the range of profiles_readiness_id_idx from the cursor on. */
function membersAtStepPage(step: string, after: string | null): string {
  return `select m.id, m.name, m.email, m.role, m.status, m.joined from (
    select p.id as key, p.id::text as id, coalesce(nullif(p.name, ''), u.email::text, '') as name,
      coalesce(u.email::text, '') as email,
      case when u.raw_app_meta_data ->> 'role' in ${vaultRoles} then u.raw_app_meta_data ->> 'role' else 'investor' end as role,
      case when p.kyc_status = 'approved' then 'Active' else 'Pending' end as status,
      coalesce(to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD'), '') as joined
    from public.profiles p join auth.users u on u.id = p.id
    where public.member_readiness(p.crossmint_wallet_id, p.kyc_status, p.first_onramp_ok) = '${step}'
    ${after ? `and p.id > '${after}'::uuid and u.id > '${after}'::uuid` : ''}) m
  order by m.key limit 50`;
}

function alertsPage(after: string | null): string {
  return `select a.* from public.compliance_alerts a
    where public.alert_status_rank(a.status) between 0 and 2
    ${after ? `and (public.alert_status_rank(a.status), -a.id) > (select public.alert_status_rank(b.status), -b.id from public.compliance_alerts b where b.id = ${after})` : ''}
    order by public.alert_status_rank(a.status), -a.id limit 50`;
}

function membersPage(after: string | null): string {
  return `select m.id, m.name, m.email, m.role, m.status, m.joined from (
    select p.id as key, p.id::text as id, coalesce(nullif(p.name, ''), u.email::text, '') as name,
      coalesce(u.email::text, '') as email,
      case when u.raw_app_meta_data ->> 'role' in ${vaultRoles} then u.raw_app_meta_data ->> 'role' else 'investor' end as role,
      case when p.kyc_status = 'approved' then 'Active' else 'Pending' end as status,
      coalesce(to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD'), '') as joined
    from public.profiles p join auth.users u on u.id = p.id
    ${after ? `where p.id > '${after}'::uuid and u.id > '${after}'::uuid` : ''}) m
  order by m.key limit 50`;
}

function auditPage(where: string): string {
  return `select e.* from public.audit_events e ${where} order by e.occurred_at desc, e.id desc limit 50`;
}

function kycPage(after: string | null): string {
  return `select p.id::text, coalesce(nullif(p.name, ''), u.email::text, ''), coalesce(u.email::text, ''),
      c.submitted_at, c.provider_applicant_id, c.reason
    from public.kyc_cases c
    join public.profiles p on p.id = c.member_id
    join auth.users u on u.id = c.member_id
    where c.decided_at is null and c.submitted_at is not null and p.kyc_status = 'pending'
    ${after ? `and (c.submitted_at, c.member_id) > (select a.submitted_at, a.member_id from public.kyc_cases a where a.member_id = '${after}'::uuid)` : ''}
    order by c.submitted_at, c.member_id limit 50`;
}

export function consoleQueries(ids: Ids): ConsoleQuery[] {
  const mfo = { role: 'mfo_admin', callerId: ids.mfoAdmin } as const;
  const compliance = { role: 'compliance', callerId: ids.compliance } as const;
  return [
    {
      label: '/users first page',
      ...mfo,
      asRole: 'select * from public.list_members(null, null, null, 50, null)',
      bare: membersPage(null),
    },
    {
      label: '/users later page',
      ...mfo,
      asRole: `select * from public.list_members(null, null, '${ids.usersCursor}', 50, null)`,
      bare: membersPage(ids.usersCursor),
    },
    {
      label: '/users needing KYC, first page',
      ...mfo,
      asRole: `select * from public.list_members(null, null, null, 50, 'kyc')`,
      bare: membersAtStepPage('kyc', null),
    },
    {
      label: '/users needing KYC, later page',
      ...mfo,
      asRole: `select * from public.list_members(null, null, '${ids.readinessCursor}', 50, 'kyc')`,
      bare: membersAtStepPage('kyc', ids.readinessCursor),
    },
    {
      label: '/compliance first page',
      ...mfo,
      asRole: 'select * from public.list_alerts(null, null, 50)',
      bare: alertsPage(null),
    },
    {
      label: '/compliance later page',
      ...mfo,
      asRole: `select * from public.list_alerts(null, '${ids.alertsCursor}', 50)`,
      bare: alertsPage(ids.alertsCursor),
    },
    {
      label: '/audit first page',
      ...compliance,
      asRole: 'select * from public.list_audit_events(null, null, null, null, null, 50)',
      bare: auditPage(''),
    },
    {
      label: '/audit later page',
      ...compliance,
      asRole: `select * from public.list_audit_events(null, null, null, null, ${ids.auditCursor}, 50)`,
      bare: auditPage(
        `where (e.occurred_at, e.id) < (select b.occurred_at, b.id from public.audit_events b where b.id = ${ids.auditCursor})`,
      ),
    },
    {
      label: '/audit one member',
      ...compliance,
      asRole: `select * from public.list_audit_events('${ids.auditMember}', null, null, null, null, 50)`,
      bare: auditPage(`where e.member_id = '${ids.auditMember}'`),
    },
    {
      label: '/audit one action, a date range',
      ...compliance,
      asRole: `select * from public.list_audit_events(null, 'kyc.approved', '2024-03-01Z', '2024-06-01Z', null, 50)`,
      bare: auditPage(
        `where e.action = 'kyc.approved' and e.occurred_at >= '2024-03-01Z' and e.occurred_at < '2024-06-01Z'`,
      ),
    },
    {
      label: '/kyc first page',
      ...compliance,
      asRole: 'select * from public.list_kyc_queue(null, 50)',
      bare: kycPage(null),
    },
    {
      label: '/kyc later page',
      ...compliance,
      asRole: `select * from public.list_kyc_queue('${ids.kycCursor}', 50)`,
      bare: kycPage(ids.kycCursor),
    },
  ];
}

function dollarQuoted(sql: string): string {
  return `$bench$${sql}$bench$`;
}

function asCaller(q: ConsoleQuery, body: string, as: 'authenticated' | 'owner' = 'authenticated'): string {
  const claims = JSON.stringify({ sub: q.callerId, role: 'authenticated', app_metadata: { role: q.role } });
  return `begin;
select set_config('request.jwt.claims', '${claims}', true);
${as === 'authenticated' ? 'set local role authenticated;' : ''}
${body}
rollback;`;
}

/** 'role', 'owner' and 'bare' answer the median in ms; 'plan' logs every statement's plan as a notice. */
export function timingSql(q: ConsoleQuery, mode: 'role' | 'owner' | 'bare' | 'plan'): string {
  const timed = (sql: string) => `select bench.time_ms(${dollarQuoted(sql)}, ${RUNS});`;
  if (mode === 'bare') return timed(q.bare);
  if (mode === 'owner') return asCaller(q, timed(q.asRole), 'owner');
  if (mode === 'role') return asCaller(q, timed(q.asRole));
  return `load 'auto_explain';
set auto_explain.log_min_duration = 0;
set auto_explain.log_nested_statements = on;
set auto_explain.log_format = 'json';
set auto_explain.log_level = 'notice';
set client_min_messages = 'notice';
${asCaller(q, `select count(*) from (${q.asRole}) q;`)}`;
}
