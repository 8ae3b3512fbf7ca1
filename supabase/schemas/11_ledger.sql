-- The ledger: double-entry accounts under every balance, payment, investment and withdrawal
-- (docs/ledger.md). The model is TigerBeetle's, in PostgreSQL:
--
-- * public.ledger_accounts: one row per account and currency, of a kind listed as data in
--   public.ledger_account_kinds (a member's cash and receivable, an offering's escrow, the
--   platform's fee income and card fees, the payment provider's clearing account; more kinds are
--   rows, not schema). Each keeps debits_pending, debits_posted, credits_pending and
--   credits_posted in integer cents, changed only by public.ledger_transfer (or its batch forms,
--   ledger_transfer_batch and ledger_resolve_batch) in the transaction of the transfer. A kind flagged no_overdraft (a member's cash) can never have
--   credits_posted - debits_posted - debits_pending below zero: a CHECK on the row, so even a
--   bug in a caller cannot overdraw it.
-- * public.ledger_transfers: immutable rows (a statement trigger refuses UPDATE, DELETE and
--   TRUNCATE for every role, as for the audit trail). The id is the idempotency key: a retry
--   with the same id and arguments answers the first row and adds nothing; other arguments are
--   refused. A transfer is posted at once, or pending (with an optional timeout), and a pending
--   one is later resolved exactly once by a new transfer naming it: post (whole or in part, the
--   rest released), void, or expire. Linked transfers are applied by one call that either applies
--   all or raises (public.ledger_transfer_linked; many posted ones by ledger_transfer_batch, many
--   posts and voids by ledger_resolve_batch). Each transfer appends its audit event
--   ('ledger.transferred') in its own transaction and keeps its id.
-- * Writers are serialised by the audit trail's table lock, taken before any account row is
--   read: balances are read and changed by one writer at a time, and no two writers can wait on
--   each other's rows (no deadlock reaches a caller).
-- * Clients never call the transfer functions (no EXECUTE for anon, authenticated or the service
--   role); the server functions below do, and those that move money elsewhere: record_payment and
--   demo_complete_first_onramp (a settled payment), submit_investment, review_investment and
--   cancel_investment (holds, posts and voids).
-- * Bounds: every amount and balance is at most 2^53 - 1 cents (a JavaScript number holds it
--   exactly); an investment's total is at most LEDGER_MAX_INVESTMENT_TOTAL_CENTS (€100,000,000).

-- ---------------------------------------------------------------------------------------------
-- Accounts

create table if not exists public.ledger_account_kinds (
  kind text primary key check (kind ~ '^[a-z_]{1,50}$'),
  -- Whose account it is: one per member and currency, per offering and currency, or the platform's.
  owner text not null check (owner in ('member', 'offering', 'platform')),
  -- Debits may not exceed credits (posted and pending debits against posted credits).
  no_overdraft boolean not null default false,
  description text not null check (char_length(description) between 1 and 200)
);
alter table public.ledger_account_kinds enable row level security;
revoke all on table public.ledger_account_kinds from public, anon, authenticated, service_role;
grant select on table public.ledger_account_kinds to service_role;

insert into public.ledger_account_kinds (kind, owner, no_overdraft, description) values
  ('member_cash', 'member', true, 'A member''s cash: what they deposited and may invest or withdraw'),
  ('member_receivable', 'member', false, 'What a member owes the platform after a chargeback'),
  ('offering_escrow', 'offering', false, 'An offering''s escrow: investments held and confirmed'),
  ('platform_fee_income', 'platform', false, 'The platform''s management fees'),
  ('card_fees', 'platform', false, 'Card fees, owed to the card processor'),
  ('provider_clearing', 'platform', false, 'The payment provider''s clearing account: the outside world'),
  ('tax_withheld', 'platform', false, 'Tax withheld from distributions, owed to the tax authorities')
on conflict (kind) do nothing;

create table if not exists public.ledger_accounts (
  id bigint generated always as identity primary key,
  kind text not null references public.ledger_account_kinds (kind),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  member_id uuid,
  opportunity_id text check (opportunity_id is null or char_length(opportunity_id) between 1 and 200),
  no_overdraft boolean not null,
  debits_pending bigint not null default 0 check (debits_pending between 0 and 9007199254740991),
  debits_posted bigint not null default 0 check (debits_posted between 0 and 9007199254740991),
  credits_pending bigint not null default 0 check (credits_pending between 0 and 9007199254740991),
  credits_posted bigint not null default 0 check (credits_posted between 0 and 9007199254740991),
  created_at timestamptz not null default now(),
  constraint ledger_accounts_owner_key unique nulls not distinct (kind, currency, member_id, opportunity_id),
  constraint ledger_accounts_no_overdraft check (
    not no_overdraft or credits_posted - debits_posted - debits_pending >= 0
  )
);
create index if not exists ledger_accounts_member_id_idx on public.ledger_accounts (member_id);
alter table public.ledger_accounts enable row level security;
revoke all on table public.ledger_accounts from public, anon, authenticated, service_role;
grant select on table public.ledger_accounts to service_role;

-- ---------------------------------------------------------------------------------------------
-- Transfers

create table if not exists public.ledger_transfers (
  id uuid primary key,
  -- Monotonic order of writing: the members' lines are paged on it.
  seq bigint generated always as identity unique,
  flags text not null check (flags in ('posted', 'pending', 'post', 'void', 'expire')),
  pending_id uuid references public.ledger_transfers (id),
  debit_account_id bigint not null references public.ledger_accounts (id),
  credit_account_id bigint not null references public.ledger_accounts (id),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  amount_cents bigint not null check (amount_cents between 0 and 9007199254740991),
  kind text not null check (kind ~ '^[a-z_]{1,50}$'),
  -- What it belongs to: a payment, an investment, a withdrawal, a distribution…
  subject_type text not null check (char_length(subject_type) between 1 and 50),
  subject_id text not null check (char_length(subject_id) between 1 and 200),
  member_id uuid,
  description text not null check (char_length(description) between 1 and 300),
  timeout_at timestamptz,
  -- The first transfer of a linked set (its own id when alone).
  linked_id uuid not null,
  -- No foreign key: the audit trail refuses TRUNCATE itself, and a reference would pre-empt that refusal.
  audit_event_id bigint not null unique,
  -- Each side's available balance (credits posted - debits posted - debits pending) after it.
  debit_balance_after bigint not null,
  credit_balance_after bigint not null,
  created_at timestamptz not null default now(),
  check (debit_account_id <> credit_account_id),
  check ((flags in ('post', 'void', 'expire')) = (pending_id is not null)),
  check (flags in ('posted', 'post', 'void', 'expire') or amount_cents > 0),
  check (timeout_at is null or flags = 'pending')
);
-- A pending transfer is resolved at most once, whoever races to resolve it.
create unique index if not exists ledger_transfers_pending_id_key on public.ledger_transfers (pending_id);
create index if not exists ledger_transfers_debit_idx on public.ledger_transfers (debit_account_id, seq);
create index if not exists ledger_transfers_credit_idx on public.ledger_transfers (credit_account_id, seq);
create index if not exists ledger_transfers_subject_idx on public.ledger_transfers (subject_type, subject_id);
create index if not exists ledger_transfers_timeout_idx on public.ledger_transfers (timeout_at)
  where timeout_at is not null;
alter table public.ledger_transfers enable row level security;
revoke all on table public.ledger_transfers from public, anon, authenticated, service_role;
grant select on table public.ledger_transfers to service_role;

create or replace function public.ledger_transfers_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception using errcode = '42501', message = 'ledger_transfers is append-only';
end
$$;
revoke execute on function public.ledger_transfers_append_only() from public, anon, authenticated, service_role;
drop trigger if exists ledger_transfers_append_only on public.ledger_transfers;
create trigger ledger_transfers_append_only
  before update or delete or truncate on public.ledger_transfers
  for each statement execute function public.ledger_transfers_append_only();

-- Withdrawals: a member's request to pay out cash, held until the provider's payout event.
create table if not exists public.withdrawals (
  id uuid primary key default gen_random_uuid(),
  member_id uuid not null references auth.users (id),
  idempotency_key uuid not null,
  amount_cents bigint not null check (amount_cents between 1 and 9007199254740991),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  status text not null default 'requested' check (status in ('requested', 'paid', 'failed')),
  -- Where the payout goes: the bank account linked on /wallet, or back where the deposits came from.
  destination text not null check (destination in ('linked_bank_account', 'deposit_source')),
  destination_ref text check (destination_ref is null or char_length(destination_ref) between 1 and 200),
  requested_at timestamptz not null default now(),
  decided_at timestamptz,
  constraint withdrawals_member_idempotency_key unique (member_id, idempotency_key),
  check ((status = 'requested') = (decided_at is null))
);
alter table public.withdrawals enable row level security;
revoke all on table public.withdrawals from public, anon, authenticated, service_role;
grant select on table public.withdrawals to authenticated, service_role;
drop policy if exists withdrawals_select_own on public.withdrawals;
create policy withdrawals_select_own on public.withdrawals
  for select to authenticated
  using (member_id = (select auth.uid()));

-- The member's linked bank account: where their withdrawals are paid (docs/ledger.md "Bank
-- accounts"). One per member; linking another replaces it. Written only by link_bank_account and
-- unlink_bank_account; the member reads their own row (my_bank_account() shows it masked).
create table if not exists public.bank_accounts (
  member_id uuid primary key references auth.users (id) on delete cascade,
  holder_name text not null check (char_length(holder_name) between 1 and 140 and holder_name = btrim(holder_name)),
  -- As iban_checked stores it: upper case, no spaces.
  iban text not null check (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
  bic text check (bic is null or bic ~ '^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$'),
  linked_at timestamptz not null default now()
);
alter table public.bank_accounts enable row level security;
revoke all on table public.bank_accounts from public, anon, authenticated, service_role;
grant select on table public.bank_accounts to authenticated, service_role;
drop policy if exists bank_accounts_select_own on public.bank_accounts;
create policy bank_accounts_select_own on public.bank_accounts
  for select to authenticated
  using (member_id = (select auth.uid()));

-- The payment events the server took but could not apply, with the reason: the operators' review
-- list (list_ledger_refusals). A refused payment keeps what the provider said about the money.
create table if not exists public.ledger_refusals (
  id bigint generated always as identity primary key,
  event_id text not null check (char_length(event_id) between 1 and 200),
  provider_ref text not null check (char_length(provider_ref) between 1 and 200),
  member_id uuid,
  kind text not null check (kind in ('payment', 'refund', 'chargeback', 'payout')),
  reason text not null check (char_length(reason) between 1 and 300),
  refused_at timestamptz not null default now(),
  amount_cents bigint check (amount_cents is null or amount_cents > 0),
  currency text check (currency is null or currency ~ '^[A-Z]{3}$'),
  status text check (status is null or status in ('pending', 'settled', 'failed'))
);
create index if not exists ledger_refusals_member_id_idx on public.ledger_refusals (member_id);
alter table public.ledger_refusals enable row level security;
revoke all on table public.ledger_refusals from public, anon, authenticated, service_role;
grant select on table public.ledger_refusals to service_role;

-- ---------------------------------------------------------------------------------------------
-- Internal helpers

-- A server-made transfer id from a text naming what it does ('investment:<id>:principal:hold'):
-- the same step always gets the same id, so a repeated step is a retry, never a second transfer.
create or replace function public.ledger_id(name text)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select md5('vault-ledger:' || name)::uuid
$$;

-- The single writer lock: the audit trail's, which every transfer takes anyway for its event.
create or replace function public.ledger_lock()
returns void
language sql
security definer
set search_path = ''
as $$
  lock table public.audit_events in exclusive mode
$$;

-- The account of a kind for an owner in a currency, made on first use.
create or replace function public.ledger_account(
  kind text,
  currency text,
  member_id uuid default null,
  opportunity_id text default null
)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  k public.ledger_account_kinds;
  account_id bigint;
begin
  select * into k from public.ledger_account_kinds x where x.kind = ledger_account.kind;
  if not found then
    raise exception using errcode = '22023', message = 'unknown ledger account kind';
  end if;
  if (k.owner = 'member') <> (member_id is not null) or (k.owner = 'offering') <> (opportunity_id is not null) then
    raise exception using errcode = '22023', message = 'the account''s owner does not match its kind';
  end if;
  select a.id into account_id from public.ledger_accounts a
    where a.kind = ledger_account.kind and a.currency = ledger_account.currency
      and a.member_id is not distinct from ledger_account.member_id
      and a.opportunity_id is not distinct from ledger_account.opportunity_id;
  if found then
    return account_id;
  end if;
  insert into public.ledger_accounts (kind, currency, member_id, opportunity_id, no_overdraft)
    values (ledger_account.kind, ledger_account.currency, ledger_account.member_id, ledger_account.opportunity_id, k.no_overdraft)
    on conflict on constraint ledger_accounts_owner_key do nothing
    returning id into account_id;
  if account_id is null then
    select a.id into account_id from public.ledger_accounts a
      where a.kind = ledger_account.kind and a.currency = ledger_account.currency
        and a.member_id is not distinct from ledger_account.member_id
        and a.opportunity_id is not distinct from ledger_account.opportunity_id;
  end if;
  return account_id;
end
$$;

-- The accounts of a member kind for many members at once (a distribution's holders), made on
-- first use: one statement instead of one ledger_account call per member.
create or replace function public.ledger_member_accounts(kind text, currency text, members uuid[])
returns table (member_id uuid, account_id bigint)
language plpgsql
security definer
set search_path = ''
as $$
declare
  k public.ledger_account_kinds;
begin
  select * into k from public.ledger_account_kinds x where x.kind = ledger_member_accounts.kind;
  if not found or k.owner <> 'member' then
    raise exception using errcode = '22023', message = 'the account''s owner does not match its kind';
  end if;
  insert into public.ledger_accounts (kind, currency, member_id, no_overdraft)
  select k.kind, ledger_member_accounts.currency, m, k.no_overdraft from unnest(members) as m
  on conflict on constraint ledger_accounts_owner_key do nothing;
  return query
    select a.member_id, a.id from unnest(members) as m
    join public.ledger_accounts a
      on a.kind = k.kind and a.currency = ledger_member_accounts.currency and a.member_id = m and a.opportunity_id is null;
end
$$;

-- What a member may use: credits posted - debits posted - debits pending of their cash (0 without one).
create or replace function public.ledger_available(member_id uuid, currency text default 'EUR')
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select a.credits_posted - a.debits_posted - a.debits_pending from public.ledger_accounts a
    where a.kind = 'member_cash' and a.currency = ledger_available.currency and a.member_id = ledger_available.member_id
  ), 0)
$$;

-- One transfer. flags: 'posted' or 'pending' (with debit, credit and amount), or 'post', 'void',
-- 'expire' of pending_id (its accounts; for 'post' an amount up to the pending one, all of it
-- when null, the rest released). Raises SQLSTATE VL001 when a no-overdraft account would go below
-- zero, 22023 for bad arguments, P0001 when the id exists with other arguments or the pending
-- transfer is already resolved. Answers the row (the first one on a retry).
create or replace function public.ledger_transfer(
  id uuid,
  flags text,
  debit_account_id bigint,
  credit_account_id bigint,
  amount_cents bigint,
  kind text,
  subject_type text,
  subject_id text,
  member_id uuid,
  description text,
  pending_id uuid default null,
  timeout_at timestamptz default null,
  linked_id uuid default null
)
returns public.ledger_transfers
language plpgsql
security definer
set search_path = ''
as $$
declare
  t public.ledger_transfers;
  existing public.ledger_transfers;
  pending public.ledger_transfers;
  debit public.ledger_accounts;
  credit public.ledger_accounts;
  released bigint := 0;
  event public.audit_events;
  accounts public.ledger_accounts[];
begin
  if id is null then
    raise exception using errcode = '22023', message = 'a transfer needs an id';
  end if;
  if flags is null or flags not in ('posted', 'pending', 'post', 'void', 'expire') then
    raise exception using errcode = '22023', message = 'flags must be posted, pending, post, void or expire';
  end if;
  -- ledger_lock()'s statement, inline: a call of that SQL function is parsed and planned each time.
  lock table public.audit_events in exclusive mode;

  t.id := ledger_transfer.id;
  t.flags := ledger_transfer.flags;
  t.kind := ledger_transfer.kind;
  t.subject_type := ledger_transfer.subject_type;
  t.subject_id := ledger_transfer.subject_id;
  t.member_id := ledger_transfer.member_id;
  t.description := ledger_transfer.description;
  t.timeout_at := ledger_transfer.timeout_at;
  t.linked_id := coalesce(ledger_transfer.linked_id, ledger_transfer.id);
  if flags in ('post', 'void', 'expire') then
    select * into pending from public.ledger_transfers p where p.id = ledger_transfer.pending_id;
    if not found or pending.flags <> 'pending' then
      raise exception using errcode = '22023', message = 'pending_id is not a pending transfer';
    end if;
    t.pending_id := pending.id;
    t.debit_account_id := pending.debit_account_id;
    t.credit_account_id := pending.credit_account_id;
    t.currency := pending.currency;
    t.amount_cents := case when flags = 'post' then coalesce(ledger_transfer.amount_cents, pending.amount_cents)
                           else pending.amount_cents end;
    if t.amount_cents < 0 or t.amount_cents > pending.amount_cents then
      raise exception using errcode = '22023', message = 'a post may not exceed the pending amount';
    end if;
    released := pending.amount_cents;
  else
    if pending_id is not null then
      raise exception using errcode = '22023', message = 'only a post, void or expire names a pending transfer';
    end if;
    t.debit_account_id := ledger_transfer.debit_account_id;
    t.credit_account_id := ledger_transfer.credit_account_id;
    t.amount_cents := ledger_transfer.amount_cents;
    if t.amount_cents is null or t.amount_cents <= 0 or t.amount_cents > 9007199254740991 then
      raise exception using errcode = '22023', message = 'amount_cents must be a positive whole number of cents';
    end if;
  end if;

  -- A retry: the same id answers the first transfer when every argument matches.
  select * into existing from public.ledger_transfers x where x.id = ledger_transfer.id;
  if found then
    if (existing.flags, existing.pending_id, existing.debit_account_id, existing.credit_account_id,
        existing.amount_cents, existing.kind, existing.subject_type, existing.subject_id, existing.member_id,
        existing.timeout_at)
       is distinct from
       (t.flags, t.pending_id, t.debit_account_id, t.credit_account_id, t.amount_cents, t.kind,
        t.subject_type, t.subject_id, t.member_id, t.timeout_at) then
      raise exception using errcode = 'P0001', message = 'a transfer with this id exists with other arguments';
    end if;
    return existing;
  end if;
  if t.pending_id is not null and exists (select 1 from public.ledger_transfers x where x.pending_id = t.pending_id) then
    raise exception using errcode = 'P0001', message = 'the pending transfer is already posted, voided or expired';
  end if;

  -- Both accounts, locked in id order by one statement (a missing one stays null).
  accounts := array(
    select a from public.ledger_accounts a where a.id in (t.debit_account_id, t.credit_account_id)
    order by a.id for update
  );
  debit := case when accounts[1].id = t.debit_account_id then accounts[1] else accounts[2] end;
  credit := case when accounts[1].id = t.credit_account_id then accounts[1] else accounts[2] end;
  if debit.id is null or credit.id is null or debit.id = credit.id then
    raise exception using errcode = '22023', message = 'a transfer needs two different accounts';
  end if;
  if debit.currency <> credit.currency then
    raise exception using errcode = '22023', message = 'a transfer''s accounts must share a currency';
  end if;
  t.currency := debit.currency;
  if t.kind is null or t.kind !~ '^[a-z_]{1,50}$' or t.subject_type is null or t.subject_id is null
     or t.description is null then
    raise exception using errcode = '22023', message = 'a transfer needs a kind, a subject and a description';
  end if;

  case t.flags
    when 'posted' then
      debit.debits_posted := debit.debits_posted + t.amount_cents;
      credit.credits_posted := credit.credits_posted + t.amount_cents;
    when 'pending' then
      debit.debits_pending := debit.debits_pending + t.amount_cents;
      credit.credits_pending := credit.credits_pending + t.amount_cents;
    when 'post' then
      debit.debits_pending := debit.debits_pending - released;
      credit.credits_pending := credit.credits_pending - released;
      debit.debits_posted := debit.debits_posted + t.amount_cents;
      credit.credits_posted := credit.credits_posted + t.amount_cents;
    else
      debit.debits_pending := debit.debits_pending - released;
      credit.credits_pending := credit.credits_pending - released;
  end case;
  if greatest(debit.debits_posted, debit.debits_pending, credit.credits_posted, credit.credits_pending)
     > 9007199254740991 then
    raise exception using errcode = '22023', message = 'the ledger''s balances must fit in a JavaScript number';
  end if;
  if debit.no_overdraft and debit.credits_posted - debit.debits_posted - debit.debits_pending < 0 then
    raise exception using errcode = 'VL001', message = 'insufficient available funds';
  end if;

  event := public.audit_append(
    'ledger.transferred', t.member_id, 'ledger_transfer', t.id::text,
    jsonb_build_object(
      'flags', t.flags, 'kind', t.kind, 'amount_cents', t.amount_cents, 'currency', t.currency,
      'debit_account_id', t.debit_account_id, 'credit_account_id', t.credit_account_id,
      'subject_type', t.subject_type, 'subject_id', t.subject_id
    ) || case when t.pending_id is null then '{}'::jsonb else jsonb_build_object('pending_id', t.pending_id) end
  );
  t.audit_event_id := event.id;
  t.created_at := event.occurred_at;
  t.debit_balance_after := debit.credits_posted - debit.debits_posted - debit.debits_pending;
  t.credit_balance_after := credit.credits_posted - credit.debits_posted - credit.debits_pending;

  -- Both rows by one statement: each statement on the table prepares its checks again.
  update public.ledger_accounts a
    set debits_pending = case when a.id = debit.id then debit.debits_pending else a.debits_pending end,
        debits_posted = case when a.id = debit.id then debit.debits_posted else a.debits_posted end,
        credits_pending = case when a.id = credit.id then credit.credits_pending else a.credits_pending end,
        credits_posted = case when a.id = credit.id then credit.credits_posted else a.credits_posted end
    where a.id in (debit.id, credit.id);
  insert into public.ledger_transfers (
    id, flags, pending_id, debit_account_id, credit_account_id, currency, amount_cents, kind,
    subject_type, subject_id, member_id, description, timeout_at, linked_id, audit_event_id,
    debit_balance_after, credit_balance_after, created_at
  ) values (
    t.id, t.flags, t.pending_id, t.debit_account_id, t.credit_account_id, t.currency, t.amount_cents, t.kind,
    t.subject_type, t.subject_id, t.member_id, t.description, t.timeout_at, t.linked_id, t.audit_event_id,
    t.debit_balance_after, t.credit_balance_after, t.created_at
  )
  returning * into t;
  return t;
end
$$;

-- Linked transfers: a jsonb array of objects with ledger_transfer's argument names. All are
-- applied, or the first failure is raised and none is (the caller's statement is undone with it).
create or replace function public.ledger_transfer_linked(transfers jsonb)
returns setof public.ledger_transfers
language plpgsql
security definer
set search_path = ''
as $$
declare
  item jsonb;
  first_id uuid;
  t public.ledger_transfers;
begin
  if transfers is null or jsonb_typeof(transfers) <> 'array' or jsonb_array_length(transfers) = 0 then
    raise exception using errcode = '22023', message = 'linked transfers are a non-empty array';
  end if;
  first_id := (transfers -> 0 ->> 'id')::uuid;
  for item in select value from jsonb_array_elements(transfers) loop
    t := public.ledger_transfer(
      (item ->> 'id')::uuid, item ->> 'flags', (item ->> 'debit_account_id')::bigint,
      (item ->> 'credit_account_id')::bigint, (item ->> 'amount_cents')::bigint, item ->> 'kind',
      item ->> 'subject_type', item ->> 'subject_id', (item ->> 'member_id')::uuid, item ->> 'description',
      (item ->> 'pending_id')::uuid, (item ->> 'timeout_at')::timestamptz, first_id
    );
    return next t;
  end loop;
end
$$;

-- Many posted transfers at once (a distribution's or a maturity's payments): a jsonb array of
-- objects with ledger_transfer's argument names (flags 'posted'), linked to the first. The same
-- as ledger_transfer_linked, one transfer after the other in the array's order (each its own
-- audit event and balances after it), but each account's row is read and written once, so the
-- cost grows with the number of transfers, not with how often one account recurs. A retry (every
-- id already written with the same arguments) answers the first rows and adds nothing.
create or replace function public.ledger_transfer_batch(transfers jsonb)
returns setof public.ledger_transfers
language plpgsql
security definer
set search_path = ''
as $$
declare
  first_id uuid;
  written integer;
  total integer;
  bad text;
begin
  if transfers is null or jsonb_typeof(transfers) <> 'array' or jsonb_array_length(transfers) = 0 then
    raise exception using errcode = '22023', message = 'linked transfers are a non-empty array';
  end if;
  perform public.ledger_lock();
  first_id := (transfers -> 0 ->> 'id')::uuid;
  create temporary table if not exists ledger_batch (
    ord integer primary key, id uuid not null, debit_account_id bigint, credit_account_id bigint,
    amount_cents bigint, kind text, subject_type text, subject_id text, member_id uuid, description text,
    currency text, debit_after bigint, credit_after bigint
  ) on commit drop;
  create temporary table if not exists ledger_batch_events (
    ord integer primary key, audit_event_id bigint not null, created_at timestamptz not null
  ) on commit drop;
  truncate ledger_batch, ledger_batch_events;
  insert into ledger_batch (ord, id, debit_account_id, credit_account_id, amount_cents, kind, subject_type, subject_id,
                            member_id, description)
  select x.ord::integer, (x.t ->> 'id')::uuid, (x.t ->> 'debit_account_id')::bigint, (x.t ->> 'credit_account_id')::bigint,
         (x.t ->> 'amount_cents')::bigint, x.t ->> 'kind', x.t ->> 'subject_type', x.t ->> 'subject_id',
         (x.t ->> 'member_id')::uuid, x.t ->> 'description'
  from jsonb_array_elements(transfers) with ordinality as x (t, ord)
  where coalesce(x.t ->> 'flags', 'posted') = 'posted';
  get diagnostics total = row_count;
  -- The joins below are planned from these rows' statistics (a fresh temporary table has none).
  analyze ledger_batch;
  if total <> jsonb_array_length(transfers) then
    raise exception using errcode = '22023', message = 'a batch holds posted transfers only';
  end if;

  -- A retry: every id written with the same arguments answers the first rows.
  select count(*) into written from ledger_batch b join public.ledger_transfers t on t.id = b.id;
  if written > 0 then
    if written = total and not exists (
      select 1 from ledger_batch b join public.ledger_transfers t on t.id = b.id
      where (t.flags, t.pending_id, t.debit_account_id, t.credit_account_id, t.amount_cents, t.kind, t.subject_type,
             t.subject_id, t.member_id, t.timeout_at)
            is distinct from
            ('posted', null::uuid, b.debit_account_id, b.credit_account_id, b.amount_cents, b.kind, b.subject_type,
             b.subject_id, b.member_id, null::timestamptz)
    ) then
      return query select t.* from ledger_batch b join public.ledger_transfers t on t.id = b.id order by b.ord;
      return;
    end if;
    raise exception using errcode = 'P0001', message = 'a transfer with this id exists with other arguments';
  end if;

  select case
      when b.amount_cents is null or b.amount_cents <= 0 or b.amount_cents > 9007199254740991
        then 'amount_cents must be a positive whole number of cents'
      when b.kind is null or b.kind !~ '^[a-z_]{1,50}$' or b.subject_type is null or b.subject_id is null or b.description is null
        then 'a transfer needs a kind, a subject and a description'
      when d.id is null or c.id is null or d.id = c.id then 'a transfer needs two different accounts'
      when d.currency <> c.currency then 'a transfer''s accounts must share a currency'
    end into bad
  from ledger_batch b
  left join public.ledger_accounts d on d.id = b.debit_account_id
  left join public.ledger_accounts c on c.id = b.credit_account_id
  where b.amount_cents is null or b.amount_cents <= 0 or b.amount_cents > 9007199254740991
     or b.kind is null or b.kind !~ '^[a-z_]{1,50}$' or b.subject_type is null or b.subject_id is null
     or b.description is null or d.id is null or c.id is null or d.id = c.id or d.currency <> c.currency
  order by b.ord limit 1;
  if bad is not null then
    raise exception using errcode = '22023', message = bad;
  end if;
  if (select count(distinct b.id) from ledger_batch b) <> total then
    raise exception using errcode = '22023', message = 'a batch names each transfer once';
  end if;

  -- Each side's available balance after each transfer, in order, from the accounts' rows (locked).
  perform 1 from public.ledger_accounts a
    where a.id in (select b.debit_account_id from ledger_batch b union select b.credit_account_id from ledger_batch b)
    order by a.id for update;
  with effects as (
    select b.ord, 0 as side, b.debit_account_id as account_id, -b.amount_cents as delta from ledger_batch b
    union all
    select b.ord, 1, b.credit_account_id, b.amount_cents from ledger_batch b
  ),
  running as (
    select e.ord, e.side, e.account_id,
           a.credits_posted - a.debits_posted - a.debits_pending
             + sum(e.delta) over (partition by e.account_id order by e.ord, e.side) as after,
           a.no_overdraft, a.currency
    from effects e join public.ledger_accounts a on a.id = e.account_id
  ),
  sides as (
    select r.ord, max(r.after) filter (where r.side = 0) as debit_after, max(r.after) filter (where r.side = 1) as credit_after,
           max(r.currency) as currency
    from running r group by r.ord
  )
  update ledger_batch b set debit_after = s.debit_after, credit_after = s.credit_after, currency = s.currency
    from sides s where s.ord = b.ord;
  if exists (
    select 1 from ledger_batch b join public.ledger_accounts a on a.id = b.debit_account_id
    where a.no_overdraft and b.debit_after < 0
  ) then
    raise exception using errcode = 'VL001', message = 'insufficient available funds';
  end if;

  -- The audit events, one per transfer in order, written together (audit_append_many, which
  -- answers them in that order), then every row at once.
  insert into ledger_batch_events (ord, audit_event_id, created_at)
  select b.ord, e.id, e.occurred_at
  from public.audit_append_many(
    'ledger.transferred',
    array(select b.member_id from ledger_batch b order by b.ord),
    'ledger_transfer',
    array(select b.id::text from ledger_batch b order by b.ord),
    array(select jsonb_build_object(
            'flags', 'posted', 'kind', b.kind, 'amount_cents', b.amount_cents, 'currency', b.currency,
            'debit_account_id', b.debit_account_id, 'credit_account_id', b.credit_account_id,
            'subject_type', b.subject_type, 'subject_id', b.subject_id
          ) from ledger_batch b order by b.ord)
  ) with ordinality as e (id, occurred_at, n)
  join (select b.ord, row_number() over (order by b.ord) as n from ledger_batch b) b on b.n = e.n;
  analyze ledger_batch_events;

  with sums as (
    select x.account_id, sum(x.debit)::bigint as debits, sum(x.credit)::bigint as credits
    from (
      select b.debit_account_id as account_id, b.amount_cents as debit, 0 as credit from ledger_batch b
      union all
      select b.credit_account_id, 0, b.amount_cents from ledger_batch b
    ) x group by x.account_id
  )
  update public.ledger_accounts a
    set debits_posted = a.debits_posted + s.debits, credits_posted = a.credits_posted + s.credits
    from sums s where s.account_id = a.id;
  if exists (
    select 1 from public.ledger_accounts a
    where a.id in (select b.debit_account_id from ledger_batch b union select b.credit_account_id from ledger_batch b)
      and greatest(a.debits_posted, a.credits_posted) > 9007199254740991
  ) then
    raise exception using errcode = '22023', message = 'the ledger''s balances must fit in a JavaScript number';
  end if;

  return query
    insert into public.ledger_transfers (
      id, flags, pending_id, debit_account_id, credit_account_id, currency, amount_cents, kind,
      subject_type, subject_id, member_id, description, timeout_at, linked_id, audit_event_id,
      debit_balance_after, credit_balance_after, created_at
    )
    select b.id, 'posted', null, b.debit_account_id, b.credit_account_id, b.currency, b.amount_cents, b.kind,
           b.subject_type, b.subject_id, b.member_id, b.description, null, first_id, e.audit_event_id,
           b.debit_after, b.credit_after, e.created_at
    from ledger_batch b join ledger_batch_events e on e.ord = b.ord order by b.ord
    returning *;
end
$$;

-- Many resolutions of pending transfers at once (an offering's close): a jsonb array of objects
-- with ledger_transfer's argument names, flags 'post' or 'void' and pending_id, linked to the
-- first. Each is what ledger_transfer makes of it, in the array's order, with its refusals (the
-- first item's that fails is raised and nothing is written); an item whose id is written with the
-- same arguments answers that row and writes nothing, as in ledger_transfer_linked. But each
-- account's row is read and written once, so the cost grows with the number of transfers.
create or replace function public.ledger_resolve_batch(transfers jsonb)
returns setof public.ledger_transfers
language plpgsql
security definer
-- Run once per batch: JIT-compiling its large statements would cost more than running them.
set jit = off
set search_path = ''
as $$
declare
  first_id uuid;
  total integer;
  fresh integer;
  bad text;
begin
  if transfers is null or jsonb_typeof(transfers) <> 'array' or jsonb_array_length(transfers) = 0 then
    raise exception using errcode = '22023', message = 'linked transfers are a non-empty array';
  end if;
  perform public.ledger_lock();
  first_id := (transfers -> 0 ->> 'id')::uuid;
  create temporary table if not exists ledger_resolve_rows (
    ord integer primary key, id uuid, flags text, pending_id uuid, kind text, subject_type text, subject_id text,
    member_id uuid, description text,
    -- From the pending transfer (null when pending_id names none): its accounts and amount.
    pending boolean not null, debit_account_id bigint, credit_account_id bigint, currency text, pending_cents bigint,
    -- The transfer's amount (a post's, else the pending one) and what it posts (0 for a void).
    amount_cents bigint, posted_cents bigint,
    written boolean not null, debit_after bigint, credit_after bigint
  ) on commit drop;
  create temporary table if not exists ledger_resolve_events (
    ord integer primary key, audit_event_id bigint not null, created_at timestamptz not null
  ) on commit drop;
  truncate ledger_resolve_rows, ledger_resolve_events;
  insert into ledger_resolve_rows (ord, id, flags, pending_id, kind, subject_type, subject_id, member_id, description,
                                   pending, debit_account_id, credit_account_id, currency, pending_cents, amount_cents,
                                   posted_cents, written)
  select x.ord::integer, (x.t ->> 'id')::uuid, x.t ->> 'flags', (x.t ->> 'pending_id')::uuid, x.t ->> 'kind',
         x.t ->> 'subject_type', x.t ->> 'subject_id', (x.t ->> 'member_id')::uuid, x.t ->> 'description',
         p.id is not null, p.debit_account_id, p.credit_account_id, p.currency, p.amount_cents, a.amount,
         case when x.t ->> 'flags' = 'post' then a.amount else 0 end,
         exists (select 1 from public.ledger_transfers w where w.id = (x.t ->> 'id')::uuid)
  from jsonb_array_elements(transfers) with ordinality as x (t, ord)
  left join public.ledger_transfers p on p.id = (x.t ->> 'pending_id')::uuid and p.flags = 'pending'
  cross join lateral (
    select case when x.t ->> 'flags' = 'post' then coalesce((x.t ->> 'amount_cents')::bigint, p.amount_cents)
                else p.amount_cents end as amount
  ) a;
  get diagnostics total = row_count;
  -- The joins below are planned from these rows' statistics (a fresh temporary table has none).
  analyze ledger_resolve_rows;
  -- (An item without an id is refused below, in its turn.)
  if (select count(distinct b.id) <> count(b.id) from ledger_resolve_rows b) then
    raise exception using errcode = '22023', message = 'a batch names each transfer once';
  end if;

  -- ledger_transfer's checks of each item, in its order; the first item that fails raises its refusal.
  with checked as (
    select b.*, x.id is not null and (x.flags, x.pending_id, x.debit_account_id, x.credit_account_id, x.amount_cents,
             x.kind, x.subject_type, x.subject_id, x.member_id, x.timeout_at)
           is distinct from
           (b.flags, b.pending_id, b.debit_account_id, b.credit_account_id, b.amount_cents, b.kind, b.subject_type,
            b.subject_id, b.member_id, null::timestamptz) as differs,
           -- Another item before this one resolves the same pending transfer.
           not b.written and row_number() over (partition by b.pending_id, b.written order by b.ord) > 1 as repeated
    from ledger_resolve_rows b left join public.ledger_transfers x on x.id = b.id
  )
  select case
      when c.id is null then '22023a transfer needs an id'
      when c.flags is null or c.flags not in ('post', 'void') then '22023a resolving batch holds posts and voids only'
      when not c.pending then '22023pending_id is not a pending transfer'
      when c.amount_cents < 0 or c.amount_cents > c.pending_cents then '22023a post may not exceed the pending amount'
      when c.differs then 'P0001a transfer with this id exists with other arguments'
      when c.written then null
      when c.repeated or exists (select 1 from public.ledger_transfers r where r.pending_id = c.pending_id)
        then 'P0001the pending transfer is already posted, voided or expired'
      when c.kind is null or c.kind !~ '^[a-z_]{1,50}$' or c.subject_type is null or c.subject_id is null
           or c.description is null
        then '22023a transfer needs a kind, a subject and a description'
    end into bad
  from checked c
  where c.id is null or c.flags is null or c.flags not in ('post', 'void') or not c.pending
     or c.amount_cents < 0 or c.amount_cents > c.pending_cents or c.differs
     or (not c.written and (
       c.repeated or exists (select 1 from public.ledger_transfers r where r.pending_id = c.pending_id)
       or c.kind is null or c.kind !~ '^[a-z_]{1,50}$' or c.subject_type is null or c.subject_id is null
       or c.description is null))
  order by c.ord limit 1;
  if bad is not null then
    raise exception using errcode = left(bad, 5), message = substr(bad, 6);
  end if;

  select count(*) into fresh from ledger_resolve_rows b where not b.written;
  if fresh = 0 then
    return query select t.* from ledger_resolve_rows b join public.ledger_transfers t on t.id = b.id order by b.ord;
    return;
  end if;

  -- Each side's available balance after each transfer, in order, from the accounts' rows (locked).
  -- A resolution never lowers a debit's available balance (it releases at least what it posts),
  -- so unlike ledger_transfer_batch there is no overdraft to refuse.
  perform 1 from public.ledger_accounts a
    where a.id in (select b.debit_account_id from ledger_resolve_rows b where not b.written
                   union select b.credit_account_id from ledger_resolve_rows b where not b.written)
    order by a.id for update;
  with effects as (
    select b.ord, 0 as side, b.debit_account_id as account_id, b.pending_cents - b.posted_cents as delta
    from ledger_resolve_rows b where not b.written
    union all
    select b.ord, 1, b.credit_account_id, b.posted_cents from ledger_resolve_rows b where not b.written
  ),
  running as (
    select e.ord, e.side,
           a.credits_posted - a.debits_posted - a.debits_pending
             + sum(e.delta) over (partition by e.account_id order by e.ord, e.side) as after
    from effects e join public.ledger_accounts a on a.id = e.account_id
  ),
  sides as (
    select r.ord, max(r.after) filter (where r.side = 0) as debit_after, max(r.after) filter (where r.side = 1) as credit_after
    from running r group by r.ord
  )
  update ledger_resolve_rows b set debit_after = s.debit_after, credit_after = s.credit_after
    from sides s where s.ord = b.ord;

  -- Pending balances go down by each pending amount, posted ones up by what is posted; checked
  -- before the update, whose row CHECKs would otherwise answer first with another error.
  create temporary table if not exists ledger_resolve_sums (
    account_id bigint primary key, dp bigint not null, dpo bigint not null, cp bigint not null, cpo bigint not null
  ) on commit drop;
  truncate ledger_resolve_sums;
  insert into ledger_resolve_sums (account_id, dp, dpo, cp, cpo)
  select x.account_id, sum(x.dp), sum(x.dpo), sum(x.cp), sum(x.cpo)
  from (
    select b.debit_account_id as account_id, b.pending_cents as dp, b.posted_cents as dpo, 0 as cp, 0 as cpo
    from ledger_resolve_rows b where not b.written
    union all
    select b.credit_account_id, 0, 0, b.pending_cents, b.posted_cents from ledger_resolve_rows b where not b.written
  ) x group by x.account_id;
  if exists (
    select 1 from ledger_resolve_sums s join public.ledger_accounts a on a.id = s.account_id
    where greatest(a.debits_posted + s.dpo, a.credits_posted + s.cpo) > 9007199254740991
  ) then
    raise exception using errcode = '22023', message = 'the ledger''s balances must fit in a JavaScript number';
  end if;

  -- The audit events, one per transfer in order (the chain is sequential: audit_append_many
  -- chains them in one call), then every row at once.
  insert into ledger_resolve_events (ord, audit_event_id, created_at)
  select x.ords[e.n], e.id, e.occurred_at
  from (
    select array_agg(b.ord order by b.ord) as ords, array_agg(b.member_id order by b.ord) as members,
           array_agg(b.id::text order by b.ord) as subjects,
           array_agg(jsonb_build_object(
             'flags', b.flags, 'kind', b.kind, 'amount_cents', b.amount_cents, 'currency', b.currency,
             'debit_account_id', b.debit_account_id, 'credit_account_id', b.credit_account_id,
             'subject_type', b.subject_type, 'subject_id', b.subject_id, 'pending_id', b.pending_id
           ) order by b.ord) as details
    from ledger_resolve_rows b where not b.written
  ) x
  cross join lateral public.audit_append_many('ledger.transferred', x.members, 'ledger_transfer', x.subjects, x.details)
    with ordinality as e (id, occurred_at, n);
  analyze ledger_resolve_events;

  update public.ledger_accounts a
    set debits_pending = a.debits_pending - s.dp, debits_posted = a.debits_posted + s.dpo,
        credits_pending = a.credits_pending - s.cp, credits_posted = a.credits_posted + s.cpo
    from ledger_resolve_sums s where s.account_id = a.id;

  if fresh = total then
    return query
      insert into public.ledger_transfers (
        id, flags, pending_id, debit_account_id, credit_account_id, currency, amount_cents, kind,
        subject_type, subject_id, member_id, description, timeout_at, linked_id, audit_event_id,
        debit_balance_after, credit_balance_after, created_at
      )
      select b.id, b.flags, b.pending_id, b.debit_account_id, b.credit_account_id, b.currency, b.amount_cents, b.kind,
             b.subject_type, b.subject_id, b.member_id, b.description, null, first_id, e.audit_event_id,
             b.debit_after, b.credit_after, e.created_at
      from ledger_resolve_rows b join ledger_resolve_events e on e.ord = b.ord order by b.ord
      returning *;
    return;
  end if;
  insert into public.ledger_transfers (
    id, flags, pending_id, debit_account_id, credit_account_id, currency, amount_cents, kind,
    subject_type, subject_id, member_id, description, timeout_at, linked_id, audit_event_id,
    debit_balance_after, credit_balance_after, created_at
  )
  select b.id, b.flags, b.pending_id, b.debit_account_id, b.credit_account_id, b.currency, b.amount_cents, b.kind,
         b.subject_type, b.subject_id, b.member_id, b.description, null, first_id, e.audit_event_id,
         b.debit_after, b.credit_after, e.created_at
  from ledger_resolve_rows b join ledger_resolve_events e on e.ord = b.ord order by b.ord;
  -- Some items were written before: every row, the earlier ones' and the new, in the array's order.
  return query select t.* from ledger_resolve_rows b join public.ledger_transfers t on t.id = b.id order by b.ord;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Payments into and out of a member's cash

-- Cash arrives: a settled payment credits the member's cash from the provider's clearing account
-- (once per payment: the transfer id is the payment's), then the member's investments awaiting
-- payment are funded, oldest first, while the cash covers each.
create or replace function public.ledger_credit_payment(payment public.payments)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.ledger_transfer(
    public.ledger_id('payment:' || payment.id || ':settle'), 'posted',
    public.ledger_account('provider_clearing', payment.currency),
    public.ledger_account('member_cash', payment.currency, payment.member_id),
    payment.amount_cents, 'deposit', 'payment', payment.id::text, payment.member_id,
    'Deposit ' || payment.provider_ref
  );
  if payment.currency = 'EUR' then
    perform public.ledger_fund_awaiting(payment.member_id);
  end if;
end
$$;

-- The demo on-ramp's payment (demo_complete_first_onramp, demo mode only): a settled payment of
-- the member's, recorded as a provider's would be (payment.settled, the first on-ramp with its
-- event and notification) and credited to their cash, so a demo member's balance is real too.
create or replace function public.ledger_demo_deposit(member_id uuid, amount_cents bigint)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  member public.profiles;
  payment public.payments;
  details jsonb;
  event public.audit_events;
begin
  select * into member from public.profiles p where p.id = ledger_demo_deposit.member_id for update;
  insert into public.payments (member_id, provider_ref, amount_cents, currency, status, settled_at)
    values (ledger_demo_deposit.member_id, 'demo:' || gen_random_uuid(), ledger_demo_deposit.amount_cents, 'EUR', 'settled', now())
    returning * into payment;
  details := jsonb_build_object(
    'provider_ref', payment.provider_ref, 'amount_cents', payment.amount_cents,
    'currency', payment.currency, 'event_id', payment.provider_ref
  );
  perform public.audit_append('payment.settled', payment.member_id, 'payment', payment.id::text, details);
  perform public.ledger_credit_payment(payment);
  if not member.first_onramp_ok then
    update public.profiles p set first_onramp_ok = true where p.id = payment.member_id;
    event := public.audit_append('onramp.completed', payment.member_id, 'payment', payment.id::text, details);
    perform public.notify_member(payment.member_id, event, texts.title, texts.body)
    from public.notification_text('onramp.completed') texts;
  end if;
end
$$;

-- Whether a settled, unreversed EUR payment of at least MIN_FIRST_ONRAMP_CENTS stands for the
-- member: the first on-ramp counts only while one does.
create or replace function public.ledger_onramp_stands(member_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.payments p
    where p.member_id = ledger_onramp_stands.member_id and p.status = 'settled'
      and p.currency = 'EUR' and p.amount_cents >= 2000
  )
$$;

-- The provider's refund or dispute of a settled payment (the payments webhook, service role).
-- Once per event id. A refund comes out of available cash only; a chargeback takes what is
-- available and books the rest as the member's receivable, and opens a compliance alert. The
-- first on-ramp stops counting when no qualifying payment stands. An event the ledger cannot
-- apply (the payment is not settled, or a refund exceeds the available cash) is taken, kept in
-- ledger_refusals with its reason, and changes nothing.
create or replace function public.record_payment_reversal(provider_ref text, kind text, event_id text)
returns public.payments
language plpgsql
security definer
set search_path = ''
as $$
declare
  payment public.payments;
  member public.profiles;
  available bigint;
  from_cash bigint;
  owed bigint;
  event public.audit_events;
  email text;
begin
  if coalesce(auth.role(), '') <> 'service_role' then
    raise exception using errcode = '42501', message = 'only the service role may call record_payment_reversal';
  end if;
  if event_id is null or char_length(event_id) not between 1 and 200 then
    raise exception using errcode = '22023', message = 'event_id is required';
  end if;
  if provider_ref is null or char_length(provider_ref) not between 1 and 200 then
    raise exception using errcode = '22023', message = 'provider_ref is required';
  end if;
  if kind is null or kind not in ('refund', 'chargeback') then
    raise exception using errcode = '22023', message = 'kind must be refund or chargeback';
  end if;
  select * into payment from public.payments p where p.provider_ref = record_payment_reversal.provider_ref;
  if not found then
    raise exception using errcode = '22023', message = 'unknown payment';
  end if;
  -- The member's row first, then the ledger: the lock order of every writer.
  select * into member from public.profiles p where p.id = payment.member_id for update;
  select * into payment from public.payments p where p.id = payment.id for update;

  insert into public.provider_events (source, event_id) values ('payments', record_payment_reversal.event_id)
    on conflict do nothing;
  if not found then
    return payment;
  end if;

  perform public.ledger_lock();
  if payment.status <> 'settled' then
    insert into public.ledger_refusals (event_id, provider_ref, member_id, kind, reason)
      values (record_payment_reversal.event_id, payment.provider_ref, payment.member_id, record_payment_reversal.kind,
              'only a settled payment can be ' || case when kind = 'refund' then 'refunded' else 'charged back' end);
    return payment;
  end if;
  available := public.ledger_available(payment.member_id, payment.currency);
  if kind = 'refund' and available < payment.amount_cents then
    insert into public.ledger_refusals (event_id, provider_ref, member_id, kind, reason)
      values (record_payment_reversal.event_id, payment.provider_ref, payment.member_id, 'refund',
              'the refund exceeds the member''s available cash');
    return payment;
  end if;

  from_cash := least(available, payment.amount_cents);
  owed := payment.amount_cents - from_cash;
  if from_cash > 0 then
    perform public.ledger_transfer(
      public.ledger_id('payment:' || payment.id || ':' || kind), 'posted',
      public.ledger_account('member_cash', payment.currency, payment.member_id),
      public.ledger_account('provider_clearing', payment.currency),
      from_cash, kind, 'payment', payment.id::text, payment.member_id,
      case when kind = 'refund' then 'Refund ' else 'Chargeback ' end || payment.provider_ref
    );
  end if;
  if owed > 0 then
    perform public.ledger_transfer(
      public.ledger_id('payment:' || payment.id || ':chargeback:receivable'), 'posted',
      public.ledger_account('member_receivable', payment.currency, payment.member_id),
      public.ledger_account('provider_clearing', payment.currency),
      owed, 'chargeback_receivable', 'payment', payment.id::text, payment.member_id,
      'Chargeback ' || payment.provider_ref || ' owed by the member'
    );
  end if;
  update public.payments p
    set status = case when kind = 'refund' then 'refunded' else 'charged_back' end, reversed_at = now()
    where p.id = payment.id
    returning * into payment;
  event := public.audit_append(
    case when kind = 'refund' then 'payment.refunded' else 'payment.charged_back' end,
    payment.member_id, 'payment', payment.id::text,
    jsonb_build_object(
      'provider_ref', payment.provider_ref, 'amount_cents', payment.amount_cents, 'currency', payment.currency,
      'event_id', record_payment_reversal.event_id, 'from_cash_cents', from_cash, 'owed_cents', owed
    )
  );
  if kind = 'chargeback' then
    select u.email into email from auth.users u where u.id = payment.member_id;
    insert into public.compliance_alerts ("user", issue, priority, member_id)
      select coalesce(nullif(member.name, ''), email, payment.member_id::text), texts.issue, texts.priority,
             payment.member_id
      from public.compliance_alert_text('payment.charged_back', jsonb_build_object(
        'payment', payment.provider_ref, 'amountCents', payment.amount_cents::text, 'owedCents', owed::text)) texts
      on conflict do nothing;
    perform public.notify_member(payment.member_id, event, texts.title, texts.body)
    from public.notification_text('payment.charged_back') texts;
  end if;
  if member.first_onramp_ok and not public.ledger_onramp_stands(payment.member_id) then
    update public.profiles p set first_onramp_ok = false where p.id = payment.member_id;
    perform public.audit_append('onramp.revoked', payment.member_id, 'payment', payment.id::text,
      jsonb_build_object('provider_ref', payment.provider_ref));
  end if;
  return payment;
end
$$;

-- The member asks to take cash out: the amount is held from available cash to the provider's
-- clearing account until the payout event posts it (paid) or voids it (failed). One withdrawal
-- per idempotency key: a retry with the same amount answers it, another amount is refused. The
-- payout goes to the member's linked bank account (destination_ref its masked IBAN) when they
-- have one, else back to where their latest settled deposit came from.
create or replace function public.request_withdrawal(amount_cents bigint, idempotency_key uuid)
returns public.withdrawals
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  result public.withdrawals;
  source_ref text;
  linked_ref text;
begin
  if me is null then
    raise exception using errcode = '42501', message = 'not signed in';
  end if;
  if idempotency_key is null then
    raise exception using errcode = '22023', message = 'idempotency_key is required';
  end if;
  if amount_cents is null or amount_cents <= 0 or amount_cents > 9007199254740991 then
    raise exception using errcode = '22023', message = 'amount_cents must be a positive whole number of cents';
  end if;
  perform public.ledger_lock();
  select * into result from public.withdrawals w
    where w.member_id = me and w.idempotency_key = request_withdrawal.idempotency_key;
  if found then
    if result.amount_cents <> request_withdrawal.amount_cents then
      raise exception using errcode = '22023', message = 'idempotency_key was used for another withdrawal';
    end if;
    return result;
  end if;
  if public.ledger_available(me, 'EUR') < amount_cents then
    raise exception using errcode = 'P0001', message = 'the amount exceeds your available cash';
  end if;
  -- The linked bank account when there is one (its IBAN masked), else where the deposits came from.
  select public.iban_masked(b.iban) into linked_ref from public.bank_accounts b where b.member_id = me;
  if linked_ref is null then
    select p.provider_ref into source_ref from public.payments p
      where p.member_id = me and p.status = 'settled' and p.currency = 'EUR'
      order by p.settled_at desc, p.id limit 1;
  end if;
  insert into public.withdrawals (member_id, idempotency_key, amount_cents, currency, destination, destination_ref)
    values (
      me, request_withdrawal.idempotency_key, request_withdrawal.amount_cents, 'EUR',
      case when linked_ref is null then 'deposit_source' else 'linked_bank_account' end,
      coalesce(linked_ref, source_ref)
    )
    returning * into result;
  perform public.ledger_transfer(
    public.ledger_id('withdrawal:' || result.id || ':hold'), 'pending',
    public.ledger_account('member_cash', 'EUR', me), public.ledger_account('provider_clearing', 'EUR'),
    result.amount_cents, 'withdrawal', 'withdrawal', result.id::text, me, 'Withdrawal'
  );
  perform public.audit_append(
    'withdrawal.requested', me, 'withdrawal', result.id::text,
    jsonb_build_object('amount_cents', result.amount_cents, 'currency', result.currency, 'destination', result.destination)
  );
  return result;
end
$$;

-- The provider's payout event (the payments webhook, service role), once per event id: paid
-- posts the held amount, failed voids it (the cash is available again) and tells the member.
-- An event for a withdrawal already decided is taken and changes nothing.
create or replace function public.record_payout(withdrawal_id uuid, status text, event_id text)
returns public.withdrawals
language plpgsql
security definer
set search_path = ''
as $$
declare
  result public.withdrawals;
  event public.audit_events;
begin
  if coalesce(auth.role(), '') <> 'service_role' then
    raise exception using errcode = '42501', message = 'only the service role may call record_payout';
  end if;
  if event_id is null or char_length(event_id) not between 1 and 200 then
    raise exception using errcode = '22023', message = 'event_id is required';
  end if;
  if status is null or status not in ('paid', 'failed') then
    raise exception using errcode = '22023', message = 'status must be paid or failed';
  end if;
  select * into result from public.withdrawals w where w.id = record_payout.withdrawal_id;
  if not found then
    raise exception using errcode = '22023', message = 'unknown withdrawal';
  end if;
  insert into public.provider_events (source, event_id) values ('payments', record_payout.event_id)
    on conflict do nothing;
  if not found then
    return result;
  end if;
  perform public.ledger_lock();
  select * into result from public.withdrawals w where w.id = record_payout.withdrawal_id for update;
  if result.status <> 'requested' then
    insert into public.ledger_refusals (event_id, provider_ref, member_id, kind, reason)
      values (record_payout.event_id, result.id::text, result.member_id, 'payout', 'the withdrawal is already ' || result.status);
    return result;
  end if;
  perform public.ledger_transfer(
    public.ledger_id('withdrawal:' || result.id || ':' || status), case when status = 'paid' then 'post' else 'void' end,
    null, null, null, 'withdrawal', 'withdrawal', result.id::text, result.member_id,
    case when status = 'paid' then 'Withdrawal paid out' else 'Withdrawal failed: returned' end,
    public.ledger_id('withdrawal:' || result.id || ':hold')
  );
  update public.withdrawals w set status = record_payout.status, decided_at = now()
    where w.id = result.id returning * into result;
  event := public.audit_append(
    case when status = 'paid' then 'withdrawal.paid' else 'withdrawal.failed' end,
    result.member_id, 'withdrawal', result.id::text,
    jsonb_build_object('amount_cents', result.amount_cents, 'currency', result.currency, 'event_id', record_payout.event_id)
  );
  if status = 'failed' then
    perform public.notify_member(result.member_id, event, texts.title, texts.body)
    from public.notification_text('withdrawal.failed') texts;
  end if;
  return result;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The linked bank account

-- The member links the bank account their withdrawals are paid to: the holder's name (1 to 140
-- characters once trimmed of spaces), the IBAN (checked by iban_checked: its country, its length,
-- its check digits) and, optionally, the BIC. Any signed-in member. Linking the account already
-- linked, with the same details, answers it and records nothing; other details replace it. The
-- audit event holds the IBAN masked, never whole.
create or replace function public.link_bank_account(holder_name text, iban text, bic text default null)
returns public.bank_accounts
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  holder text := btrim(holder_name);
  account_iban text;
  account_bic text;
  previous public.bank_accounts;
  result public.bank_accounts;
begin
  if me is null then
    raise exception using errcode = '42501', message = 'not signed in';
  end if;
  if holder is null or char_length(holder) not between 1 and 140 then
    raise exception using errcode = '22023', message = 'the account holder''s name must have 1 to 140 characters';
  end if;
  account_iban := public.iban_checked(link_bank_account.iban);
  -- No BIC, or only spaces: none. SEPA needs only the IBAN.
  if replace(coalesce(link_bank_account.bic, ''), ' ', '') <> '' then
    account_bic := public.bic_checked(link_bank_account.bic);
  end if;
  select * into previous from public.bank_accounts b where b.member_id = me for update;
  if found and previous.iban = account_iban and previous.holder_name = holder
     and previous.bic is not distinct from account_bic then
    return previous;
  end if;
  insert into public.bank_accounts as b (member_id, holder_name, iban, bic, linked_at)
    values (me, holder, account_iban, account_bic, now())
    on conflict (member_id) do update
      set holder_name = excluded.holder_name, iban = excluded.iban, bic = excluded.bic, linked_at = excluded.linked_at
    returning * into result;
  perform public.audit_append(
    'bank.account_linked', me, 'bank_account', me::text,
    jsonb_build_object('iban_masked', public.iban_masked(result.iban), 'country', left(result.iban, 2))
      || case when previous.member_id is null then '{}'::jsonb
              else jsonb_build_object('replaced_iban_masked', public.iban_masked(previous.iban)) end
  );
  return result;
end
$$;

-- The member unlinks their bank account: withdrawals go back to where their deposits came from.
-- Answers whether there was one; with none linked it changes and records nothing.
create or replace function public.unlink_bank_account()
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  removed public.bank_accounts;
begin
  if me is null then
    raise exception using errcode = '42501', message = 'not signed in';
  end if;
  delete from public.bank_accounts b where b.member_id = me returning * into removed;
  if not found then
    return false;
  end if;
  perform public.audit_append(
    'bank.account_unlinked', me, 'bank_account', me::text,
    jsonb_build_object('iban_masked', public.iban_masked(removed.iban), 'country', left(removed.iban, 2))
  );
  return true;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Investments' money

-- Holds an investment's total (amount to the offering's escrow, the management fee, the card fee)
-- as linked pending transfers from the member's cash, when the available cash covers it. Answers
-- whether it is held. Ids are the investment's, so a second call for it holds nothing more.
create or replace function public.ledger_hold_investment(investment public.investments)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  cash bigint;
  base text := 'investment:' || investment.id || ':';
  legs jsonb := '[]'::jsonb;
