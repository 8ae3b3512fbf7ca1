import {
  demoAccounts,
  sampleCollectionAccount,
  sampleLoanSchedule,
  sampleMemberRows,
  sampleSharedRows,
  sampleSpvs,
  spvRoleOfKind,
} from '@vault/domain';

/**
 * Generates supabase/seed.sql from the sample data in @vault/domain, the one source the
 * embedded mock serves too (`npm run gen:seed` writes it; supabase/tests/seed.test.ts fails
 * when the committed file differs). Every statement can run twice.
 */

function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

function jsonLiteral(value: unknown): string {
  return `${literal(JSON.stringify(value))}::jsonb`;
}

/** A JSON array with one row per line, so a change to the sample data reads as a small diff. */
function rowsLiteral(rows: readonly unknown[]): string {
  const lines = rows.map((row) => `  ${JSON.stringify(row)}`).join(',\n');
  return `'[\n${lines.replaceAll("'", "''")}\n]'::jsonb`;
}

function sharedTables(): string {
  return Object.entries(sampleSharedRows)
    .map(
      ([table, rows]) =>
        `insert into public.${table}\n  select * from jsonb_populate_recordset(null::public.${table}, ${rowsLiteral(rows)})\non conflict do nothing;`,
    )
    .join('\n\n');
}

/** The SPVs, before the catalogue and role tables that name them. */
function spvTable(): string {
  return `insert into public.spvs\n  select * from jsonb_populate_recordset(null::public.spvs, ${rowsLiteral(sampleSpvs)})\non conflict do nothing;`;
}

/** The drawn sample loans' repayment schedules, after the loans they belong to. */
function loanSchedule(): string {
  return `insert into public.loan_schedule\n  select * from jsonb_populate_recordset(null::public.loan_schedule, ${rowsLiteral(sampleLoanSchedule)})\non conflict do nothing;`;
}

/** Each SPV role's demo account administers the sample SPV of its kind. */
function spvAdministrators(): string {
  const values = sampleSpvs.flatMap((spv) =>
    demoAccounts
      .filter((a) => a.role === spvRoleOfKind[spv.kind])
      .map((a) => `  (${literal(spv.id)}, ${literal(a.id)})`),
  );
  return `insert into public.spv_administrators (spv_id, member_id) values\n${values.join(',\n')}\non conflict do nothing;`;
}

/** The demo investor: the one account that owns the sample history (docs/backend.md "Demo mode"). */
function demoInvestorId(): string {
  const investor = demoAccounts.find((a) => a.role === 'investor');
  if (!investor) throw new Error('no demo investor among the demo accounts');
  return investor.id;
}

function memberTemplates(): string {
  const values = Object.entries(sampleMemberRows).flatMap(([table, rows]) =>
    rows.map((row) => `  (${literal(table)}, ${literal(row.id)}, ${jsonLiteral(row)})`),
  );
  return `insert into public.sample_member_rows (table_name, id, data) values\n${values.join(',\n')}\non conflict (table_name, id) do update set data = excluded.data;`;
}

/**
 * The demo accounts, each with a random password nobody knows (a fresh one per account, made by
 * the database): the seed ships no usable credential. An operator who runs a public demo sets
 * one with `select public.vault_set_demo_password('…')` (docs/backend.md). A re-run keeps the
 * accounts and their password as they are.
 */
function demoUsers(): string {
  const values = demoAccounts.map((a) => {
    const appMetadata = { provider: 'email', providers: ['email'], role: a.role };
    const userMetadata = { name: a.name };
    return `  (${literal(a.id)}, 'authenticated', 'authenticated', ${literal(a.email)}, ${jsonLiteral(appMetadata)}, ${jsonLiteral(userMetadata)})`;
  });
  return `insert into auth.users
  (id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select v.id::uuid, v.aud, v.role, v.email,
  extensions.crypt(encode(extensions.gen_random_bytes(32), 'base64'), extensions.gen_salt('bf', 10)),
  v.app_metadata, v.user_metadata, now(), now()
from (values
${values.join(',\n')}
) as v (id, aud, role, email, app_metadata, user_metadata)
on conflict (id) do nothing;

-- Registered as demo accounts: banned whenever demo mode is off, and without staff rights then
-- (public.demo_accounts, 01_identity_and_settings.sql).
insert into public.demo_accounts (user_id) values
${demoAccounts.map((a) => `  (${literal(a.id)})`).join(',\n')}
on conflict (user_id) do nothing;`;
}

function demoIds(): string {
  return demoAccounts.map((a) => literal(a.id)).join(', ');
}

