import {
  demoAccounts,
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

function staffKyc(): string {
  const staff = demoAccounts.filter((a) => a.kycStatus === 'approved').map((a) => literal(a.id));
  return `update public.profiles set kyc_status = 'approved' where id in (${staff.join(', ')});`;
}

export function generateSeed(): string {
  return `-- GENERATED by \`npm run gen:seed\` (supabase/scripts/gen-seed.ts) from the sample data in
-- packages/domain/src/backend. Do not edit: change the domain and regenerate.
-- For local and demo projects only (docs/backend.md): it turns demo mode on and creates one demo
-- account per role, demo.<role>@vault.example, with a random password nobody knows. To sign them
-- in, set one: select public.vault_set_demo_password('<at least 12 characters>');
-- With demo mode off they are banned (public.demo_accounts).
-- Every statement can run twice.

-- Demo mode on: new members get the sample rows and the demo functions work.
update public.app_settings set demo_mode = true;

-- The SPVs, then the catalogue and the role tables.
${spvTable()}

${sharedTables()}

-- Each drawn loan's repayment schedule.
${loanSchedule()}

-- The rows each new member receives while demo mode is on (copied by public.handle_new_user).
${memberTemplates()}

-- One demo account per role. The new-user trigger gives each its profile (named from
-- raw_user_meta_data) and its sample rows.
${demoUsers()}

${demoSignInDetails()}

-- Each SPV role's demo account runs one SPV (public.spv_administrators).
${spvAdministrators()}

-- KYC approved for the staff accounts (the investor starts fresh).
${staffKyc()}
`;
}