begin
  perform public.ledger_lock();
  if exists (select 1 from public.ledger_transfers t where t.id = public.ledger_id(base || 'principal:hold')) then
    return true;
  end if;
  if public.ledger_available(investment.user_id, 'EUR') < investment.total_cents then
    return false;
  end if;
  cash := public.ledger_account('member_cash', 'EUR', investment.user_id);
  legs := legs || jsonb_build_object(
    'id', public.ledger_id(base || 'principal:hold'), 'flags', 'pending', 'debit_account_id', cash,
    'credit_account_id', public.ledger_account('offering_escrow', 'EUR', null, investment.opportunity_id),
    'amount_cents', investment.amount_cents, 'kind', 'investment', 'subject_type', 'investment',
    'subject_id', investment.id, 'member_id', investment.user_id,
    'description', 'Investment in ' || investment.opportunity_name
  );
  if investment.management_fee_cents > 0 then
    legs := legs || jsonb_build_object(
      'id', public.ledger_id(base || 'management_fee:hold'), 'flags', 'pending', 'debit_account_id', cash,
      'credit_account_id', public.ledger_account('platform_fee_income', 'EUR'),
      'amount_cents', investment.management_fee_cents, 'kind', 'management_fee', 'subject_type', 'investment',
      'subject_id', investment.id, 'member_id', investment.user_id,
      'description', 'Management fee, ' || investment.opportunity_name
    );
  end if;
  if investment.card_fee_cents > 0 then
    legs := legs || jsonb_build_object(
      'id', public.ledger_id(base || 'card_fee:hold'), 'flags', 'pending', 'debit_account_id', cash,
      'credit_account_id', public.ledger_account('card_fees', 'EUR'),
      'amount_cents', investment.card_fee_cents, 'kind', 'card_fee', 'subject_type', 'investment',
      'subject_id', investment.id, 'member_id', investment.user_id,
      'description', 'Card fee, ' || investment.opportunity_name
    );
  end if;
  perform public.ledger_transfer_linked(legs);
  return true;
