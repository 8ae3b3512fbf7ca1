-- The investment fees, computed on the server (docs/backend.md "Fees"). The same figures as
-- investmentQuote in @vault/domain (packages/domain/src/money.ts): a management fee of
-- MANAGEMENT_FEE_BPS (100 bps, 1%) of the amount, and for cards a card fee of CARD_FEE_BPS
-- (150 bps, 1.5%); each in whole cents, rounded half up; the total is the amount plus both fees.
-- supabase/tests/fees.test.ts checks it against every case of the domain's own fee tests
-- (packages/domain/src/backend/fees.ts). The investment functions of the next step call it.

create or replace function public.investment_quote(amount_cents bigint, method text)
returns table (management_fee_cents bigint, card_fee_cents bigint, total_cents bigint)
language plpgsql
immutable
set search_path = ''
as $$
declare
  management bigint;
  card bigint;
begin
  -- The upper bound is JavaScript's largest safe integer, as investmentQuote's.
  if amount_cents is null or amount_cents < 0 or amount_cents > 9007199254740991 then
    raise exception using errcode = '22023', message = 'amount_cents must be a whole, non-negative number of cents';
  end if;
  if method is null or method not in ('bank', 'card') then
    raise exception using errcode = '22023', message = 'method must be bank or card';
  end if;
  -- Integer division of non-negative numbers rounds down, so + 5000 rounds half up.
  management := (amount_cents * 100 + 5000) / 10000;
  card := case when method = 'card' then (amount_cents * 150 + 5000) / 10000 else 0 end;
  return query select management, card, amount_cents + management + card;
end
$$;

revoke execute on function public.investment_quote(bigint, text) from public, anon;
grant execute on function public.investment_quote(bigint, text) to authenticated, service_role;
