import {
  AUDIT_GENESIS_HASH,
  type AuditAction,
  actionErrors,
  auditEventHash,
  type JsonbValue,
  type Reader,
  readScope,
} from '@vault/domain';
import { mockDb, type ServerRow } from '../state';
import type { ActionCaller, MockActions } from './types';

/**
 * The embedded backend's audit trail: the same rows as `public.audit_events`, chained with the
 * domain's `auditEventHash` (the hash the SQL computes, proven equal in
 * supabase/tests/audit-hash.test.ts). Append-only: nothing here updates or deletes an event.
 */

export const AUDIT_TABLE = 'audit_events';

/** Who the trail records as acting, as `audit_actor_role()` decides it. */
function actorOf(caller: ActionCaller): { actorId: string | null; actorRole: string } {
  if (caller.kind === 'service') return { actorId: null, actorRole: 'service_role' };
  if (caller.kind === 'member') {
    return { actorId: caller.id, actorRole: caller.reader.isAdmin ? 'admin' : caller.reader.role };
  }
  return { actorId: null, actorRole: 'system' };
}

export interface AuditInput {
  action: AuditAction;
  memberId: string | null;
  subjectType: string | null;
  subjectId: string | null;
  details?: { readonly [key: string]: JsonbValue };
}

/** Appends one event, chained to the last, in one write (as `audit_append` under its lock). */
export function appendAudit(caller: ActionCaller, input: AuditInput): ServerRow {
  const { actorId, actorRole } = actorOf(caller);
  return mockDb.withServerRows(AUDIT_TABLE, (rows) => {
    const last = rows.at(-1);
    const fields = {
      id: typeof last?.id === 'number' ? last.id + 1 : 1,
      occurredAt: new Date().toISOString(),
      actorId,
      actorRole,
      action: input.action,
      memberId: input.memberId,
      subjectType: input.subjectType,
      subjectId: input.subjectId,
      details: input.details ?? {},
    };
    const prevHash = typeof last?.hash === 'string' ? last.hash : AUDIT_GENESIS_HASH;
    const row: ServerRow = {
      id: fields.id,
      occurred_at: fields.occurredAt,
      actor_id: actorId,
      actor_role: actorRole,
      action: fields.action,
      member_id: fields.memberId,
      subject_type: fields.subjectType,
      subject_id: fields.subjectId,
      details: fields.details,
      prev_hash: prevHash,
      hash: auditEventHash(prevHash, fields),
    };
    rows.push(row);
    return { ...row };
  });
}

/** The id of the first event whose hash does not hold, or null (`audit_verify()`). */
function verifyAuditChain(): number | null {
  let prev = AUDIT_GENESIS_HASH;
  for (const row of mockDb.serverRows(AUDIT_TABLE)) {
    const hash = auditEventHash(prev, {
      id: Number(row.id),
      occurredAt: String(row.occurred_at),
      actorId: (row.actor_id as string | null) ?? null,
      actorRole: String(row.actor_role),
      action: String(row.action),
      memberId: (row.member_id as string | null) ?? null,
      subjectType: (row.subject_type as string | null) ?? null,
      subjectId: (row.subject_id as string | null) ?? null,
      details: (row.details as { [key: string]: JsonbValue }) ?? {},
    });
    if (row.prev_hash !== prev || row.hash !== hash) return Number(row.id);
    prev = hash;
  }
  return null;
}

/** Who reads (and verifies) the whole trail: the contract's readers of every audit_events row. */
function readsWholeTrail(reader: Reader): boolean {
  return readScope('audit_events', reader) === 'all';
}

export const auditActions: MockActions = {
  audit_verify: (caller) => {
    if (caller.kind === 'anon') return { ok: false, error: actionErrors.functionDenied('audit_verify') };
    if (caller.kind === 'member' && !readsWholeTrail(caller.reader)) {
      return { ok: false, error: actionErrors.auditVerifyDenied };
    }
    return { ok: true, value: verifyAuditChain() };
  },
};
