-- Signatures that persist, with evidence (docs/backend.md "Signatures").
--
-- * public.agreement_versions: every published membership agreement, by version, with the
--   SHA-256 of its text; exactly one is current. The current one is declared in @vault/domain
--   (packages/domain/src/backend/agreement.ts, `currentAgreement`, with the text and how it is
--   hashed); a test proves the row below equals it.
-- * public.sign_agreement(version, document_sha256): the signed-in member signs the current
--   agreement. Any other version or hash is refused. Signing the same version again returns the
--   first signature and records nothing new.
-- * public.sign_document(document_id): the member signs one of their own 'Pending' documents. It
--   becomes 'Signed', and public.document_signatures keeps the evidence: when, who (id and email
--   at that moment) and the SHA-256 of the document as it was signed. What is hashed:
--   jsonb_build_object('user_id', 'id', 'name', 'type', 'date' of the documents row)::text, UTF-8
--   (jsonb text: keys in jsonb's fixed order); the status is left out, since signing changes it.
--   A second call returns the same evidence.
-- * Both record their audit event. Signatures are evidence kept with the audit trail: the
--   member's account cannot be deleted while they exist (the foreign keys have no cascade).

create table if not exists public.agreement_versions (
  version text primary key check (version ~ '^[a-z0-9.-]{1,50}$'),
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  current boolean not null default false,
  published_at timestamptz not null default now()
);
create unique index if not exists agreement_versions_one_current on public.agreement_versions (current) where current;

alter table public.agreement_versions enable row level security;
revoke all on table public.agreement_versions from public, anon, authenticated, service_role;
grant select on table public.agreement_versions to authenticated, service_role;
drop policy if exists agreement_versions_read on public.agreement_versions;
create policy agreement_versions_read on public.agreement_versions for select to authenticated using (true);

insert into public.agreement_versions (version, sha256)
values ('v1', '31cd6fc1b190c9a6bc17b536ac97b6fc2b6ae339e288326349f7d0062a1558b7')
on conflict (version) do nothing;
-- Two statements, so the one-current index never sees two at once.
update public.agreement_versions set current = false where current and version <> 'v1';
update public.agreement_versions set current = true where version = 'v1' and not current;

create table if not exists public.agreement_signatures (
  id uuid primary key default gen_random_uuid(),
  member_id uuid not null,  -- kept when the account is deleted (retention)
  version text not null references public.agreement_versions (version),
  document_sha256 text not null check (document_sha256 ~ '^[0-9a-f]{64}$'),
  signed_at timestamptz not null default now(),
  unique (member_id, version)
);
create index if not exists agreement_signatures_version_idx on public.agreement_signatures (version);

create table if not exists public.document_signatures (
  id uuid primary key default gen_random_uuid(),
  member_id uuid not null,  -- kept when the account is deleted (retention)
  document_id text not null,
  document_sha256 text not null check (document_sha256 ~ '^[0-9a-f]{64}$'),
  signer_email text not null default '',
  signed_at timestamptz not null default now(),
  unique (member_id, document_id)
);

-- The member reads their own; compliance, mfo_admin and the admin flag read every one.
alter table public.agreement_signatures enable row level security;
revoke all on table public.agreement_signatures from public, anon, authenticated, service_role;
grant select on table public.agreement_signatures to authenticated, service_role;
drop policy if exists agreement_signatures_read on public.agreement_signatures;
create policy agreement_signatures_read on public.agreement_signatures
  for select to authenticated
  using (
    member_id = (select auth.uid())
    or (select public.vault_role()) in ('compliance', 'mfo_admin')
    or (select public.vault_is_admin())
  );

alter table public.document_signatures enable row level security;
revoke all on table public.document_signatures from public, anon, authenticated, service_role;
grant select on table public.document_signatures to authenticated, service_role;
drop policy if exists document_signatures_read on public.document_signatures;
create policy document_signatures_read on public.document_signatures
  for select to authenticated
  using (
    member_id = (select auth.uid())
    or (select public.vault_role()) in ('compliance', 'mfo_admin')
    or (select public.vault_is_admin())
  );

create or replace function public.sign_agreement(version text, document_sha256 text)
returns public.agreement_signatures
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  signature public.agreement_signatures;
begin
  if me is null then
    raise exception using errcode = '42501', message = 'not signed in';
  end if;
  if version is null or document_sha256 is null or document_sha256 !~ '^[0-9a-f]{64}$' then
    raise exception using errcode = '22023', message = 'version and document_sha256 (64 lower-case hex digits) are required';
  end if;
  if not exists (
    select 1 from public.agreement_versions a
    where a.current and a.version = sign_agreement.version and a.sha256 = sign_agreement.document_sha256
  ) then
    raise exception using errcode = 'P0001', message = 'this is not the current agreement';
  end if;
  insert into public.agreement_signatures (member_id, version, document_sha256)
  values (me, sign_agreement.version, sign_agreement.document_sha256)
  on conflict on constraint agreement_signatures_member_id_version_key do nothing
  returning * into signature;
  if signature.id is null then
    select * into signature from public.agreement_signatures s
      where s.member_id = me and s.version = sign_agreement.version;
    return signature;
  end if;
  perform public.audit_append(
    'agreement.signed', me, 'agreement', signature.version,
    jsonb_build_object('document_sha256', signature.document_sha256, 'signature_id', signature.id)
  );
  return signature;
end
$$;
revoke execute on function public.sign_agreement(text, text) from public, anon, service_role;
grant execute on function public.sign_agreement(text, text) to authenticated;

-- SHA-256 of a document row's canonical content (see the header).
create or replace function public.document_sha256(doc public.documents)
returns text
language sql
immutable
set search_path = ''
as $$
  select encode(sha256(convert_to(jsonb_build_object(
    'user_id', (doc).user_id, 'id', (doc).id, 'name', (doc).name, 'type', (doc).type, 'date', (doc).date
  )::text, 'UTF8')), 'hex')
$$;
revoke execute on function public.document_sha256(public.documents) from public, anon, authenticated, service_role;

create or replace function public.sign_document(document_id text)
returns public.document_signatures
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  doc public.documents;
  signature public.document_signatures;
begin
  if me is null then
    raise exception using errcode = '42501', message = 'not signed in';
  end if;
  if document_id is null or char_length(document_id) not between 1 and 200 then
    raise exception using errcode = '22023', message = 'document_id is required';
  end if;
  select * into doc from public.documents d where d.user_id = me and d.id = sign_document.document_id for update;
  if not found then
    -- Another member's document answers the same: its existence is not the caller's to learn.
    raise exception using errcode = 'P0001', message = 'no such document';
  end if;
  select * into signature from public.document_signatures s where s.member_id = me and s.document_id = doc.id;
  if found then
    return signature;
  end if;
  if doc.status <> 'Pending' then
    raise exception using errcode = 'P0001', message = 'this document is not awaiting a signature';
  end if;
  insert into public.document_signatures (member_id, document_id, document_sha256, signer_email)
  values (
    me, doc.id, public.document_sha256(doc),
    coalesce((select u.email::text from auth.users u where u.id = me), '')
  )
  returning * into signature;
  update public.documents d set status = 'Signed' where d.user_id = me and d.id = doc.id;
  perform public.audit_append(
    'document.signed', me, 'document', doc.id,
    jsonb_build_object('document_sha256', signature.document_sha256, 'signature_id', signature.id)
  );
  return signature;
end
$$;
revoke execute on function public.sign_document(text) from public, anon, service_role;
grant execute on function public.sign_document(text) to authenticated;