/**
 * What Supabase Auth needs to sign the demo accounts in, which depends on its version. Each part
 * runs only where its column or table exists, and a failure in the identity insert leaves the
 * accounts in place, so the seed also applies to a plain Postgres with a smaller auth shim.
 */
function demoSignInDetails(): string {
  const ids = demoIds();
  const quotedIds = ids.replaceAll("'", "''");
  const setIfColumn = (column: string, value: string) =>
    `  if exists (select 1 from information_schema.columns where table_schema = 'auth' and table_name = 'users' and column_name = '${column}') then
    execute 'update auth.users set ${column} = ${value.replaceAll("'", "''")} where id in (${quotedIds}) and ${column} is null';
  end if;`;
  return `-- Supabase Auth signs in with a confirmed email, reads its token columns as strings (NULL
-- makes sign-in fail), and finds the password through an email identity row.
do $$
begin
${setIfColumn('email_confirmed_at', 'now()')}
${setIfColumn('instance_id', "'00000000-0000-0000-0000-000000000000'")}
${['confirmation_token', 'recovery_token', 'email_change_token_new', 'email_change'].map((c) => setIfColumn(c, "''")).join('\n')}
  if exists (select 1 from information_schema.columns where table_schema = 'auth' and table_name = 'identities' and column_name = 'provider_id') then
    begin
      execute 'insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
        select u.id::text, u.id, jsonb_build_object(''sub'', u.id::text, ''email'', u.email, ''email_verified'', true), ''email'', now(), now(), now()
        from auth.users u
        where u.id in (${quotedIds})
          and not exists (select 1 from auth.identities i where i.user_id = u.id and i.provider = ''email'')';
    exception when others then
      raise notice 'demo accounts: no email identity rows (%)', sqlerrm;
    end;
  end if;
end
$$;`;
}

/**
 * The demo investor's sample history, made as the server makes a member's: copies of the sample
 * documents, notifications and upcoming actions (the new-user trigger gave it the agreement to sign
 * already), and its Active and Matured sample investments as real, funded ones. Each is submitted
 * awaiting payment; one settled deposit from the provider's clearing account
 * (`ledger_credit_payment`, the credit of every settled payment) holds them oldest first
 * (`ledger_fund_awaiting`, `ledger_hold_investment`); each is confirmed as `review_investment`
 * confirms a sample opportunity's subscription (the holds posted by `ledger_resolve_investment`,
 * the units issued by `offering_issue_units`), and its position dates from the sample's decision,
 * so its term runs from then. The deposit is exactly what they cost: the investor's cash starts at
 * zero. It is not `ledger_demo_deposit`, which also completes the first on-ramp: the demo investor
 * starts onboarding fresh (no wallet, KYC not started, no first on-ramp), as the journeys walk it.
 * Done once: a second run finds the deposit and changes nothing.
 */
