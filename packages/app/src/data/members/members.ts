import { listMembers, type MemberReadiness, PlatformUserSchema, type Role } from '@vault/domain';
import * as v from 'valibot';
import type { CallResult } from '../../backend/callResult';
import type { SessionStore } from '../../session/store';
import { callForOperator, type PagedList, usePagedList } from '../audit/pagedCall';

export type Member = v.InferOutput<typeof PlatformUserSchema>;

/** The filters of /users, sent to `list_members` as they are (the server filters and pages). */
export interface MemberFilters {
  search: string;
  role: Role | '';
  /** Where members stand on the readiness gate (`memberReadinessValues`); '' for all. */
  readiness: MemberReadiness | '';
}

export const noMemberFilters: MemberFilters = { search: '', role: '', readiness: '' };

const MEMBERS_PAGE_SIZE = listMembers.defaultPageSize;

/** One page of `list_members` (ordered by id), after the member `after` (null: the first page). */
async function readMembersPage(
  store: SessionStore,
  filters: MemberFilters,
  after: Member | null,
  pageSize: number,
): Promise<CallResult<{ rows: readonly Member[] }>> {
  const answer = await callForOperator(store, listMembers.name, {
    search: filters.search.trim() || null,
    role: filters.role || null,
    readiness: filters.readiness || null,
    after: after?.id ?? null,
    page_size: pageSize,
  });
  if (!answer.ok) return answer;
  const parsed = v.safeParse(v.array(PlatformUserSchema), answer.value ?? []);
  return parsed.success
    ? { ok: true, rows: parsed.output }
    : { ok: false, error: 'The member list answered rows this screen cannot read' };
}

/** /users' list: the filtered members, paged on the server by keyset. */
export function useMembers(filters: MemberFilters, version = 0): PagedList<Member> {
  return usePagedList(`${JSON.stringify(filters)}#${version}`, MEMBERS_PAGE_SIZE, (store, after) =>
    readMembersPage(store, filters, after, MEMBERS_PAGE_SIZE),
  );
}

/**
 * The mfo_admin dashboard's member count: one largest page of `list_members`. A full page means
 * there are more (the function pages and does not count), so the card says "200+".
 */
export function useMemberCountPage(): PagedList<Member> {
  return usePagedList('member-count', listMembers.maxPageSize, (store, after) =>
    readMembersPage(store, noMemberFilters, after, listMembers.maxPageSize),
  );
}
