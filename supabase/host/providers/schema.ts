/**
 * The host's own tables for the embedded providers (the payment sessions, each member's next
 * outcome), created on first use.
 */
import type { PGliteInterface } from '@electric-sql/pglite';

export const SESSIONS_TABLE = 'embedded_providers.payment_sessions';
export const NEXT_TABLE = 'embedded_providers.next_outcomes';

/**
 * The host's own schema, beside the project's: no role of the API is granted it, so only the host
 * reads and writes it; kept in the database so a reload or another tab finds what it holds.
 */
export function providersSchema(db: PGliteInterface): () => Promise<void> {
  let ready: Promise<void> | null = null;
  return () => {
    ready ??= db
      .exec(`create schema if not exists embedded_providers;
        revoke all on schema embedded_providers from public;
        create table if not exists ${SESSIONS_TABLE} (
          id text primary key,
          payment_intent text not null unique,
          member_id uuid not null,
          amount_cents bigint not null,
          currency text not null,
          created_at timestamptz not null default now()
        );
        create table if not exists ${NEXT_TABLE} (
          member_id uuid not null,
          provider text not null check (provider in ('kyc', 'payments')),
          outcome text not null,
          primary key (member_id, provider)
        );`)
      .then(() => undefined);
    return ready;
  };
}