function demoInvestorHistory(): string {
  const investor = literal(demoInvestorId());
  return `do $$
declare
  investor constant uuid := ${investor};
  deposit public.payments;
  sample record;
  confirmed public.investments;
  quote record;
  unit_price bigint;
begin
  if exists (select 1 from public.payments p where p.provider_ref = 'demo:sample-history') then
    return;
  end if;
  insert into public.documents
    select (jsonb_populate_record(null::public.documents, s.data || jsonb_build_object('user_id', investor))).*
    from public.sample_member_rows s where s.table_name = 'documents'
    on conflict do nothing;
  insert into public.notifications
    select (jsonb_populate_record(null::public.notifications, s.data || jsonb_build_object('user_id', investor))).*
    from public.sample_member_rows s where s.table_name = 'notifications'
    on conflict do nothing;
  insert into public.upcoming_actions
    select (jsonb_populate_record(null::public.upcoming_actions, s.data || jsonb_build_object('user_id', investor))).*
    from public.sample_member_rows s where s.table_name = 'upcoming_actions'
    on conflict do nothing;

  -- Submitted, awaiting payment, oldest first (the order the deposit funds them in).
  insert into public.investments (
    user_id, opportunity_id, opportunity_name, amount_cents, management_fee_cents, card_fee_cents, total_cents,
    method, status, submitted_at
  )
    select investor, r.opportunity_id, r.opportunity_name, r.amount_cents, r.management_fee_cents, r.card_fee_cents,
      r.total_cents, r.method, 'Awaiting payment', r.submitted_at
    from public.sample_member_rows s
    cross join lateral jsonb_populate_record(null::public.investments, s.data - 'id' - 'user_id' - 'idempotency_key') r
    where s.table_name = 'investments' and r.status in ('Active', 'Matured')
    order by r.submitted_at, s.id;

  -- The deposit that pays for them, settled, credited from the provider's clearing account.
  insert into public.payments (member_id, provider_ref, amount_cents, currency, status, settled_at)
    select investor, 'demo:sample-history', sum(i.total_cents), 'EUR', 'settled', now()
    from public.investments i where i.user_id = investor and i.status = 'Awaiting payment'
    having count(*) > 0
    returning * into deposit;
  if deposit.id is null then
    return;
  end if;
  perform public.audit_append('payment.settled', investor, 'payment', deposit.id::text, jsonb_build_object(
    'provider_ref', deposit.provider_ref, 'amount_cents', deposit.amount_cents,
    'currency', deposit.currency, 'event_id', deposit.provider_ref
  ));
  perform public.ledger_credit_payment(deposit);

  -- Each confirmed with the sample's status and decision date: the holds posted, the units issued.
  for sample in
    select i.id, r.status, r.decided_at
    from public.investments i
    join public.sample_member_rows s on s.table_name = 'investments'
      and s.data ->> 'opportunity_id' = i.opportunity_id and (s.data ->> 'submitted_at')::timestamptz = i.submitted_at
    cross join lateral jsonb_populate_record(null::public.investments, s.data - 'id' - 'user_id' - 'idempotency_key') r
    where i.user_id = investor and i.status = 'Pending'
    order by i.arrival
  loop
    update public.investments i set status = sample.status, decided_at = sample.decided_at
      where i.id = sample.id returning * into confirmed;
    perform public.ledger_resolve_investment(confirmed, 'post');
    select o.unit_price_cents into unit_price from public.opportunities o where o.id = confirmed.opportunity_id;
    select * into quote from public.investment_quote((confirmed.amount_cents / unit_price) * unit_price, confirmed.method);
    perform public.offering_issue_units(
      investor, confirmed.opportunity_id, confirmed.amount_cents / unit_price,
      (confirmed.amount_cents / unit_price) * unit_price, quote.management_fee_cents + quote.card_fee_cents
    );
    perform public.audit_append('investment.confirmed', investor, 'investment', confirmed.id::text,
      jsonb_build_object('status', confirmed.status, 'opportunity_id', confirmed.opportunity_id));
    -- The position dates from the sample's decision, so its term (and maturity) runs from then.
    update public.positions p set first_issued_at = least(p.first_issued_at, confirmed.decided_at)
      where p.member_id = investor and p.opportunity_id = confirmed.opportunity_id;
    perform public.positions_revalue(array[confirmed.opportunity_id]);
  end loop;
end
$$;`;
}

function staffKyc(): string {
  const staff = demoAccounts.filter((a) => a.kycStatus === 'approved').map((a) => literal(a.id));
  return `update public.profiles set kyc_status = 'approved' where id in (${staff.join(', ')});`;
}

/** The account bank transfers are sent to: a test account, as its beneficiary name says. */
function collectionAccount(): string {
  const { beneficiary, iban, bic } = sampleCollectionAccount;
  return `update public.app_settings set collection_beneficiary = ${literal(beneficiary)}, collection_iban = ${literal(iban)},
  collection_bic = ${bic === null ? 'null' : literal(bic)};`;
}

export function generateSeed(): string {
  return `-- GENERATED by \`npm run gen:seed\` (supabase/scripts/gen-seed.ts) from the sample data in
-- packages/domain/src/backend. Do not edit: change the domain and regenerate.
-- For local and demo projects only (docs/backend.md): it turns demo mode on and creates one demo
-- account per role, demo.<role>@vault.example, with a random password nobody knows. To sign them
-- in, set one: select public.vault_set_demo_password('<at least 12 characters>');
-- With demo mode off they are banned (public.demo_accounts).
-- Every statement can run twice.

-- Demo mode on: new members get the agreement to sign and the demo functions work.
update public.app_settings set demo_mode = true;

-- Where members send bank transfers (payment_collection_account()): a test account, never paid.
${collectionAccount()}

-- The SPVs, then the catalogue and the role tables.
${spvTable()}

${sharedTables()}

-- Each drawn loan's repayment schedule.
${loanSchedule()}

-- The sample per-member rows: while demo mode is on a new member receives what onboarding needs of
-- them (the agreement to sign; public.handle_new_user), the demo investor its whole history (below).
${memberTemplates()}

-- One demo account per role. The new-user trigger gives each its profile (named from
-- raw_user_meta_data) and the agreement to sign.
${demoUsers()}

${demoSignInDetails()}

-- Each SPV role's demo account runs one SPV (public.spv_administrators).
${spvAdministrators()}

-- KYC approved for the staff accounts (the investor starts fresh).
${staffKyc()}

-- The demo investor's sample history: its documents, notifications and upcoming actions, and its
-- sample investments as real ones, funded through the ledger, with their positions.
${demoInvestorHistory()}
`;
}