end
$$;

-- Resolves an investment's holds together: 'post' when confirmed, 'void' when rejected or
-- cancelled. An investment without holds (sample rows, or one awaiting payment) moves nothing.
create or replace function public.ledger_resolve_investment(investment public.investments, action text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  base text := 'investment:' || investment.id || ':';
  leg text;
  legs jsonb := '[]'::jsonb;
begin
  if action not in ('post', 'void') then
    raise exception using errcode = '22023', message = 'action must be post or void';
  end if;
  perform public.ledger_lock();
  foreach leg in array array['principal', 'management_fee', 'card_fee'] loop
    if exists (select 1 from public.ledger_transfers t where t.id = public.ledger_id(base || leg || ':hold')) then
      legs := legs || jsonb_build_object(
        'id', public.ledger_id(base || leg || ':' || action), 'flags', action,
        'pending_id', public.ledger_id(base || leg || ':hold'),
        'kind', case leg when 'principal' then 'investment' else leg end, 'subject_type', 'investment',
        'subject_id', investment.id, 'member_id', investment.user_id,
        'description', case when action = 'post' then 'Investment confirmed, ' else 'Investment released, ' end
          || investment.opportunity_name
      );
    end if;
  end loop;
  if jsonb_array_length(legs) > 0 then
    perform public.ledger_transfer_linked(legs);
  end if;
end
$$;

-- After cash arrives: each of the member's investments awaiting payment, oldest first, is held
-- and becomes Pending when the available cash covers it.
create or replace function public.ledger_fund_awaiting(member_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  inv public.investments;
begin
  for inv in
    select * from public.investments i
    where i.user_id = ledger_fund_awaiting.member_id and i.status = 'Awaiting payment'
    order by i.arrival
    for update
  loop
    if public.ledger_hold_investment(inv) then
      update public.investments i set status = 'Pending' where i.id = inv.id;
      perform public.audit_append(
        'investment.funded', inv.user_id, 'investment', inv.id::text,
        jsonb_build_object('total_cents', inv.total_cents)
      );
    end if;
  end loop;
end
$$;

-- The scheduled work (pg_cron on a Supabase project, docs/ledger.md; the tests pass their own
-- clock): pending transfers past their timeout expire, and investments still awaiting payment
-- AWAITING_PAYMENT_DAYS (7) after submission are cancelled and the member told. Answers how many
-- of each it handled.
create or replace function public.ledger_run_expiries(as_of timestamptz default now())
returns table (expired_transfers integer, cancelled_investments integer, overdue_withdrawals integer)
language plpgsql
security definer
set search_path = ''
as $$
declare
  p public.ledger_transfers;
  inv public.investments;
  w public.withdrawals;
  event public.audit_events;
  n_transfers integer := 0;
  n_investments integer := 0;
  n_withdrawals integer := 0;
  alerted bigint;
begin
  if as_of is null then
    raise exception using errcode = '22023', message = 'as_of is required';
  end if;
  perform public.ledger_lock();
  for p in
    select * from public.ledger_transfers t
    where t.flags = 'pending' and t.timeout_at <= as_of
      and not exists (select 1 from public.ledger_transfers r where r.pending_id = t.id)
    order by t.seq
  loop
    perform public.ledger_transfer(
      public.ledger_id('expire:' || p.id), 'expire', null, null, null, p.kind, p.subject_type, p.subject_id,
      p.member_id, 'Expired: ' || p.description, p.id
    );
    n_transfers := n_transfers + 1;
  end loop;
  for inv in
    select * from public.investments i
    where i.status = 'Awaiting payment' and i.submitted_at + public.awaiting_payment_window() <= as_of
    order by i.arrival
    for update
  loop
    update public.investments i set status = 'Cancelled', decided_at = as_of,
      reason = 'The payment did not arrive within ' || extract(day from public.awaiting_payment_window()) || ' days.'
      where i.id = inv.id;
    event := public.audit_append(
      'investment.expired', inv.user_id, 'investment', inv.id::text,
      jsonb_build_object('opportunity_id', inv.opportunity_id, 'total_cents', inv.total_cents)
    );
    perform public.notify_member(inv.user_id, event, texts.title, texts.body)
    from public.notification_text('investment.expired', jsonb_build_object('offering', inv.opportunity_name)) texts;
    n_investments := n_investments + 1;
  end loop;
  -- A withdrawal the provider has not answered for too long: its hold stays (the money may have
  -- left), and compliance is alerted once, the alert naming the withdrawal.
  for w in
    select * from public.withdrawals x
    where x.status = 'requested' and x.requested_at + public.withdrawal_overdue_window() <= as_of
    order by x.requested_at, x.id
  loop
    insert into public.compliance_alerts ("user", issue, priority, member_id)
      select coalesce(nullif(pr.name, ''), u.email::text, w.member_id::text), texts.issue, texts.priority, w.member_id
      from auth.users u left join public.profiles pr on pr.id = u.id
      cross join public.compliance_alert_text('withdrawal.overdue', jsonb_build_object(
        'withdrawal', w.id::text, 'amountCents', w.amount_cents::text)) texts
      where u.id = w.member_id
      on conflict do nothing
      returning id into alerted;
    continue when alerted is null;
    perform public.audit_append(
      'withdrawal.overdue', w.member_id, 'withdrawal', w.id::text,
      jsonb_build_object('amount_cents', w.amount_cents, 'currency', w.currency, 'requested_at', w.requested_at,
                         'alert_id', alerted)
    );
    n_withdrawals := n_withdrawals + 1;
  end loop;
  return query select n_transfers, n_investments, n_withdrawals;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- What people read

-- The caller's cash (EUR): available, held (pending debits), and the total of the two.
create or replace function public.my_balance()
returns table (available_cents bigint, held_cents bigint, total_cents bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
begin
  if me is null then
    raise exception using errcode = '42501', message = 'not signed in';
  end if;
  return query
    select coalesce(a.credits_posted - a.debits_posted - a.debits_pending, 0)::bigint,
           coalesce(a.debits_pending, 0)::bigint,
           coalesce(a.credits_posted - a.debits_posted, 0)::bigint
    from (select 1) one
    left join public.ledger_accounts a on a.kind = 'member_cash' and a.currency = 'EUR' and a.member_id = me;
end
$$;

-- The caller's linked bank account, the IBAN masked (iban_masked: its country code and last four
-- characters): one row, or none when nothing is linked.
create or replace function public.my_bank_account()
returns table (holder_name text, iban_masked text, bic text, linked_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
begin
  if me is null then
    raise exception using errcode = '42501', message = 'not signed in';
  end if;
  return query
    select b.holder_name, public.iban_masked(b.iban), b.bic, b.linked_at
    from public.bank_accounts b where b.member_id = me;
end
$$;

-- The caller's ledger lines, newest first: when, what, the change of available cash and the
-- available balance after it. Keyset paged: pass the last line's seq as `after` for the next
-- page (an empty page is the end); page_size 1..200, default 50.
create or replace function public.my_ledger_lines(after bigint default null, page_size integer default null)
returns table (seq bigint, occurred_at timestamptz, description text, amount_cents bigint, balance_cents bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  size integer := least(greatest(coalesce(page_size, 50), 1), 200);
  -- One bound, never null, so the statement's plan reads the index range whatever `after` is.
  before bigint := coalesce(after, 9223372036854775807);
  cash bigint;
begin
  if me is null then
    raise exception using errcode = '42501', message = 'not signed in';
  end if;
  select a.id into cash from public.ledger_accounts a
    where a.kind = 'member_cash' and a.currency = 'EUR' and a.member_id = me;
  if cash is null then
    return;
  end if;
  -- One row more than the page: the older neighbour's balance gives the last line's change.
  return query
    with lines as (
      select x.seq, x.created_at, x.description, x.balance
      from (
        (select t.seq, t.created_at, t.description, t.debit_balance_after as balance
         from public.ledger_transfers t
         where t.debit_account_id = cash and t.seq < before
         order by t.seq desc limit size + 1)
        union all
        (select t.seq, t.created_at, t.description, t.credit_balance_after as balance
         from public.ledger_transfers t
         where t.credit_account_id = cash and t.seq < before
         order by t.seq desc limit size + 1)
      ) x
      order by x.seq desc
      limit size + 1
    ),
    changes as (
      select l.seq, l.created_at, l.description, l.balance,
             l.balance - coalesce(lead(l.balance) over (order by l.seq desc), 0) as change,
             row_number() over (order by l.seq desc) as n
      from lines l
    )
    select c.seq, c.created_at, c.description, c.change::bigint, c.balance::bigint
    from changes c where c.n <= size order by c.seq desc;
end
$$;

create or replace function public.ledger_reader_check()
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- The service role holds EXECUTE only where a server job may read too (ledger_verify, the trial balance).
  if auth.role() = 'service_role' then
    return;
  end if;
  if auth.uid() is null or not (public.vault_role() in ('mfo_admin', 'compliance') or public.vault_is_admin()) then
    raise exception using errcode = '42501', message = 'only mfo_admin, compliance or an administrator may read the ledger';
  end if;
end
$$;

-- The review list of refused payment events, newest first, keyset paged (`after`: the last id of
-- the previous page): mfo_admin, compliance and the admin flag.
create or replace function public.list_ledger_refusals(after bigint default null, page_size integer default null)
returns setof public.ledger_refusals
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.ledger_reader_check();
  return query
    select * from public.ledger_refusals r
    where after is null or r.id < after
    order by r.id desc
    limit least(greatest(coalesce(page_size, 50), 1), 200);
end
$$;
revoke execute on function public.list_ledger_refusals(bigint, integer) from public, anon, service_role;
grant execute on function public.list_ledger_refusals(bigint, integer) to authenticated;

-- One row per currency: the four sums over every account.
create or replace function public.ledger_trial_balance()
returns table (currency text, debits_pending bigint, debits_posted bigint, credits_pending bigint, credits_posted bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.ledger_reader_check();
  return query
    select a.currency, sum(a.debits_pending)::bigint, sum(a.debits_posted)::bigint,
           sum(a.credits_pending)::bigint, sum(a.credits_posted)::bigint
    from public.ledger_accounts a
    group by a.currency
    order by a.currency;
end
$$;

-- Each offering's escrow account the caller may see, one row per account (an offering and a
-- currency): its four balances, what it holds (credits_posted - debits_posted) and what is pending
-- in (credits_pending: held from members, not yet posted). mfo_admin, compliance and the admin flag
-- see every offering (vault_sees_every_spv); an SPV's administrators only their own SPVs' offerings
-- (vault_spv_ids); anyone else is refused. Security definer: the accounts are no client's to read.
-- plpgsql, so the SPV helpers of 12_offerings.sql are looked up when it runs, not when it is made.
create or replace function public.ledger_escrows()
returns table (
  opportunity_id text,
  opportunity_name text,
  spv_id text,
  currency text,
  debits_pending bigint,
  debits_posted bigint,
  credits_pending bigint,
  credits_posted bigint,
  holds_cents bigint,
  pending_in_cents bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  every_spv boolean;
  mine text[];
begin
  if auth.uid() is null or not (
    public.vault_sees_every_spv() or public.vault_role() in ('eq_spv_admin', 'cl_spv_admin', 'production_spv')
  ) then
    raise exception using errcode = '42501', message = 'only mfo_admin, compliance, an SPV''s administrators or an administrator may read the escrow accounts';
  end if;
  every_spv := public.vault_sees_every_spv();
  mine := public.vault_spv_ids();
  return query
    select a.opportunity_id, o.name, o.spv_id, a.currency,
           a.debits_pending, a.debits_posted, a.credits_pending, a.credits_posted,
           (a.credits_posted - a.debits_posted)::bigint, a.credits_pending
    from public.ledger_accounts a
    join public.opportunities o on o.id = a.opportunity_id
    where a.kind = 'offering_escrow'
      and (every_spv or o.spv_id = any (mine))
    order by o.name, a.opportunity_id, a.currency;
end
$$;

-- The ledger's invariants (docs/ledger.md): null when every one holds, else the first that fails.
create or replace function public.ledger_verify()
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  bad text;
  chain bigint;
begin
  perform public.ledger_reader_check();
  -- 1. Per currency, posted debits equal posted credits, and pending debits pending credits.
  select 'unbalanced currency ' || a.currency into bad
    from public.ledger_accounts a group by a.currency
    having sum(a.debits_posted) <> sum(a.credits_posted) or sum(a.debits_pending) <> sum(a.credits_pending)
       or sum(a.debits_posted) > 9007199254740991 or sum(a.debits_pending) > 9007199254740991
    order by a.currency limit 1;
  if bad is not null then return '1: ' || bad; end if;

  -- 2. Each account's four balances are the sums of its transfers.
  with effects as (
    select t.debit_account_id as account_id,
           case t.flags when 'pending' then t.amount_cents when 'posted' then 0 else -p.amount_cents end as dp,
           case when t.flags in ('posted', 'post') then t.amount_cents else 0 end as dpo,
           0::bigint as cp, 0::bigint as cpo
    from public.ledger_transfers t left join public.ledger_transfers p on p.id = t.pending_id
    union all
    select t.credit_account_id, 0, 0,
           case t.flags when 'pending' then t.amount_cents when 'posted' then 0 else -p.amount_cents end,
           case when t.flags in ('posted', 'post') then t.amount_cents else 0 end
    from public.ledger_transfers t left join public.ledger_transfers p on p.id = t.pending_id
  ),
  sums as (
    select e.account_id, sum(e.dp) as dp, sum(e.dpo) as dpo, sum(e.cp) as cp, sum(e.cpo) as cpo
    from effects e group by e.account_id
  )
  select 'account ' || a.id || ' does not match its transfers' into bad
    from public.ledger_accounts a left join sums s on s.account_id = a.id
    where (a.debits_pending, a.debits_posted, a.credits_pending, a.credits_posted)
      is distinct from (coalesce(s.dp, 0), coalesce(s.dpo, 0), coalesce(s.cp, 0), coalesce(s.cpo, 0))
    order by a.id limit 1;
  if bad is not null then return '2: ' || bad; end if;

  -- 3. No account that may not be overdrawn is below zero.
  select 'account ' || a.id || ' is overdrawn' into bad from public.ledger_accounts a
    where a.no_overdraft and a.credits_posted - a.debits_posted - a.debits_pending < 0
    order by a.id limit 1;
  if bad is not null then return '3: ' || bad; end if;

  -- 4. A resolution names a pending transfer, once, on its accounts, posting at most its amount.
  select 'transfer ' || t.id || ' does not resolve its pending transfer properly' into bad
    from public.ledger_transfers t left join public.ledger_transfers p on p.id = t.pending_id
    where t.pending_id is not null and (
      p.id is null or p.flags <> 'pending'
      or (p.debit_account_id, p.credit_account_id) is distinct from (t.debit_account_id, t.credit_account_id)
      or t.amount_cents > p.amount_cents
      or (t.flags <> 'post' and t.amount_cents <> p.amount_cents)
      or (select count(*) from public.ledger_transfers r where r.pending_id = p.id) > 1
    )
    order by t.seq limit 1;
  if bad is not null then return '4: ' || bad; end if;

  -- 5. Linked transfers are written together: each set starts with its first transfer.
  select 'transfer ' || t.id || ' is linked to no transfer' into bad
    from public.ledger_transfers t
    where not exists (select 1 from public.ledger_transfers f where f.id = t.linked_id)
    order by t.seq limit 1;
  if bad is not null then return '5: ' || bad; end if;

  -- 6. Every transfer has its audit event, and the audit chain verifies.
  select 'transfer ' || t.id || ' has no audit event' into bad
    from public.ledger_transfers t left join public.audit_events e on e.id = t.audit_event_id
    where e.id is null or e.action <> 'ledger.transferred' or e.subject_id <> t.id::text
    order by t.seq limit 1;
  if bad is not null then return '6: ' || bad; end if;
  chain := public.audit_verify();
  if chain is not null then return '6: the audit chain breaks at event ' || chain; end if;
  return null;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Who may execute what

revoke execute on function public.ledger_id(text) from public, anon, authenticated, service_role;
revoke execute on function public.ledger_lock() from public, anon, authenticated, service_role;
revoke execute on function public.ledger_account(text, text, uuid, text) from public, anon, authenticated, service_role;
revoke execute on function public.ledger_available(uuid, text) from public, anon, authenticated, service_role;
revoke execute on function public.ledger_member_accounts(text, text, uuid[]) from public, anon, authenticated, service_role;
revoke execute on function public.ledger_transfer(uuid, text, bigint, bigint, bigint, text, text, text, uuid, text, uuid, timestamptz, uuid)
  from public, anon, authenticated, service_role;
revoke execute on function public.ledger_transfer_linked(jsonb) from public, anon, authenticated, service_role;
revoke execute on function public.ledger_transfer_batch(jsonb) from public, anon, authenticated, service_role;
revoke execute on function public.ledger_resolve_batch(jsonb) from public, anon, authenticated, service_role;
revoke execute on function public.ledger_credit_payment(public.payments) from public, anon, authenticated, service_role;
revoke execute on function public.ledger_onramp_stands(uuid) from public, anon, authenticated, service_role;
revoke execute on function public.ledger_demo_deposit(uuid, bigint) from public, anon, authenticated, service_role;
revoke execute on function public.ledger_hold_investment(public.investments) from public, anon, authenticated, service_role;
revoke execute on function public.ledger_resolve_investment(public.investments, text) from public, anon, authenticated, service_role;
revoke execute on function public.ledger_fund_awaiting(uuid) from public, anon, authenticated, service_role;
revoke execute on function public.ledger_reader_check() from public, anon, authenticated, service_role;

revoke execute on function public.record_payment_reversal(text, text, text) from public, anon, authenticated;
grant execute on function public.record_payment_reversal(text, text, text) to service_role;
revoke execute on function public.record_payout(uuid, text, text) from public, anon, authenticated;
grant execute on function public.record_payout(uuid, text, text) to service_role;
revoke execute on function public.ledger_run_expiries(timestamptz) from public, anon, authenticated;
grant execute on function public.ledger_run_expiries(timestamptz) to service_role;
revoke execute on function public.request_withdrawal(bigint, uuid) from public, anon, service_role;
grant execute on function public.request_withdrawal(bigint, uuid) to authenticated;
revoke execute on function public.link_bank_account(text, text, text) from public, anon, service_role;
grant execute on function public.link_bank_account(text, text, text) to authenticated;
revoke execute on function public.unlink_bank_account() from public, anon, service_role;
grant execute on function public.unlink_bank_account() to authenticated;
revoke execute on function public.my_bank_account() from public, anon, service_role;
grant execute on function public.my_bank_account() to authenticated;
revoke execute on function public.my_balance() from public, anon, service_role;
grant execute on function public.my_balance() to authenticated;
revoke execute on function public.my_ledger_lines(bigint, integer) from public, anon, service_role;
grant execute on function public.my_ledger_lines(bigint, integer) to authenticated;
revoke execute on function public.ledger_trial_balance() from public, anon;
grant execute on function public.ledger_trial_balance() to authenticated, service_role;
revoke execute on function public.ledger_verify() from public, anon;
grant execute on function public.ledger_verify() to authenticated, service_role;
revoke execute on function public.ledger_escrows() from public, anon, service_role;
grant execute on function public.ledger_escrows() to authenticated;
