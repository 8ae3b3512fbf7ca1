import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import {
  AUDIT_GENESIS_HASH,
  auditEventHash,
  auditHashInput,
  type JsonbValue,
  jsonbText,
  sha256Hex,
} from '@vault/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, createCallers } from './actors';
import { seededDb } from './db';

/**
 * The audit hash is defined once, in @vault/domain (auditHash.ts), and the embedded backend
 * chains its events with it: this file proves the domain's functions equal the database's
 * `audit_event_hash` on rows the database wrote, and its SHA-256 equal node's.
 */

let db: PGlite;
let memberId: string;

beforeAll(async () => {
  db = await seededDb();
  memberId = (await createCallers(db)).investorA.id;
});

afterAll(async () => {
  await db?.close();
});

const texts = ['', 'abc', 'a'.repeat(55), 'a'.repeat(56), 'a'.repeat(64), 'é€😀 "quoted" \\ \n\t', 'x'.repeat(1000)];

describe('sha256Hex', () => {
  it.each(texts)('equals node:crypto for %j', (text) => {
    expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
  });
});

describe('jsonbText', () => {
  const values: JsonbValue[] = [
    { b: 1, a: 2, aa: [1, 'x', null, true], zzz: { y: false, x: 'é "q"\n' } },
    { amount_cents: 2000, currency: 'EUR', reason: null },
    {},
    { nested: { deeper: { deepest: [] } }, e: '' },
  ];
  it.each(values)('is Postgres’s jsonb text of %j', async (value) => {
    const { rows } = await db.query<{ text: string }>('select ($1::jsonb)::text as text', [JSON.stringify(value)]);
    expect(jsonbText(value)).toBe(rows[0]?.text);
  });
});

describe('auditEventHash', () => {
  it('equals the hash the database stored on every event it chained', async () => {
    await asOwner(db, async (tx) => {
      const details = [{}, { amount_cents: 2000, currency: 'EUR' }, { reason: 'Blurry "photo"\nagain', n: [1, 2] }];
      for (const [i, d] of details.entries()) {
        await tx.query(`select public.audit_append('kyc.submitted', $1, 'profile', $2, $3::jsonb)`, [
          memberId,
          `subject-${i}`,
          JSON.stringify(d),
        ]);
      }
      // A batch (audit_append_many, as ledger_transfer_batch writes its events): chained in the
      // order given, a personal key by its digest, null details as {}; the check below covers it.
      const { rows: written } = await tx.query<{ id: number }>(
        `select id from public.audit_append_many('kyc.submitted', array[$1::uuid, null, $1::uuid],
           'profile', array['batch-0', 'batch-1', 'batch-2'], array['{}'::jsonb, $2::jsonb, null])`,
        [memberId, JSON.stringify({ reason: 'Blurry "photo"', n: 1 })],
      );
      // The events it answers, in its order (read by a later statement, which sees them).
      const { rows: batch } = await tx.query<{ id: number; subject_id: string; details: object }>(
        `select a.id, a.subject_id, a.details from unnest($1::bigint[]) with ordinality as w (id, n)
           join public.audit_events a on a.id = w.id order by w.n`,
        [written.map((r) => r.id)],
      );
      expect(batch.map((r) => r.subject_id)).toEqual(['batch-0', 'batch-1', 'batch-2']);
      expect(batch.map((r) => Number(r.id) - Number(batch[0]?.id))).toEqual([0, 1, 2]);
      expect(batch.map((r) => r.details)).toEqual([{}, { reason: 'Blurry "photo"', n: 1 }, {}]);
      await tx.query(`select public.audit_append('wallet.created', null, null, null, '{}')`);
      const { rows } = await tx.query<{
        id: number;
        occurred_at: string;
        actor_id: string | null;
        actor_role: string;
        action: string;
        member_id: string | null;
        subject_type: string | null;
        subject_id: string | null;
        details: Record<string, never>;
        hash_version: 1 | 2;
        hashable: Record<string, never>;
        prev_hash: string;
        hash: string;
      }>(
        `select id, to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as occurred_at,
                actor_id, actor_role, action, member_id, subject_type, subject_id, details, hash_version,
                case when hash_version = 2 then public.audit_hashable_details(details, erased) else details end as hashable,
                prev_hash, hash
           from public.audit_events order by id`,
      );
      expect(rows.length).toBeGreaterThanOrEqual(details.length + batch.length + 1);
      let prev = AUDIT_GENESIS_HASH;
      for (const row of rows) {
        const fields = {
          id: Number(row.id),
          occurredAt: row.occurred_at,
          actorId: row.actor_id,
          actorRole: row.actor_role,
          action: row.action,
          memberId: row.member_id,
          subjectType: row.subject_type,
          subjectId: row.subject_id,
          details: row.details,
          hashVersion: row.hash_version,
        };
        expect(row.prev_hash).toBe(prev);
        const { rows: sql } = await tx.query<{ input: string }>(
          `select $1 || jsonb_build_object('id', $2::bigint, 'occurred_at', $3::text, 'actor_id', $4::uuid,
             'actor_role', $5::text, 'action', $6::text, 'member_id', $7::uuid, 'subject_type', $8::text,
             'subject_id', $9::text, 'details', $10::jsonb)::text as input`,
          [
            prev,
            fields.id,
            fields.occurredAt,
            fields.actorId,
            fields.actorRole,
            fields.action,
            fields.memberId,
            fields.subjectType,
            fields.subjectId,
            JSON.stringify(row.hashable),
          ],
        );
        expect(auditHashInput(prev, fields)).toBe(sql[0]?.input);
        expect(auditEventHash(prev, fields)).toBe(row.hash);
        prev = row.hash;
      }
    });
  });

  it('changes when any hashed field changes', () => {
    const base = {
      id: 1,
      occurredAt: '2026-01-02T03:04:05.123Z',
      actorId: null,
      actorRole: 'system',
      action: 'wallet.created',
      memberId: null,
      subjectType: null,
      subjectId: null,
      details: {},
    };
    const hash = auditEventHash(AUDIT_GENESIS_HASH, base);
    expect(auditEventHash(AUDIT_GENESIS_HASH, { ...base, id: 2 })).not.toBe(hash);
    expect(auditEventHash(AUDIT_GENESIS_HASH, { ...base, details: { a: 1 } })).not.toBe(hash);
    expect(auditEventHash('1'.repeat(64), base)).not.toBe(hash);
    expect(auditEventHash(AUDIT_GENESIS_HASH, { ...base, occurredAt: '2026-01-02T03:04:05.123000+00:00' })).toBe(hash);
  });
});
