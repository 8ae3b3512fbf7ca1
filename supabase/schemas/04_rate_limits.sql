-- Edge functions: the per-user rate limit in front of every paid provider call
-- (supabase/functions/_shared/rateLimit.ts; docs/security.md "Edge functions").
--
-- One row per (user, function): the start of the current fixed window and the calls counted in
-- it. Only the service role's edge functions use it, through public.function_rate_limit_hit:
-- row-level security is on with no policy, and anon and authenticated hold no privilege, so no
-- client can read, reset or fill another member's counter.

create table if not exists public.function_rate_limits (
  user_id uuid not null references auth.users (id) on delete cascade,
  fn text not null check (fn ~ '^[a-z0-9-]{1,64}$'),
  window_started_at timestamptz not null,
  calls integer not null check (calls >= 0),
  primary key (user_id, fn)
);

alter table public.function_rate_limits enable row level security;
revoke all on table public.function_rate_limits from public, anon, authenticated;
grant select, insert, update, delete on table public.function_rate_limits to service_role;

-- Counts one call of `fn` by `user_id` and answers whether it is within `max_calls` per window
-- of `window_seconds`, and if not, how many seconds remain until the window ends. A call after
-- the window ends starts a new one. One statement, so concurrent calls are counted exactly (the
-- row lock of the upsert orders them). Security definer with a fixed search path: the caller
-- needs no privilege on the table, and only the service role may execute it.
create or replace function public.function_rate_limit_hit(
  user_id uuid,
  fn text,
  max_calls integer,
  window_seconds integer
)
returns table (allowed boolean, retry_after_seconds integer)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  window_length interval;
  counted integer;
  started timestamptz;
begin
  if function_rate_limit_hit.user_id is null then
    raise exception using errcode = '22004', message = 'user_id is required';
  end if;
  if function_rate_limit_hit.fn is null or function_rate_limit_hit.fn !~ '^[a-z0-9-]{1,64}$' then
    raise exception using errcode = '22023', message = 'fn must be a function name';
  end if;
  if max_calls is null or max_calls < 1 or max_calls > 10000 then
    raise exception using errcode = '22023', message = 'max_calls must be between 1 and 10000';
  end if;
  if window_seconds is null or window_seconds < 1 or window_seconds > 86400 then
    raise exception using errcode = '22023', message = 'window_seconds must be between 1 and 86400';
  end if;
  window_length := make_interval(secs => window_seconds);

  insert into public.function_rate_limits as r (user_id, fn, window_started_at, calls)
  values (function_rate_limit_hit.user_id, function_rate_limit_hit.fn, now(), 1)
  on conflict (user_id, fn) do update
    set window_started_at = case when r.window_started_at + window_length <= now() then now() else r.window_started_at end,
        -- Capped, so a caller hammering a closed window cannot overflow the counter.
        calls = case when r.window_started_at + window_length <= now() then 1 else least(r.calls + 1, max_calls + 1) end
  returning r.calls, r.window_started_at into counted, started;

  allowed := counted <= max_calls;
  retry_after_seconds := case
    when allowed then 0
    else greatest(1, ceil(extract(epoch from (started + window_length - now())))::integer)
  end;
  return next;
end
$$;
revoke execute on function public.function_rate_limit_hit(uuid, text, integer, integer) from public, anon, authenticated;
grant execute on function public.function_rate_limit_hit(uuid, text, integer, integer) to service_role;

comment on table public.function_rate_limits is
  'Per-user call counters of the edge functions (fixed windows); written only through function_rate_limit_hit by the service role.';
