import { AuditEventRowSchema, reportColumns } from '@vault/domain';
import { toCsv } from '@vault/ui';
import { useEffect, useState } from 'react';
import * as v from 'valibot';
import type { CallResult } from '../../backend/callResult';
import { useSessionStore } from '../../session/context';
import type { SessionStore } from '../../session/store';
import { callForOperator, dayAfter, dayStart, type PagedList, useOperatorCall, usePagedList } from './pagedCall';

export type AuditEvent = v.InferOutput<typeof AuditEventRowSchema>;

/** The filters of /audit, sent to `list_audit_events` as they are (the server filters). */
export interface AuditFilters {
  memberId: string;
  action: string;
  /** ISO dates (yyyy-mm-dd), inclusive: the range runs from the first day's start to the last day's end. */
  from: string;
  to: string;
}

export const noAuditFilters: AuditFilters = { memberId: '', action: '', from: '', to: '' };

const AUDIT_PAGE_SIZE = 50;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The largest page the server gives (consolePage.maxSize): an export reads the filter in these. */
const AUDIT_EXPORT_PAGE_SIZE = 200;

/** The arguments of `list_audit_events` for these filters. */
function auditArgs(filters: AuditFilters, beforeId: number | string | null, pageSize: number) {
  return {
    member_id: filters.memberId.trim() || null,
    action: filters.action || null,
    from_at: dayStart(filters.from),
    to_at: dayAfter(filters.to),
    before_id: beforeId,
    page_size: pageSize,
  };
}

function parseEvents(value: unknown): CallResult<{ rows: readonly AuditEvent[] }> {
  const parsed = v.safeParse(v.array(AuditEventRowSchema), value ?? []);
  return parsed.success
    ? { ok: true, rows: parsed.output }
    : { ok: false, error: 'The audit trail answered rows this screen cannot read' };
}

/** One page of the trail, newest first, the events before `before` (null: the newest). */
async function readAuditPage(
  store: SessionStore,
  filters: AuditFilters,
  before: AuditEvent | null,
  pageSize = AUDIT_PAGE_SIZE,
): Promise<CallResult<{ rows: readonly AuditEvent[] }>> {
  const memberId = filters.memberId.trim();
  if (memberId && !uuidPattern.test(memberId)) {
    return { ok: false, error: 'A member id is a UUID, e.g. 3f0c…-…: type the whole id', code: '22023' };
  }
  const answer = await callForOperator(store, 'list_audit_events', auditArgs(filters, before?.id ?? null, pageSize));
  return answer.ok ? parseEvents(answer.value) : answer;
}

/** /audit's list: the filtered trail, newest first, paged on the server. */
export function useAuditEvents(filters: AuditFilters): PagedList<AuditEvent> {
  return usePagedList(JSON.stringify(filters), AUDIT_PAGE_SIZE, (store, after) => readAuditPage(store, filters, after));
}

/** The compliance dashboard's recent activity: the newest events of the real trail. */
export function useRecentAuditEvents(count: number): PagedList<AuditEvent> {
  return usePagedList(`recent:${count}`, count, (store, after) => readAuditPage(store, noAuditFilters, after, count));
}

const timeText = (value: string | Date) => (value instanceof Date ? value.toISOString() : value);

/**
 * Every event of the filter as CSV (the audit_events report's columns, ISO times), read page by
 * page from the server so the file holds the whole filter, not only the rows on screen.
 */
async function exportAuditCsv(store: SessionStore, filters: AuditFilters): Promise<CallResult<{ csv: string }>> {
  const events: AuditEvent[] = [];
  let before: AuditEvent | null = null;
  for (;;) {
    const page = await readAuditPage(store, filters, before, AUDIT_EXPORT_PAGE_SIZE);
    if (!page.ok) return page;
    events.push(...page.rows);
    if (page.rows.length < AUDIT_EXPORT_PAGE_SIZE) break;
    before = page.rows.at(-1) ?? null;
  }
  const csv = toCsv(
    [...reportColumns.audit_events],
    events.map((e) => [
      String(e.id),
      timeText(e.occurred_at),
      e.actor_id,
      e.actor_role,
      e.action,
      e.member_id,
      e.subject_type,
      e.subject_id,
      JSON.stringify(e.details),
      e.hash,
    ]),
  );
  return { ok: true, csv };
}

/** `audit_verify()`: null when the whole chain holds, else the id of the first broken event. */
async function verifyAuditTrail(store: SessionStore): Promise<CallResult<{ brokenId: string | null }>> {
  const answer = await callForOperator(store, 'audit_verify', {});
  if (!answer.ok) return answer;
  const value = answer.value;
  if (value === null || value === undefined) return { ok: true, brokenId: null };
  if (typeof value === 'number' || typeof value === 'string') return { ok: true, brokenId: String(value) };
  return { ok: false, error: 'The integrity check answered something unexpected' };
}

export const useExportAuditCsv = () => useOperatorCall(exportAuditCsv);
export const useVerifyAuditTrail = () => useOperatorCall(verifyAuditTrail);

const AuditNamesSchema = v.array(v.object({ id: v.string(), name: v.string() }));

/**
 * The names of the actors and members of the events shown (`audit_names`), by id; an id the
 * server does not name (a deleted account) is absent, and the console shows the id.
 */
export function useAuditNames(events: readonly AuditEvent[]): ReadonlyMap<string, string> {
  const store = useSessionStore();
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  const ids = [...new Set(events.flatMap((e) => [e.actor_id, e.member_id]).filter((id): id is string => !!id))]
    .sort()
    .slice(0, 200);
  const key = ids.join(',');
  useEffect(() => {
    if (key === '') return;
    let live = true;
    void callForOperator(store, 'audit_names', { ids: key.split(',') }).then((answer) => {
      if (!live || !answer.ok) return;
      const parsed = v.safeParse(AuditNamesSchema, answer.value);
      if (parsed.success) setNames(new Map(parsed.output.map((row) => [row.id, row.name])));
    });
    return () => {
      live = false;
    };
  }, [store, key]);
  return names;
}
